// How a theme's tempo moves (docs/rules.md "The music"): each world's theme has a target tempo of
// its own, from what lives in it (src/music/<world>/); a bar's tempo only steps towards it.

/**
 * bpm: the most the tempo moves in one bar. A birth or a ×1.5 press changes the target a little;
 * a reconnect or a first frame could jump it, and a jump mid-groove sounds like a stumble.
 */
export const MAX_TEMPO_STEP_PER_BAR_BPM = 3;

/** The tempo of the next bar: towards the target by at most MAX_TEMPO_STEP_PER_BAR_BPM. */
export function nextBarTempo(current: number, target: number): number {
  const d = target - current;
  return Math.abs(d) <= MAX_TEMPO_STEP_PER_BAR_BPM ? target : current + Math.sign(d) * MAX_TEMPO_STEP_PER_BAR_BPM;
}
