// The land's tiles (docs/rules.md "The land · Tiles and rocks"): what lies on each piece of ground,
// grown from a seed of the tile's own position, so every screen shows the same land and growing,
// shrinking and growing again shows it unchanged. Pure: positions and sizes in world units, shades
// as 0…1; the painter (tile-painter.ts) gives them the palette's colours. Tiles are counted from
// the meadow's top left corner (the meadow is the middle of a growing world; the world grows
// round it).
import { hash2, seededRandom } from "../util/hash-random";
import type { WorldRect } from "../render/viewport";

/** A tile's size, world units: a meadow (1600 × 900) is 4 × 3 tiles. */
export const TILE_W = 400;
export const TILE_H = 300;
/**
 * Grass tufts per tile: 12 tiles a meadow × 142 ≈ 1,700 tufts per meadow
 * (docs/rules.md "The land · The ground").
 */
export const TUFTS_PER_TILE = 142;
/** Soft patches of light and dark grass per tile. */
const PATCHES_PER_TILE = 6;
/** Patch radii, world units: wide enough to read as lighter and darker stretches of grass. */
const PATCH_MIN_R = 60;
const PATCH_MAX_R = 200;
/** Tuft size (blade length), world units: a tuft is a few units of grass seen from above. */
const TUFT_MIN = 5;
const TUFT_MAX = 11;
/** How wide a tuft's blades fan out, and how much each strays, radians. */
const TUFT_FAN = 1.9;
const BLADE_JITTER = 0.35;
/** Blades per tuft. */
const BLADES_MIN = 3;
const BLADES_MAX = 6;
/** Clover clumps per tile (0 … this) and leaves per clump; leaf radius, world units. */
const CLOVER_CLUMPS_MAX = 3;
const CLOVER_LEAVES_MIN = 5;
const CLOVER_LEAVES_MAX = 14;
const CLOVER_SPREAD = 16;
const LEAF_R = 2.6;
/** The reach of any tile feature beyond its own tile (world units): patches are the widest. */
export const TILE_REACH = PATCH_MAX_R;
/** Seeds the land's hash so the ground differs from other users of hash2 (the stump's wood). */
const LAND_SEED = 0x4d45_4144; // "MEAD"

export interface Patch {
  readonly x: number;
  readonly y: number;
  readonly r: number;
  /** Lighter (true) or darker grass. */
  readonly light: boolean;
  /** How strongly it shows, 0…1. */
  readonly strength: number;
}

export interface Tuft {
  readonly x: number;
  readonly y: number;
  /** Blade length, world units. */
  readonly size: number;
  /** Angle of each blade, radians (0 points east; grass seen from above splays out). */
  readonly blades: readonly number[];
  /** 0 in shadow … 1 lit by the moon. */
  readonly shade: number;
}

export interface CloverLeaf {
  readonly x: number;
  readonly y: number;
  readonly r: number;
  readonly angle: number;
}

export interface TileFeatures {
  readonly i: number;
  readonly j: number;
  /** The tile's rectangle, world units. */
  readonly rect: WorldRect;
  readonly patches: readonly Patch[];
  readonly tufts: readonly Tuft[];
  readonly clover: readonly CloverLeaf[];
}

/** The tile (i, j) counted from the meadow's top left, in world units. */
export function tileRect(i: number, j: number, meadow: WorldRect): WorldRect {
  return { x: meadow.x + i * TILE_W, y: meadow.y + j * TILE_H, width: TILE_W, height: TILE_H };
}

/** The seed of a tile: its position only. */
export function tileSeed(i: number, j: number): number {
  return hash2(hash2(i, j), LAND_SEED);
}

/** Everything on tile (i, j): the same numbers whenever and wherever it is asked for. */
export function tileFeatures(i: number, j: number, meadow: WorldRect): TileFeatures {
  const rect = tileRect(i, j, meadow);
  const random = seededRandom(tileSeed(i, j));
  const at = (): [number, number] => [rect.x + random() * TILE_W, rect.y + random() * TILE_H];
  const patches: Patch[] = [];
  for (let n = 0; n < PATCHES_PER_TILE; n++) {
    const [x, y] = at();
    patches.push({ x, y, r: PATCH_MIN_R + random() * (PATCH_MAX_R - PATCH_MIN_R), light: random() < 0.55, strength: 0.4 + 0.6 * random() });
  }
  const tufts: Tuft[] = [];
  for (let n = 0; n < TUFTS_PER_TILE; n++) {
    const [x, y] = at();
    const size = TUFT_MIN + random() * (TUFT_MAX - TUFT_MIN);
    const count = BLADES_MIN + Math.floor(random() * (BLADES_MAX - BLADES_MIN + 1));
    // Blades fan out to one side, the way a tuft leans, seen from above.
    const lean = random() * Math.PI * 2;
    const blades: number[] = [];
    for (let b = 0; b < count; b++) blades.push(lean + (b / (count - 1) - 0.5) * TUFT_FAN + (random() - 0.5) * BLADE_JITTER);
    tufts.push({ x, y, size, blades, shade: random() });
  }
  const clover: CloverLeaf[] = [];
  const clumps = Math.floor(random() * (CLOVER_CLUMPS_MAX + 1));
  for (let c = 0; c < clumps; c++) {
    const [cx, cy] = at();
    const leaves = CLOVER_LEAVES_MIN + Math.floor(random() * (CLOVER_LEAVES_MAX - CLOVER_LEAVES_MIN + 1));
    for (let n = 0; n < leaves; n++) {
      const a = random() * Math.PI * 2;
      const d = Math.sqrt(random()) * CLOVER_SPREAD;
      clover.push({ x: cx + Math.cos(a) * d, y: cy + Math.sin(a) * d, r: LEAF_R * (0.8 + 0.4 * random()), angle: random() * Math.PI * 2 });
    }
  }
  return { i, j, rect, patches, tufts, clover };
}

export interface TileIndex {
  readonly i: number;
  readonly j: number;
}

/** The tiles that cover `world`, from the middle outwards (nearest the world's centre first). */
export function tilesCovering(world: WorldRect, meadow: WorldRect): TileIndex[] {
  const i0 = Math.floor((world.x - meadow.x) / TILE_W);
  const j0 = Math.floor((world.y - meadow.y) / TILE_H);
  const i1 = Math.ceil((world.x + world.width - meadow.x) / TILE_W);
  const j1 = Math.ceil((world.y + world.height - meadow.y) / TILE_H);
  const cx = world.x + world.width / 2;
  const cy = world.y + world.height / 2;
  const out: { i: number; j: number; d: number }[] = [];
  for (let j = j0; j < j1; j++) {
    for (let i = i0; i < i1; i++) {
      const r = tileRect(i, j, meadow);
      out.push({ i, j, d: Math.hypot(r.x + TILE_W / 2 - cx, r.y + TILE_H / 2 - cy) });
    }
  }
  out.sort((a, b) => a.d - b.d || a.j - b.j || a.i - b.i);
  return out.map(({ i, j }) => ({ i, j }));
}

/** Whether `inner` lies wholly inside `outer`. */
export function rectInside(inner: WorldRect, outer: WorldRect): boolean {
  return inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;
}
