// Falling seeds as pale specks (docs/rules.md "The flowers · What shows"): a seed is drawn a little
// above the ground point the frame gives for it, higher the more of its fall is left, and fades as
// it comes down. Between frames it keeps drifting and sinking as the server moves it (along the
// breeze, at the air's speed; down over 3 s), for at most a moment, so specks glide at any refresh
// rate without running ahead. Pure, written into a speck it is handed.
import type { BreezeView } from "../wind/breeze";
import { airSpeed, SEED_FALL_S } from "../wind/breeze";
import type { SeedView } from "./colony-snapshot";

/** World units above its ground point a seed is drawn as it falls off (height 1). */
export const SEED_LIFT_UNITS = 16;
/** World units: a speck's radius. */
export const SPECK_RADIUS = 2.3;
/** Alpha just off its firefly, and as it lands. */
const ALPHA_HIGH = 0.95;
const ALPHA_LANDED = 0.3;
/** Seconds a speck is carried on past its frame, at most (then it waits for the next). */
export const MAX_AHEAD_S = 0.1;

export interface SeedSpeck {
  /** World units: where it is drawn (lifted above the ground by its height). */
  x: number;
  y: number;
  /** World units below it: its ground point now. */
  groundY: number;
  alpha: number;
  radius: number;
}

export function newSeedSpeck(): SeedSpeck {
  return { x: 0, y: 0, groundY: 0, alpha: 0, radius: SPECK_RADIUS };
}

/** The speck of `seed` `sinceS` seconds after its frame arrived, into `out`. */
export function seedSpeck(out: SeedSpeck, seed: SeedView, breeze: BreezeView | undefined, sinceS: number): SeedSpeck {
  const ahead = Math.min(Math.max(sinceS, 0), MAX_AHEAD_S);
  const height = Math.max(0, seed.height - ahead / SEED_FALL_S);
  const drift = breeze ? airSpeed(breeze.strength) * ahead : 0;
  const dir = breeze?.direction ?? 0;
  out.x = seed.x + Math.cos(dir) * drift;
  out.groundY = seed.y + Math.sin(dir) * drift;
  out.y = out.groundY - SEED_LIFT_UNITS * height;
  out.alpha = ALPHA_LANDED + (ALPHA_HIGH - ALPHA_LANDED) * height;
  out.radius = SPECK_RADIUS;
  return out;
}
