// The cosine colour ramp that gives each firefly's trail its own hue (the operator's trail files
// use the same one): colour(t) = ½ + ½·cos(2π(t + phase)), the phases of red, green and blue a
// third of a turn apart, so t runs once round the hue circle.
import type { Rgb } from "./palette";

const PHASES = [0, 1 / 3, 2 / 3] as const;

/** The colour at `t` (any real number; whole turns repeat), each channel 0 … 1. */
export function cosineRamp(t: number): Rgb {
  const at = (phase: number): number => 0.5 + 0.5 * Math.cos(2 * Math.PI * (t + phase));
  return [at(PHASES[0]), at(PHASES[1]), at(PHASES[2])];
}
