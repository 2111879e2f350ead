// Gain envelopes that never click: every change is a ramp, every note starts from 0 and is
// back at 0 before its source stops.

/** Gain treated as silence by exponential ramps (which cannot reach 0): −80 dB. */
export const SILENT_GAIN = 1e-4;
/** s: the shortest attack or release anything gets; a jump in under ~2 ms is heard as a click. */
export const MIN_RAMP_S = 0.003;

/**
 * A percussive envelope on `gain` from `t`: up to `peak` in `attackS`, then falling
 * exponentially to silence over `decayS`. Returns when it is silent (stop sources after it).
 */
export function pluckEnvelope(gain: AudioParam, t: number, peak: number, attackS: number, decayS: number): number {
  const a = Math.max(MIN_RAMP_S, attackS);
  gain.setValueAtTime(0, t);
  gain.linearRampToValueAtTime(peak, t + a);
  gain.exponentialRampToValueAtTime(SILENT_GAIN, t + a + decayS);
  const end = t + a + decayS + MIN_RAMP_S;
  gain.linearRampToValueAtTime(0, end);
  return end;
}

/** A held envelope: attack to `peak`, held until `t + holdS`, released linearly over `releaseS`. */
export function heldEnvelope(gain: AudioParam, t: number, peak: number, attackS: number, holdS: number, releaseS: number): number {
  const a = Math.max(MIN_RAMP_S, attackS);
  const hold = Math.max(t + a, t + holdS);
  gain.setValueAtTime(0, t);
  gain.linearRampToValueAtTime(peak, t + a);
  gain.setValueAtTime(peak, hold);
  const end = hold + Math.max(MIN_RAMP_S, releaseS);
  gain.linearRampToValueAtTime(0, end);
  return end;
}
