// The land's larger features, which span several tiles: a pond with lily pads in each meadow's
// stretch of land (the home meadow, cell 0 0, always has one, well away from the stump) and the
// hollow stump in the bottom-left corner of the home meadow. Pure and seeded by the meadow cell's
// position, like the tiles, so they are the same on every screen and after the world grows.
import { hash2, seededRandom } from "../util/hash-random";
import type { WorldRect } from "../render/viewport";

/**
 * The stump, as the server places it (the rules of the world that lives in it: `stump_inset`
 * 150 × 140 units from the meadow's bottom-left corner, `stump_radius` 30 units). A world that
 * lives in it has its frames carry the real one; the ground paints it here so every world has it.
 */
export const STUMP_INSET_X = 150;
export const STUMP_INSET_Y = 140;
export const STUMP_RADIUS = 30;
/** The home meadow's pond: its centre as a share of the meadow (top right, far from the stump). */
const HOME_POND_AT = { x: 0.77, y: 0.26 } as const;
/** Pond radii, world units: a pond a firefly crosses in a second or two. */
const POND_RX = 120;
const POND_RY = 74;
/** Chance that another meadow's stretch of land has a pond; its margin from the cell's edge, world units. */
const POND_CHANCE = 0.5;
const POND_MARGIN = 220;
/** Points round the pond's shore and how much the shore wobbles (share of the radius). */
const SHORE_POINTS = 14;
const SHORE_WOBBLE = 0.1;
/** Lily pads per pond, their radius (world units), and the chance of a flower on one. */
const PADS_MIN = 5;
const PADS_MAX = 9;
const PAD_MIN_R = 7;
const PAD_MAX_R = 13;
const PAD_FLOWER_CHANCE = 0.3;
const POND_SEED = 0x504f_4e44; // "POND"

export interface LilyPad {
  readonly x: number;
  readonly y: number;
  readonly r: number;
  /** Where the pad's notch points, radians. */
  readonly notch: number;
  readonly flower: boolean;
}

export interface Pond {
  readonly x: number;
  readonly y: number;
  /** The shore: radius factor at each of SHORE_POINTS evenly spaced angles. */
  readonly shore: readonly number[];
  readonly rx: number;
  readonly ry: number;
  readonly pads: readonly LilyPad[];
  /** The pond's bounding box, world units. */
  readonly bounds: WorldRect;
}

export interface Stump {
  readonly x: number;
  readonly y: number;
  readonly r: number;
}

/** The hollow stump of the home meadow. */
export function stumpOf(meadow: WorldRect): Stump {
  return { x: meadow.x + STUMP_INSET_X, y: meadow.y + meadow.height - STUMP_INSET_Y, r: STUMP_RADIUS };
}

/** The pond of meadow cell (mi, mj) (cell 0, 0 is the home meadow), or none. */
export function pondOf(mi: number, mj: number, meadow: WorldRect): Pond | undefined {
  const random = seededRandom(hash2(hash2(mi, mj), POND_SEED));
  const cellX = meadow.x + mi * meadow.width;
  const cellY = meadow.y + mj * meadow.height;
  const home = mi === 0 && mj === 0;
  const has = random() < POND_CHANCE;
  const fx = random();
  const fy = random();
  if (!home && !has) return undefined;
  const x = home ? cellX + HOME_POND_AT.x * meadow.width : cellX + POND_MARGIN + fx * (meadow.width - 2 * POND_MARGIN);
  const y = home ? cellY + HOME_POND_AT.y * meadow.height : cellY + POND_MARGIN + fy * (meadow.height - 2 * POND_MARGIN);
  const size = home ? 1 : 0.7 + 0.5 * random();
  const rx = POND_RX * size;
  const ry = POND_RY * size;
  const shore: number[] = [];
  for (let n = 0; n < SHORE_POINTS; n++) shore.push(1 - SHORE_WOBBLE + 2 * SHORE_WOBBLE * random());
  const pads: LilyPad[] = [];
  const count = PADS_MIN + Math.floor(random() * (PADS_MAX - PADS_MIN + 1));
  for (let n = 0; n < count; n++) {
    const a = random() * Math.PI * 2;
    const d = Math.sqrt(random()) * 0.72;
    pads.push({
      x: x + Math.cos(a) * d * rx,
      y: y + Math.sin(a) * d * ry,
      r: PAD_MIN_R + random() * (PAD_MAX_R - PAD_MIN_R),
      notch: random() * Math.PI * 2,
      flower: random() < PAD_FLOWER_CHANCE,
    });
  }
  const reach = 1 + SHORE_WOBBLE;
  return { x, y, shore, rx, ry, pads, bounds: { x: x - rx * reach, y: y - ry * reach, width: 2 * rx * reach, height: 2 * ry * reach } };
}

/** The ponds whose bounds meet `area`. */
export function pondsNear(area: WorldRect, meadow: WorldRect): Pond[] {
  const mi0 = Math.floor((area.x - meadow.x - POND_MARGIN) / meadow.width);
  const mi1 = Math.floor((area.x + area.width - meadow.x + POND_MARGIN) / meadow.width);
  const mj0 = Math.floor((area.y - meadow.y - POND_MARGIN) / meadow.height);
  const mj1 = Math.floor((area.y + area.height - meadow.y + POND_MARGIN) / meadow.height);
  const out: Pond[] = [];
  for (let mj = mj0; mj <= mj1; mj++) {
    for (let mi = mi0; mi <= mi1; mi++) {
      const p = pondOf(mi, mj, meadow);
      if (p && overlaps(p.bounds, area)) out.push(p);
    }
  }
  return out;
}

/** Whether a point lies in the pond's water (its wobbling shore), for keeping tufts out. */
export function inPond(p: Pond, x: number, y: number): boolean {
  const dx = (x - p.x) / p.rx;
  const dy = (y - p.y) / p.ry;
  const d = Math.hypot(dx, dy);
  if (d > 1 + SHORE_WOBBLE) return false;
  const a = Math.atan2(dy, dx);
  return d < shoreAt(p, a);
}

/** The shore's radius factor at angle `a`, interpolated between the shore points. */
export function shoreAt(p: Pond, a: number): number {
  const n = p.shore.length;
  const f = (((a / (Math.PI * 2)) % 1) + 1) % 1 * n;
  const k = Math.floor(f);
  const t = f - k;
  return (p.shore[k % n] ?? 1) * (1 - t) + (p.shore[(k + 1) % n] ?? 1) * t;
}

export function overlaps(a: WorldRect, b: WorldRect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
