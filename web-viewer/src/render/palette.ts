// The firefly light's ramp: light intensity (0…1 after the server's tone curve) → the colour added
// onto the meadow. Faint light is a deep green glow, brighter light green-yellow, the hottest
// spots pale yellow-white. Zero maps to exactly nothing so dark areas leave the ground as is.

import { DEFAULT_PALETTE } from "./palettes";

export type Rgb = readonly [number, number, number];

export type LightRamp = ReadonlyArray<readonly [number, Rgb]>;

/** The night meadow's light at intensity `v` (palettes.ts holds every palette's ramp). */
export function paletteColor(v: number, ramp: LightRamp = DEFAULT_PALETTE.light): Rgb {
  return rampColor(ramp, v);
}

/** The colour at `v` on a ramp of stops sorted by position; clamped to the first and last stop. */
export function rampColor(stops: ReadonlyArray<readonly [number, Rgb]>, v: number): Rgb {
  const first = stops[0];
  if (!first) return [0, 0, 0];
  if (!(v > first[0])) return first[1];
  for (let i = 1; i < stops.length; i++) {
    const hi = stops[i];
    const lo = stops[i - 1];
    if (!hi || !lo || v > hi[0]) continue;
    const t = (v - lo[0]) / (hi[0] - lo[0]);
    return [
      lo[1][0] + (hi[1][0] - lo[1][0]) * t,
      lo[1][1] + (hi[1][1] - lo[1][1]) * t,
      lo[1][2] + (hi[1][2] - lo[1][2]) * t,
    ];
  }
  return stops[stops.length - 1]?.[1] ?? first[1];
}

/**
 * 256 RGBA texels, premultiplied for an additive (plus-lighter) composite: alpha is the
 * strongest channel so colour never exceeds alpha.
 */
export function paletteTexels(ramp: LightRamp = DEFAULT_PALETTE.light): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(256 * 4);
  for (let i = 0; i < 256; i++) {
    const [r, g, b] = paletteColor(i / 255, ramp);
    out[i * 4] = Math.round(r * 255);
    out[i * 4 + 1] = Math.round(g * 255);
    out[i * 4 + 2] = Math.round(b * 255);
    out[i * 4 + 3] = Math.round(Math.max(r, g, b) * 255);
  }
  return out;
}
