// The master's last stage: a soft limiter as a WaveShaper curve. Below LIMIT_KNEE it passes the
// signal untouched; above, it bends smoothly (tanh) towards LIMIT_CEILING, which it never
// reaches, and input beyond ±1 is held at the curve's ends. So the output can never clip,
// whatever the compressor before it lets through. Pure.

/** |x| up to which the curve is a straight line (about −4.4 dBFS): normal music is untouched. */
export const LIMIT_KNEE = 0.6;
/** The level the curve approaches and never reaches (about −0.2 dBFS). */
export const LIMIT_CEILING = 0.98;
/** Points in the curve: fine enough that its linear interpolation is inaudible. */
export const LIMIT_POINTS = 4097;

export function limit(x: number): number {
  const a = Math.abs(x);
  if (a <= LIMIT_KNEE) return x;
  const room = LIMIT_CEILING - LIMIT_KNEE;
  return Math.sign(x) * (LIMIT_KNEE + room * Math.tanh((a - LIMIT_KNEE) / room));
}

export function limiterCurve(points = LIMIT_POINTS): Float32Array<ArrayBuffer> {
  const c = new Float32Array(points);
  for (let i = 0; i < points; i++) c[i] = limit((i / (points - 1)) * 2 - 1);
  return c;
}
