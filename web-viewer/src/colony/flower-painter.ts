// A flower on the meadow seen from above (SPEC §3, §4): five pale petals around a golden heart,
// turned by its id so no two look alike, and a ring gauge of the nectar it has left. The petals
// lose their colour as the nectar runs out. A group flashing in sync gets its soft highlight
// from the light layer (colony-light.ts), not here.
import { fillDisc } from "../render/canvas-2d";
import type { FlowerView } from "./colony-snapshot";
import { paintGauge } from "./gauge";

/** World units: petal length, and the nectar ring's radius. */
export const FLOWER_RADIUS = 11;
export const NECTAR_RING_RADIUS = 18;
/** Never smaller than this on screen (CSS px), so a flower stays visible zoomed out. */
const MIN_RADIUS_PX = 5;
const PETALS = 5;
/** r, g, b of a full flower's petals and of an empty one's. */
const PETAL_FULL: readonly [number, number, number] = [246, 214, 228];
const PETAL_EMPTY: readonly [number, number, number] = [120, 112, 118];
const NECTAR_GOLD = "255, 214, 120";

/** `scale`: device pixels per world unit. (x, y) in device pixels. */
export function paintFlower(ctx: CanvasRenderingContext2D, x: number, y: number, scale: number, dpr: number, flower: FlowerView): void {
  const r = Math.max(FLOWER_RADIUS * scale, MIN_RADIUS_PX * dpr);
  const turn = ((flower.id * 0.618034) % 1) * ((Math.PI * 2) / PETALS);
  const n = flower.nectar;
  const [pr, pg, pb] = PETAL_FULL.map((c, i) => Math.round((PETAL_EMPTY[i] ?? c) + (c - (PETAL_EMPTY[i] ?? c)) * n));
  ctx.fillStyle = `rgba(${pr}, ${pg}, ${pb}, 0.92)`;
  for (let i = 0; i < PETALS; i++) {
    const a = turn + (i / PETALS) * Math.PI * 2;
    ctx.beginPath();
    ctx.ellipse(x + Math.cos(a) * r * 0.5, y + Math.sin(a) * r * 0.5, r * 0.5, r * 0.3, a, 0, Math.PI * 2);
    ctx.fill();
  }
  fillDisc(ctx, x, y, r * 0.28, `rgba(${NECTAR_GOLD}, ${(0.55 + 0.45 * n).toFixed(3)})`);
  const gauge = Math.max(NECTAR_RING_RADIUS * scale, r * 1.5);
  paintGauge(ctx, x, y, gauge, Math.max(2 * dpr, r * 0.16), n, NECTAR_GOLD);
}
