// The night meadow under the light, painted once per world size into a cached canvas (never
// every frame; ground-layer.ts places it under the camera). This is the first cut: a dark
// green-blue ground with soft patches and grass specks, moonlight from the top right and
// darker edges. The full ground (tufts, clover, pond, stump)
// is a later issue and replaces this module.
import { hash2, seededRandom } from "../util/hash-random";
import type { WorldRect } from "./viewport";

/** Ground is grown in tiles of this many world units, each from a seed of its position. */
const TILE_W = 400;
const TILE_H = 300;
const PATCHES_PER_TILE = 5;
const SPECKS_PER_TILE = 140;

/** Below this many device pixels per world unit, grass specks would be sub-pixel noise. */
const SPECK_MIN_SCALE = 0.3;

/**
 * Paints the ground of `world` into `ctx`, whose transform already maps world units to its
 * pixels at `pixelsPerUnit`. Everything is seeded by tile position: the same land looks the
 * same on every screen and after the world grows or shrinks.
 */
export function paintGround(ctx: CanvasRenderingContext2D, world: WorldRect, pixelsPerUnit: number): void {
  ctx.save();
  ctx.beginPath();
  ctx.rect(world.x, world.y, world.width, world.height);
  ctx.clip();
  paintBase(ctx, world);
  forEachTile(world, (tx, ty, random) => paintPatches(ctx, tx, ty, random));
  if (pixelsPerUnit >= SPECK_MIN_SCALE) forEachTile(world, (tx, ty, random) => paintSpecks(ctx, tx, ty, random));
  paintMoonlight(ctx, world);
  paintEdges(ctx, world);
  ctx.restore();
}

function paintBase(ctx: CanvasRenderingContext2D, w: WorldRect): void {
  const g = ctx.createLinearGradient(w.x + w.width, w.y, w.x, w.y + w.height);
  g.addColorStop(0, "#12292a");
  g.addColorStop(0.5, "#0c1f1f");
  g.addColorStop(1, "#081516");
  ctx.fillStyle = g;
  ctx.fillRect(w.x, w.y, w.width, w.height);
}

function forEachTile(w: WorldRect, paint: (x: number, y: number, random: () => number) => void): void {
  const i0 = Math.floor(w.x / TILE_W);
  const j0 = Math.floor(w.y / TILE_H);
  const i1 = Math.ceil((w.x + w.width) / TILE_W);
  const j1 = Math.ceil((w.y + w.height) / TILE_H);
  for (let j = j0; j < j1; j++) {
    for (let i = i0; i < i1; i++) paint(i * TILE_W, j * TILE_H, seededRandom(hash2(i, j)));
  }
}

/** Soft blobs of lighter and darker grass, overlapping tile borders so no seams show. */
function paintPatches(ctx: CanvasRenderingContext2D, tx: number, ty: number, random: () => number): void {
  for (let n = 0; n < PATCHES_PER_TILE; n++) {
    const x = tx + random() * TILE_W;
    const y = ty + random() * TILE_H;
    const r = 70 + random() * 170;
    const light = random() < 0.55;
    const a = 0.08 + random() * 0.12;
    const g = ctx.createRadialGradient(x, y, 0, x, y, r);
    g.addColorStop(0, light ? `rgba(58, 110, 78, ${a})` : `rgba(0, 6, 10, ${a * 1.6})`);
    g.addColorStop(1, "rgba(0, 0, 0, 0)");
    ctx.fillStyle = g;
    ctx.fillRect(x - r, y - r, 2 * r, 2 * r);
  }
}

/** Short faint strokes, the texture of grass seen from above at night. */
function paintSpecks(ctx: CanvasRenderingContext2D, tx: number, ty: number, random: () => number): void {
  ctx.lineCap = "round";
  ctx.lineWidth = 1.4;
  for (let n = 0; n < SPECKS_PER_TILE; n++) {
    const x = tx + random() * TILE_W;
    const y = ty + random() * TILE_H;
    const len = 2 + random() * 5;
    const angle = -Math.PI / 2 + (random() - 0.5) * 1.2;
    const green = 70 + Math.floor(random() * 60);
    ctx.strokeStyle = `rgba(${Math.floor(green * 0.45)}, ${green}, ${Math.floor(green * 0.75)}, ${0.15 + random() * 0.2})`;
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + Math.cos(angle) * len, y + Math.sin(angle) * len);
    ctx.stroke();
  }
}

function paintMoonlight(ctx: CanvasRenderingContext2D, w: WorldRect): void {
  const r = Math.max(w.width, w.height);
  const g = ctx.createRadialGradient(w.x + w.width, w.y, 0, w.x + w.width, w.y, r);
  g.addColorStop(0, "rgba(120, 150, 190, 0.10)");
  g.addColorStop(1, "rgba(120, 150, 190, 0)");
  ctx.fillStyle = g;
  ctx.fillRect(w.x, w.y, w.width, w.height);
}

function paintEdges(ctx: CanvasRenderingContext2D, w: WorldRect): void {
  const cx = w.x + w.width / 2;
  const cy = w.y + w.height / 2;
  const inner = Math.min(w.width, w.height) * 0.35;
  const outer = Math.hypot(w.width, w.height) / 2;
  const g = ctx.createRadialGradient(cx, cy, inner, cx, cy, outer);
  g.addColorStop(0, "rgba(0, 0, 0, 0)");
  g.addColorStop(1, "rgba(0, 0, 0, 0.5)");
  ctx.fillStyle = g;
  ctx.fillRect(w.x, w.y, w.width, w.height);
}
