// The hollow stump seen from above (docs/rules.md "The land · The ground"), home of the colony: a
// ring of rough bark, the cut wood with its growth rings, lit by the moon from the top right, and
// the dark hollow in the middle. The wood is drawn once per size into a cached canvas; what
// changes, the store, is drawn over it every frame: a ring around the stump filled clockwise from
// the top as far as the store is full, and a warm shine of nectar in the hollow.
import { fillDisc } from "../render/canvas-2d";
import { hash2, seededRandom } from "../util/hash-random";
import { paintGauge } from "./gauge";

/** Fractions of the stump's radius. */
const HOLLOW = 0.42;
const BARK = 0.16;
const GAUGE = 1.16;
/** Bumps around the bark's edge, and how far (of the radius) they stick out. */
const BARK_BUMPS = 36;
const BARK_ROUGHNESS = 0.05;
const GROWTH_RINGS = 5;
/** Room around the stump in its cached canvas, for the shadow (of the radius). */
const MARGIN = 0.45;
/** The stump's own seed: the same stump on every screen. */
const STUMP_SEED = hash2(0x57, 0x04);

/** The store's colour (r, g, b for rgba()). */
const STORE_AMBER = "255, 196, 92";

export class StumpPainter {
  private readonly cache: HTMLCanvasElement;
  private cachedRadius = 0;

  constructor(doc: Document) {
    this.cache = doc.createElement("canvas");
  }

  /** Paints at (x, y), radius r, all in device pixels; `store` 0 … 1. */
  paint(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, store: number): void {
    if (!(r > 1)) return;
    const wood = this.wood(r);
    const half = wood.width / 2;
    ctx.drawImage(wood, x - half, y - half);
    paintNectar(ctx, x, y, r * HOLLOW, store);
    paintGauge(ctx, x, y, r * GAUGE, Math.max(2, r * 0.07), store, STORE_AMBER);
  }

  private wood(r: number): HTMLCanvasElement {
    const rounded = Math.max(2, Math.round(r));
    if (rounded === this.cachedRadius) return this.cache;
    this.cachedRadius = rounded;
    const side = Math.ceil(2 * rounded * (1 + MARGIN));
    this.cache.width = this.cache.height = side;
    const ctx = this.cache.getContext("2d");
    if (ctx) paintStumpWood(ctx, side / 2, side / 2, rounded);
    return this.cache;
  }
}

/** The stump's wood, bark and hollow (no store) at (x, y), radius r, in the context's units. */
export function paintStumpWood(ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D, x: number, y: number, r: number): void {
  const random = seededRandom(STUMP_SEED);
  // Shadow to the bottom left: the moon is at the top right.
  const sx = x - r * 0.18;
  const sy = y + r * 0.18;
  const shadow = ctx.createRadialGradient(sx, sy, r * 0.7, sx, sy, r * 1.4);
  shadow.addColorStop(0, "rgba(0, 0, 0, 0.6)");
  shadow.addColorStop(1, "rgba(0, 0, 0, 0)");
  fillDisc(ctx, sx, sy, r * 1.4, shadow);

  // Bark: an uneven dark ring.
  ctx.beginPath();
  for (let i = 0; i <= BARK_BUMPS; i++) {
    const a = (i / BARK_BUMPS) * Math.PI * 2;
    const rr = r * (1 + BARK_ROUGHNESS * (random() * 2 - 1));
    if (i === 0) ctx.moveTo(x + rr, y);
    else ctx.lineTo(x + Math.cos(a) * rr, y + Math.sin(a) * rr);
  }
  ctx.closePath();
  ctx.fillStyle = "#2e2117";
  ctx.fill();

  // The cut wood, paler towards the moon.
  const inner = r * (1 - BARK);
  const wood = ctx.createRadialGradient(x + inner * 0.4, y - inner * 0.4, inner * 0.1, x, y, inner);
  wood.addColorStop(0, "#8d7252");
  wood.addColorStop(0.7, "#6a5239");
  wood.addColorStop(1, "#4d3a28");
  fillDisc(ctx, x, y, inner, wood);

  // Growth rings between the bark and the hollow, each a little off-round.
  ctx.lineWidth = Math.max(0.6, r * 0.018);
  for (let i = 1; i <= GROWTH_RINGS; i++) {
    const rr = r * HOLLOW + ((inner - r * HOLLOW) * i) / (GROWTH_RINGS + 1);
    ctx.strokeStyle = `rgba(40, 26, 16, ${0.25 + 0.2 * random()})`;
    ctx.beginPath();
    ctx.ellipse(x, y, rr * (1 + 0.03 * random()), rr * (1 - 0.03 * random()), random() * Math.PI, 0, Math.PI * 2);
    ctx.stroke();
  }

  // The hollow: dark, deepest off-centre away from the moon.
  const h = r * HOLLOW;
  const hollow = ctx.createRadialGradient(x - h * 0.2, y + h * 0.2, 0, x, y, h);
  hollow.addColorStop(0, "#050302");
  hollow.addColorStop(0.75, "#120b07");
  hollow.addColorStop(1, "#2a1c12");
  fillDisc(ctx, x, y, h, hollow);

  // Moonlight on the rim, top right.
  ctx.lineWidth = Math.max(1, r * 0.035);
  ctx.strokeStyle = "rgba(200, 210, 230, 0.18)";
  ctx.beginPath();
  ctx.arc(x, y, r * 0.97, -Math.PI * 0.5, 0);
  ctx.stroke();
}

/** Nectar in the hollow: a warm shine, stronger and wider the fuller the store. */
function paintNectar(ctx: CanvasRenderingContext2D, x: number, y: number, h: number, store: number): void {
  if (!(store > 0)) return;
  const r = h * (0.35 + 0.6 * Math.sqrt(store));
  const g = ctx.createRadialGradient(x, y, 0, x, y, r);
  g.addColorStop(0, `rgba(${STORE_AMBER}, ${(0.25 + 0.45 * store).toFixed(3)})`);
  g.addColorStop(1, `rgba(${STORE_AMBER}, 0)`);
  fillDisc(ctx, x, y, r, g);
}
