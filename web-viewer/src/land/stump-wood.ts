// The land's hollow stump seen from above (docs/rules.md "The land · The ground"): a ring of rough
// bark, the cut wood with its growth rings, lit by the moon from the top right, and the dark hollow
// in the middle. The ground paints it on every screen; a world that lives in it draws over it.
import { fillDisc } from "../render/canvas-2d";
import { hash2, seededRandom } from "../util/hash-random";

/** The hollow's and the bark's share of the stump's radius. */
export const STUMP_HOLLOW = 0.42;
const BARK = 0.16;
const HOLLOW = STUMP_HOLLOW;
/** Bumps around the bark's edge, and how far (of the radius) they stick out. */
const BARK_BUMPS = 36;
const BARK_ROUGHNESS = 0.05;
const GROWTH_RINGS = 5;
/** The stump's own seed: the same stump on every screen. */
const STUMP_SEED = hash2(0x57, 0x04);

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
