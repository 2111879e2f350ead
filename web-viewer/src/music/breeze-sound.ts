// The breeze's noise from the wind's strength (docs/rules.md "The breeze": it swells and brightens
// with the wind): louder, and its low-pass opening up, exponentially so each step of strength is
// heard alike.

/** Gain of the breeze's noise in calm air (a faint bed) and in the strongest gust. */
export const BREEZE_CALM_GAIN = 0.02;
export const BREEZE_STRONG_GAIN = 0.14;
/** Hz: the low-pass cutoff in calm air (a low murmur) … */
export const BREEZE_CALM_CUTOFF_HZ = 180;
/** … and in the strongest gust (bright, hissing air). */
export const BREEZE_STRONG_CUTOFF_HZ = 2200;
/** s: how quickly the noise follows the wind (a time constant): frames come 30 a second, the wind changes over seconds. */
export const BREEZE_FOLLOW_S = 0.4;

export function breezeLevel(strength: number): { readonly gain: number; readonly cutoffHz: number } {
  const s = Number.isFinite(strength) ? Math.min(1, Math.max(0, strength)) : 0;
  return {
    gain: BREEZE_CALM_GAIN + (BREEZE_STRONG_GAIN - BREEZE_CALM_GAIN) * s,
    cutoffHz: BREEZE_CALM_CUTOFF_HZ * (BREEZE_STRONG_CUTOFF_HZ / BREEZE_CALM_CUTOFF_HZ) ** s,
  };
}
