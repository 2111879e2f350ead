// Flowers sway with the breeze (docs/rules.md "The breeze"): the head leans downwind, more the
// stronger the air, and rocks back and forth along the wind at its own pace (by id, so a meadow of
// flowers never nods as one); a gust pushes it much further. Pure, writing into a point it is
// handed, since it runs for every flower every animation frame.
import type { MutablePoint } from "../render/viewport";
import type { BreezeView } from "../wind/breeze";

/** World units: the lean in the strongest steady breeze, the rocking in it, and what a gust adds. */
const LEAN_UNITS = 2.2;
const ROCK_UNITS = 1.2;
const GUST_UNITS = 3.5;
/** Radians per second of the rocking, low … high (by id). */
const RATE_LOW = 1.6;
const RATE_HIGH = 2.6;

/** How far (world units) the breeze moves the wind's way at this moment, before the direction. */
export function swayAmount(breeze: BreezeView, id: number, timeS: number): number {
  const k = (id * 0.618034) % 1;
  const rock = Math.sin(timeS * (RATE_LOW + (RATE_HIGH - RATE_LOW) * k) + k * Math.PI * 2);
  return LEAN_UNITS * breeze.strength + (ROCK_UNITS * breeze.strength + GUST_UNITS * breeze.gust) * (0.5 + 0.5 * rock);
}

/**
 * The head's offset from its root (world units) into `out`: the sway along the breeze times
 * `give` (how much this stage of life bends: a shoot little, a wilting head more).
 */
export function swayOffset(out: MutablePoint, breeze: BreezeView | undefined, id: number, timeS: number, give: number): MutablePoint {
  if (!breeze) {
    out.x = out.y = 0;
    return out;
  }
  const a = swayAmount(breeze, id, timeS) * give;
  out.x = Math.cos(breeze.direction) * a;
  out.y = Math.sin(breeze.direction) * a;
  return out;
}
