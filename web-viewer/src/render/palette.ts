// The firefly palette: light intensity (0…1 after the server's tone curve) → the colour added
// onto the meadow. Faint light is a deep green glow, brighter light green-yellow, the hottest
// spots pale yellow-white. Zero maps to exactly nothing so dark areas leave the ground as is.

export type Rgb = readonly [number, number, number];

/** Colour stops by intensity; between stops the colour is interpolated linearly. */
const STOPS: ReadonlyArray<readonly [number, Rgb]> = [
  // The server's tone curve is logarithmic (docs/light-codec.md): a lone firefly peaks near
  // 0.16, one firefly per light pixel is about 0.6, only dense knots reach 0.85 and above. The
  // ramp keeps the bulk of a flock a soft green glow and saves yellow and white for the knots.
  [0.0, [0.0, 0.0, 0.0]],
  [0.08, [0.01, 0.05, 0.01]],
  [0.2, [0.05, 0.2, 0.03]],
  [0.45, [0.14, 0.37, 0.05]],
  [0.65, [0.36, 0.6, 0.1]],
  [0.8, [0.62, 0.82, 0.2]],
  [0.92, [0.9, 0.95, 0.4]],
  [1.0, [1.0, 1.0, 0.86]],
];

export function paletteColor(v: number): Rgb {
  return rampColor(STOPS, v);
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
export function paletteTexels(): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(256 * 4);
  for (let i = 0; i < 256; i++) {
    const [r, g, b] = paletteColor(i / 255);
    out[i * 4] = Math.round(r * 255);
    out[i * 4 + 1] = Math.round(g * 255);
    out[i * 4 + 2] = Math.round(b * 255);
    out[i * 4 + 3] = Math.round(Math.max(r, g, b) * 255);
  }
  return out;
}
