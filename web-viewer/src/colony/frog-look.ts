// How a frog looks from above (docs/rules.md "The frog"), in world units: its body (a little bigger
// the higher it is, being nearer the eye), two eyes at the front, back legs folded while it sits
// and stretched out behind it through a hop, a soft shadow that the moon (top right) casts to the
// bottom left and that drifts away from the body and spreads as it rises (height sin(π · hop)), and
// after a catch its tongue, flicked out to where the firefly was and drawn back in as the gulp runs
// out. Pure and tested; frog-painter.ts draws it.
import type { Point } from "../render/viewport";
import type { FrogView } from "./colony-snapshot";

/** World units: the body's radius (the server's frog_body_radius: a tap this close takes it away). */
export const FROG_BODY_RADIUS = 14;
/** How much bigger the body looks at the top of a hop. */
const HOP_GROW = 0.3;
/** The shadow: how far from the body (world units) sitting and at the hop's height, how much it spreads, how faint it gets. */
const SHADOW_OFFSET = 2;
const SHADOW_LIFT = 12;
const SHADOW_SPREAD = 0.4;
const SHADOW_ALPHA = 0.5;
const SHADOW_FADE = 0.5;
/** Towards the bottom left, away from the moon. */
const SHADOW_DIRECTION: Point = { x: -Math.SQRT1_2, y: Math.SQRT1_2 };
/** The tongue: how far it reaches without a catch to aim at (of the reach), how far at most (of the reach). */
const TONGUE_BLIND = 0.7;
const TONGUE_MOST = 1.6;
/** World units the tongue is wide. */
const TONGUE_WIDTH = 2.2;

export interface FrogLook {
  /** The body's centre and its radius now (world units). */
  readonly x: number;
  readonly y: number;
  readonly radius: number;
  readonly heading: number;
  /** 0 on the ground … 1 at the top of a hop. */
  readonly height: number;
  readonly shadow: { readonly x: number; readonly y: number; readonly radius: number; readonly alpha: number };
  /** Eye centres and radius. */
  readonly eyes: readonly [Point, Point];
  readonly eyeRadius: number;
  /** Each back leg: hip, knee and foot. */
  readonly legs: readonly [readonly [Point, Point, Point], readonly [Point, Point, Point]];
  /** From the mouth to its tip, while it gulps. */
  readonly tongue: { readonly from: Point; readonly to: Point; readonly width: number } | undefined;
}

/**
 * `catchAt`: where the firefly it caught was (the frame's FrogCatch), if known; without it the
 * tongue flicks straight ahead. `grow`: a factor for the whole frog (it is held at a least size on screen).
 */
export function frogLook(frog: FrogView, catchAt?: Point, grow = 1): FrogLook {
  const height = Math.sin(Math.PI * frog.hop);
  const r = FROG_BODY_RADIUS * grow * (1 + HOP_GROW * height);
  const fx = Math.cos(frog.heading);
  const fy = Math.sin(frog.heading);
  // Forward (f) and to the frog's right (s), as seen from above.
  const at = (forward: number, side: number): Point => ({ x: frog.x + (fx * forward - fy * side) * r, y: frog.y + (fy * forward + fx * side) * r });
  const lift = (SHADOW_OFFSET + SHADOW_LIFT * height) * grow;
  const shadow = {
    x: frog.x + SHADOW_DIRECTION.x * lift,
    y: frog.y + SHADOW_DIRECTION.y * lift,
    radius: FROG_BODY_RADIUS * grow * (1 + SHADOW_SPREAD * height),
    alpha: SHADOW_ALPHA * (1 - SHADOW_FADE * height),
  };
  // Folded beside the body while it sits; pushed back out behind it through the hop.
  const stretch = height;
  const leg = (side: 1 | -1): readonly [Point, Point, Point] => [
    at(-0.35, 0.55 * side),
    at(-0.1 - 0.5 * stretch, (1.05 - 0.35 * stretch) * side),
    at(-0.75 - 0.85 * stretch, (0.8 - 0.45 * stretch) * side),
  ];
  return {
    x: frog.x,
    y: frog.y,
    radius: r,
    heading: frog.heading,
    height,
    shadow,
    eyes: [at(0.55, -0.45), at(0.55, 0.45)],
    eyeRadius: 0.27 * r,
    legs: [leg(-1), leg(1)],
    tongue: tongueOf(frog, at(0.9, 0), catchAt),
  };
}

function tongueOf(frog: FrogView, mouth: Point, catchAt: Point | undefined): FrogLook["tongue"] {
  if (!(frog.gulp > 0)) return undefined;
  // Out at the catch, drawn back in quickly at the end.
  const out = 1 - (1 - frog.gulp) ** 2;
  const reach = frog.reach > 0 ? frog.reach : 2 * FROG_BODY_RADIUS;
  let tx = Math.cos(frog.heading) * reach * TONGUE_BLIND;
  let ty = Math.sin(frog.heading) * reach * TONGUE_BLIND;
  if (catchAt) {
    const dx = catchAt.x - mouth.x;
    const dy = catchAt.y - mouth.y;
    const d = Math.hypot(dx, dy);
    const most = reach * TONGUE_MOST;
    if (d > 0) {
      tx = (dx / d) * Math.min(d, most);
      ty = (dy / d) * Math.min(d, most);
    }
  }
  return { from: mouth, to: { x: mouth.x + tx * out, y: mouth.y + ty * out }, width: TONGUE_WIDTH };
}
