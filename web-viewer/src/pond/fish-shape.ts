// A fish seen from above, as geometry (docs/rules.md "The pond"): a spine of a few segments from
// the head back, each joint turned a share of the fish's bend, so a fish that turns curves along
// the arc it swims (its head already round, its tail still on the old line) and a fish that swims
// straight is straight; a tapered body either side of the spine; a forked tail fin at its end,
// swung by the flick. Pure numbers in world units: pond-painter.ts only strokes them.

/** Joints along the spine: enough for a smooth curve at the size a fish is drawn. */
export const FISH_SEGMENTS = 5;
/** The body's half-width at each spine point, head to tail, as a share of the widest. */
const WIDTHS = [0.45, 0.95, 1, 0.72, 0.42, 0.16] as const;
/** The widest half-width, as a share of the fish's length: a slender fish. */
const HALF_WIDTH = 0.13;
/** Where the fish's position lies along it: a little behind the head (its centre of mass). */
const HEAD_AHEAD = 0.42;
/** The tail fin's length and half-spread, as shares of the fish's length. */
const FIN_LENGTH = 0.26;
const FIN_SPREAD = 0.15;

/** Points as x, y pairs. */
export type Points = number[];

/**
 * The spine of a fish at (x, y) heading `heading` (radians, y down), `length` world units long,
 * bent by `bend` radians from head to tail: FISH_SEGMENTS + 1 points, the head first.
 */
export function fishSpine(x: number, y: number, heading: number, bend: number, length: number): Points {
  const step = length / FISH_SEGMENTS;
  const turn = bend / FISH_SEGMENTS;
  let px = x + Math.cos(heading) * length * HEAD_AHEAD;
  let py = y + Math.sin(heading) * length * HEAD_AHEAD;
  const out: Points = [px, py];
  // Going back from the head, the body points the way the fish swam a moment ago: less turned.
  let a = heading;
  for (let k = 0; k < FISH_SEGMENTS; k++) {
    a -= k === 0 ? turn / 2 : turn;
    px -= Math.cos(a) * step;
    py -= Math.sin(a) * step;
    out.push(px, py);
  }
  return out;
}

/** The body's outline round a spine: down its left side from the head, back up its right. */
export function fishOutline(spine: Points, length: number): Points {
  const n = spine.length / 2;
  const left: Points = [];
  const right: Points = [];
  for (let i = 0; i < n; i++) {
    // The spine's direction here (towards the head), from its neighbours.
    const a = Math.max(0, i - 1);
    const b = Math.min(n - 1, i + 1);
    const dx = spine[a * 2]! - spine[b * 2]!;
    const dy = spine[a * 2 + 1]! - spine[b * 2 + 1]!;
    const d = Math.hypot(dx, dy) || 1;
    const w = (WIDTHS[i] ?? 0.1) * HALF_WIDTH * length;
    const nx = (-dy / d) * w;
    const ny = (dx / d) * w;
    left.push(spine[i * 2]! + nx, spine[i * 2 + 1]! + ny);
    right.push(spine[i * 2]! - nx, spine[i * 2 + 1]! - ny);
  }
  const out = left;
  for (let i = n - 1; i >= 0; i--) out.push(right[i * 2]!, right[i * 2 + 1]!);
  return out;
}

/** The tail fin at the spine's end, swung `flick` radians off the body's last segment: its root, tips and notch. */
export function tailFin(spine: Points, flick: number, length: number): Points {
  const n = spine.length / 2;
  const tx = spine[(n - 1) * 2]!;
  const ty = spine[(n - 1) * 2 + 1]!;
  const back = Math.atan2(ty - spine[(n - 2) * 2 + 1]!, tx - spine[(n - 2) * 2]!) + flick;
  const bx = Math.cos(back);
  const by = Math.sin(back);
  const l = FIN_LENGTH * length;
  const s = FIN_SPREAD * length;
  return [tx, ty, tx + bx * l - by * s, ty + by * l + bx * s, tx + bx * l * 0.55, ty + by * l * 0.55, tx + bx * l + by * s, ty + by * l - bx * s];
}

/** How far the spine's points stray from the line between its head and its tail end, world units: 0 for a straight fish. */
export function spineSag(spine: Points): number {
  const n = spine.length / 2;
  const hx = spine[0]!;
  const hy = spine[1]!;
  const dx = spine[(n - 1) * 2]! - hx;
  const dy = spine[(n - 1) * 2 + 1]! - hy;
  const d = Math.hypot(dx, dy) || 1;
  let most = 0;
  for (let i = 1; i < n - 1; i++) most = Math.max(most, Math.abs(((spine[i * 2]! - hx) * dy - (spine[i * 2 + 1]! - hy) * dx) / d));
  return most;
}
