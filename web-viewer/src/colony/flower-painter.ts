// A flower on the meadow seen from above (docs/rules.md "The flowers"), drawn from its look
// (flower-look.ts): a shoot's two leaves and bright tip, a bud's closed head between its leaves, or
// the bloom's five petals around a golden heart, turned by its id so no two look alike. The head
// sits where the breeze and its drooping put it, tied to its root by a short stem; the ring gauge
// of the nectar it has left stays round the root. A group flashing in sync gets its soft highlight
// from the light layer (colony-light.ts), not here.
import { fillDisc } from "../render/canvas-2d";
import { cssRgb } from "../render/css-color";
import { paintGauge } from "./gauge";
import { FLOWER_RADIUS, type FlowerLook } from "./flower-look";

/** World units: the nectar ring's radius. */
export const NECTAR_RING_RADIUS = 18;
/** A bloom is never smaller than this on screen (CSS px), so it stays visible zoomed out. */
const MIN_RADIUS_PX = 5;
const PETALS = 5;
const NECTAR_GOLD = "255, 214, 120";
const HEART_GOLD = "rgb(255, 214, 120)";
const LEAF_GREEN = "rgb(70, 150, 66)";
const STEM = "rgb(86, 120, 60)";
const TIP = "rgb(196, 242, 150)";
/** The head is drawn off its root (stem and all) once it is this far (device px). */
const STEM_FROM_PX = 1.5;

/**
 * (x, y): the root, (hx, hy): the head, both in device pixels; `scale`: device pixels per world
 * unit; `nectar` 0 … 1 for the ring.
 */
export function paintFlower(ctx: CanvasRenderingContext2D, x: number, y: number, hx: number, hy: number, scale: number, dpr: number, id: number, nectar: number, look: FlowerLook): void {
  // Sizes keep their proportions to a bloom when a bloom is held at its smallest on screen.
  const bloomR = Math.max(FLOWER_RADIUS * scale, MIN_RADIUS_PX * dpr);
  const r = (look.size / FLOWER_RADIUS) * bloomR;
  const turn = ((id * 0.618034) % 1) * ((Math.PI * 2) / PETALS);
  if (Math.hypot(hx - x, hy - y) > STEM_FROM_PX) {
    ctx.lineWidth = Math.max(1, r * 0.12);
    ctx.lineCap = "round";
    ctx.strokeStyle = STEM;
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(hx, hy);
    ctx.stroke();
  }
  const [cr, cg, cb] = look.color;
  if (look.form !== "petals") {
    paintLeaves(ctx, hx, hy, r, turn, look.form === "sprout" ? cssRgb(cr, cg, cb) : LEAF_GREEN);
    if (look.form === "sprout") fillDisc(ctx, hx, hy, r * 0.2, TIP);
    else {
      ctx.fillStyle = cssRgb(cr, cg, cb);
      ctx.beginPath();
      ctx.ellipse(hx, hy, r * 0.5, r * 0.34, turn + Math.PI / 2, 0, Math.PI * 2);
      ctx.fill();
    }
    return;
  }
  ctx.globalAlpha = look.alpha;
  ctx.fillStyle = cssRgb(cr, cg, cb);
  for (let i = 0; i < PETALS; i++) {
    const a = turn + (i / PETALS) * Math.PI * 2;
    ctx.beginPath();
    ctx.ellipse(hx + Math.cos(a) * r * 0.5, hy + Math.sin(a) * r * 0.5, r * 0.5, r * 0.3, a, 0, Math.PI * 2);
    ctx.fill();
  }
  if (look.heart > 0) {
    ctx.globalAlpha = look.heart;
    fillDisc(ctx, hx, hy, r * 0.28, HEART_GOLD);
  }
  ctx.globalAlpha = 1;
  if (look.gauge) paintGauge(ctx, x, y, Math.max(NECTAR_RING_RADIUS * scale, bloomR * 1.5), Math.max(2 * dpr, bloomR * 0.16), nectar, NECTAR_GOLD);
}

/** Two leaves either side of the centre, across the flower's turn. */
function paintLeaves(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, turn: number, color: string): void {
  ctx.fillStyle = color;
  for (let i = 0; i < 2; i++) {
    const a = turn + i * Math.PI;
    ctx.beginPath();
    ctx.ellipse(x + Math.cos(a) * r * 0.32, y + Math.sin(a) * r * 0.32, r * 0.4, r * 0.2, a, 0, Math.PI * 2);
    ctx.fill();
  }
}
