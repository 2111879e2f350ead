// The plate's warm cosine ramp (docs/rules.md "The plate"): a + b · cos(2π (t + phase)) per channel,
// with a = (0.46, 0.4185, 0.1389), b = (0.5, 0.4549, 0.151), phase = (0, 0.05, 0.1), read at
// t = 0.82 + hue × 0.24. Each bird has its hue (its place among the birds, 0 … 1), so the plate's
// trails run from amber through pale gold.
const A = [0.46, 0.4185, 0.1389] as const;
const B = [0.5, 0.4549, 0.151] as const;
const PHASE = [0, 0.05, 0.1] as const;
/** Where the ramp starts and how much of it the hues span. */
export const RAMP_START = 0.82;
export const RAMP_SPAN = 0.24;

/** The ramp's colour at `hue` (0 … 1), each channel 0 … 1. */
export function plateColour(hue: number): readonly [number, number, number] {
  const t = RAMP_START + Math.min(1, Math.max(0, hue)) * RAMP_SPAN;
  const channel = (i: 0 | 1 | 2): number => Math.min(1, Math.max(0, A[i] + B[i] * Math.cos(2 * Math.PI * (t + PHASE[i]))));
  return [channel(0), channel(1), channel(2)];
}

/** The hue of bird `i` of `count`. */
export function birdHue(i: number, count: number): number {
  return count > 1 ? i / (count - 1) : 0;
}

/** A colour as CSS rgb(). */
export function cssColour([r, g, b]: readonly [number, number, number]): string {
  return `rgb(${Math.round(r * 255)} ${Math.round(g * 255)} ${Math.round(b * 255)})`;
}
