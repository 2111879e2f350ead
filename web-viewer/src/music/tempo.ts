// Tempo from what lives (docs/rules.md "The music"). Colony: 75 beats a minute at 50 fireflies,
// rising linearly to 100 at 500, and below 50 slowing linearly towards 60 as it dies out (60 when
// dormant). Swarm: 95 for the smallest swarm to 130 for the largest, on the logarithm of the count,
// because the count spans four orders of magnitude (100 … 2,000,000) and each ×1.5 press should be
// heard.
import { MAX_COUNT, MIN_COUNT } from "../ui/count-step";

/** bpm of a colony of COLONY_START_SIZE fireflies (docs/rules.md "The colony · Start": 50). */
export const COLONY_START_BPM = 75;
/** bpm at the colony's full size. */
export const COLONY_FULL_BPM = 100;
/** bpm the colony slows towards as it dies out (and plays while dormant). */
export const COLONY_DYING_BPM = 60;
/** fireflies: the colony's starting size, where the tempo is COLONY_START_BPM. */
export const COLONY_START_SIZE = 50;
/**
 * fireflies: the colony's full size (docs/rules.md "The colony · Start"), where the tempo is
 * COLONY_FULL_BPM.
 */
export const COLONY_FULL_SIZE = 500;

/** bpm of the smallest swarm (MIN_COUNT fireflies) and of the largest (MAX_COUNT). */
export const SWARM_MIN_BPM = 95;
export const SWARM_MAX_BPM = 130;

function clamp01(v: number): number {
  return Math.min(1, Math.max(0, v));
}

export function colonyTempoBpm(size: number, dormant: boolean): number {
  if (dormant || !(size > 0)) return COLONY_DYING_BPM;
  if (size < COLONY_START_SIZE) return COLONY_DYING_BPM + (COLONY_START_BPM - COLONY_DYING_BPM) * (size / COLONY_START_SIZE);
  const f = clamp01((size - COLONY_START_SIZE) / (COLONY_FULL_SIZE - COLONY_START_SIZE));
  return COLONY_START_BPM + (COLONY_FULL_BPM - COLONY_START_BPM) * f;
}

/** 0 at MIN_COUNT (or fewer), 1 at MAX_COUNT (or more): log(count / min) / log(max / min). */
export function swarmSize01(count: number): number {
  if (!(count > MIN_COUNT)) return 0;
  return clamp01(Math.log(count / MIN_COUNT) / Math.log(MAX_COUNT / MIN_COUNT));
}

export function swarmTempoBpm(count: number): number {
  return SWARM_MIN_BPM + (SWARM_MAX_BPM - SWARM_MIN_BPM) * swarmSize01(count);
}

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
