// Paints one tile of the ground (ground-tiles.ts, land-features.ts) into a context whose
// transform maps world units to its pixels. Each tile is clipped to its own rectangle and paints
// what reaches into it from its neighbours too, always in the same order (patches, water, clover,
// tufts, the stump), so tiles painted at different times, in any order, join without a seam.
import { paintStumpWood } from "./stump-wood";
import { inPond, overlaps, pondsNear, stumpOf, type LilyPad, type Pond } from "./land-features";
import type { GroundColors, Rgb255 } from "../render/palettes";
import { css } from "../render/palettes";
import { TILE_REACH, tileFeatures, tileRect, type TileFeatures } from "./ground-tiles";
import type { WorldRect } from "../render/viewport";

/** A 2D context on the page or in a worker (OffscreenCanvas): the painting is the same. */
export type Paint2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** Below this many device pixels per world unit, tufts and clover would be sub-pixel noise. */
const DETAIL_MIN_SCALE = 0.3;
/** How far a tuft or a clover clump reaches from its point, world units (blade ≤ 11, clump ≤ 16 + a leaf). */
const SMALL_REACH = 22;
/** Shades of tuft blades, batched into one stroke each (fewer canvas calls). */
const TUFT_SHADES = 4;
/** Blade stroke width, world units. */
const BLADE_WIDTH = 1.1;
/** Tile features kept for neighbours' reuse; cleared beyond this many tiles. */
const FEATURE_CACHE = 400;

export class TilePainter {
  private readonly features = new Map<string, TileFeatures>();

  constructor(private readonly meadow: WorldRect) {}

  /** Paints tile (i, j); `pixelsPerUnit` decides whether the small things are worth drawing. */
  paint(ctx: Paint2D, i: number, j: number, colors: GroundColors, pixelsPerUnit: number): void {
    const rect = tileRect(i, j, this.meadow);
    const near: TileFeatures[] = [];
    for (let dj = -1; dj <= 1; dj++) for (let di = -1; di <= 1; di++) near.push(this.tile(i + di, j + dj));
    ctx.save();
    ctx.beginPath();
    ctx.rect(rect.x, rect.y, rect.width, rect.height);
    ctx.clip();
    ctx.fillStyle = css(colors.base);
    ctx.fillRect(rect.x, rect.y, rect.width, rect.height);
    const patchArea = grow(rect, TILE_REACH);
    for (const t of near) for (const p of t.patches) if (overlaps(around(p.x, p.y, p.r), patchArea)) paintPatch(ctx, p.x, p.y, p.r, p.light ? colors.patchLight : colors.patchDark, p.light ? 0.08 + 0.12 * p.strength : 0.13 + 0.19 * p.strength);
    const ponds = pondsNear(rect, this.meadow);
    for (const pond of ponds) paintPond(ctx, pond, colors);
    if (pixelsPerUnit >= DETAIL_MIN_SCALE) {
      const area = grow(rect, SMALL_REACH);
      paintClover(ctx, near, area, ponds, colors.clover);
      paintTufts(ctx, near, area, ponds, colors);
    }
    const stump = stumpOf(this.meadow);
    if (overlaps(around(stump.x, stump.y, stump.r * 1.5), rect)) paintStumpWood(ctx, stump.x, stump.y, stump.r);
    ctx.restore();
  }

  private tile(i: number, j: number): TileFeatures {
    const key = `${i},${j}`;
    const known = this.features.get(key);
    if (known) return known;
    if (this.features.size >= FEATURE_CACHE) this.features.clear();
    const made = tileFeatures(i, j, this.meadow);
    this.features.set(key, made);
    return made;
  }
}

function around(x: number, y: number, r: number): WorldRect {
  return { x: x - r, y: y - r, width: 2 * r, height: 2 * r };
}

function grow(r: WorldRect, by: number): WorldRect {
  return { x: r.x - by, y: r.y - by, width: r.width + 2 * by, height: r.height + 2 * by };
}

function paintPatch(ctx: Paint2D, x: number, y: number, r: number, c: Rgb255, alpha: number): void {
  const g = ctx.createRadialGradient(x, y, 0, x, y, r);
  g.addColorStop(0, css(c, alpha));
  g.addColorStop(1, css(c, 0));
  ctx.fillStyle = g;
  ctx.fillRect(x - r, y - r, 2 * r, 2 * r);
}

/** The shore as a smooth closed curve: quadratic curves through the midpoints of its points (the world that swims in it draws the same water). */
export function shorePath(ctx: Paint2D, p: Pond, scale: number): void {
  const n = p.shore.length;
  const point = (k: number): [number, number] => {
    const a = (k / n) * Math.PI * 2;
    const f = (p.shore[((k % n) + n) % n] ?? 1) * scale;
    return [p.x + Math.cos(a) * p.rx * f, p.y + Math.sin(a) * p.ry * f];
  };
  ctx.beginPath();
  const [x0, y0] = point(0);
  const [x1, y1] = point(1);
  ctx.moveTo((x0 + x1) / 2, (y0 + y1) / 2);
  for (let k = 1; k <= n; k++) {
    const [cx, cy] = point(k);
    const [nx, ny] = point(k + 1);
    ctx.quadraticCurveTo(cx, cy, (cx + nx) / 2, (cy + ny) / 2);
  }
  ctx.closePath();
}

/** The ground's glint on its water (alpha at its brightest). */
const GLINT_ALPHA = 0.22;

function paintPond(ctx: Paint2D, p: Pond, colors: GroundColors): void {
  // A dark damp margin round the water, then the water.
  shorePath(ctx, p, 1.08);
  ctx.fillStyle = css(colors.patchDark, 0.45);
  ctx.fill();
  paintWater(ctx, p, colors.waterDeep, colors.waterShallow, colors.glint, GLINT_ALPHA);
  paintLilyPads(ctx, p.pads, css(colors.lily), css(colors.lilyFlower, 0.9));
}

/** A pond's water inside its shore, deepest in the middle, with the moon's glint towards the top right (the fish's world tints it its own way). */
export function paintWater(ctx: Paint2D, p: Pond, deep: Rgb255, shallow: Rgb255, glint: Rgb255, glintAlpha: number): void {
  shorePath(ctx, p, 1);
  const water = ctx.createRadialGradient(p.x, p.y, 0, p.x, p.y, Math.max(p.rx, p.ry));
  water.addColorStop(0, css(deep));
  water.addColorStop(1, css(shallow));
  ctx.fillStyle = water;
  ctx.fill();
  const gx = p.x + p.rx * 0.35;
  const gy = p.y - p.ry * 0.3;
  const shine = ctx.createRadialGradient(gx, gy, 0, gx, gy, p.rx * 0.45);
  shine.addColorStop(0, css(glint, glintAlpha));
  shine.addColorStop(1, css(glint, 0));
  // On the same path: the glint stays on the water.
  ctx.fillStyle = shine;
  ctx.fill();
}

/** Lily pads: discs with a notch, a flower on some (world units; the fish's world draws them over its water too). */
export function paintLilyPads(ctx: Paint2D, pads: readonly LilyPad[], pad: string, flower: string): void {
  ctx.fillStyle = pad;
  ctx.beginPath();
  for (const l of pads) {
    ctx.moveTo(l.x, l.y);
    ctx.arc(l.x, l.y, l.r, l.notch + 0.35, l.notch - 0.35 + Math.PI * 2);
    ctx.closePath();
  }
  ctx.fill();
  ctx.fillStyle = flower;
  ctx.beginPath();
  for (const l of pads) {
    if (!l.flower) continue;
    ctx.moveTo(l.x + l.r * 0.35, l.y);
    ctx.arc(l.x, l.y, l.r * 0.35, 0, Math.PI * 2);
  }
  ctx.fill();
}

function inAnyPond(ponds: readonly Pond[], x: number, y: number): boolean {
  for (const p of ponds) if (inPond(p, x, y)) return true;
  return false;
}

function paintClover(ctx: Paint2D, near: readonly TileFeatures[], area: WorldRect, ponds: readonly Pond[], c: Rgb255): void {
  ctx.fillStyle = css(c, 0.8);
  ctx.beginPath();
  for (const t of near) {
    for (const leaf of t.clover) {
      if (leaf.x < area.x || leaf.y < area.y || leaf.x > area.x + area.width || leaf.y > area.y + area.height) continue;
      if (inAnyPond(ponds, leaf.x, leaf.y)) continue;
      // A trefoil: three round leaflets about the stem.
      for (let k = 0; k < 3; k++) {
        const a = leaf.angle + (k * Math.PI * 2) / 3;
        const x = leaf.x + Math.cos(a) * leaf.r * 0.55;
        const y = leaf.y + Math.sin(a) * leaf.r * 0.55;
        ctx.moveTo(x + leaf.r * 0.5, y);
        ctx.arc(x, y, leaf.r * 0.5, 0, Math.PI * 2);
      }
    }
  }
  ctx.fill();
}

function mixColor(a: Rgb255, b: Rgb255, t: number): Rgb255 {
  return [Math.round(a[0] + (b[0] - a[0]) * t), Math.round(a[1] + (b[1] - a[1]) * t), Math.round(a[2] + (b[2] - a[2]) * t)];
}

function paintTufts(ctx: Paint2D, near: readonly TileFeatures[], area: WorldRect, ponds: readonly Pond[], colors: GroundColors): void {
  const inArea = (x: number, y: number): boolean => x >= area.x && y >= area.y && x <= area.x + area.width && y <= area.y + area.height;
  // Shadows first (the moon is top right, so they fall bottom left), one fill.
  ctx.fillStyle = "rgba(0, 0, 0, 0.22)";
  ctx.beginPath();
  for (const t of near) {
    for (const tuft of t.tufts) {
      if (!inArea(tuft.x, tuft.y) || inAnyPond(ponds, tuft.x, tuft.y)) continue;
      const r = tuft.size * 0.45;
      ctx.moveTo(tuft.x - r * 0.3 + r, tuft.y + r * 0.3);
      ctx.arc(tuft.x - r * 0.3, tuft.y + r * 0.3, r, 0, Math.PI * 2);
    }
  }
  ctx.fill();
  ctx.lineCap = "round";
  ctx.lineWidth = BLADE_WIDTH;
  for (let s = 0; s < TUFT_SHADES; s++) {
    ctx.strokeStyle = css(mixColor(colors.tuftDark, colors.tuftLit, s / (TUFT_SHADES - 1)), 0.85);
    ctx.beginPath();
    for (const t of near) {
      for (const tuft of t.tufts) {
        if (Math.min(TUFT_SHADES - 1, Math.floor(tuft.shade * TUFT_SHADES)) !== s) continue;
        if (!inArea(tuft.x, tuft.y) || inAnyPond(ponds, tuft.x, tuft.y)) continue;
        for (const a of tuft.blades) {
          const tipX = tuft.x + Math.cos(a) * tuft.size;
          const tipY = tuft.y + Math.sin(a) * tuft.size;
          // A blade bows a little to the side as it bends over.
          const bend = tuft.size * 0.25;
          ctx.moveTo(tuft.x, tuft.y);
          ctx.quadraticCurveTo(tuft.x + Math.cos(a + 0.5) * bend * 2, tuft.y + Math.sin(a + 0.5) * bend * 2, tipX, tipY);
        }
      }
    }
    ctx.stroke();
  }
}
