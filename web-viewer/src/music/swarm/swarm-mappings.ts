// The swarm's measures → its theme's tempo, harmony and rare note (docs/rules.md "The music · The
// swarm"). Tempo: 95 for the smallest swarm to 130 for the largest, on the logarithm of the count,
// because the count spans four orders of magnitude (100 … 2,000,000) and each ×1.5 press should
// be heard. Harmony: alignment × tightness, both brought to 0 … 1: the mean alignment (a cosine,
// −1 … 1) below 0 counts as 0; the tightness (neighbours seen ÷ an even spread's, 1 = even, the
// real swarm shows 5 … 10) as 1 − 1/tightness, 0 for an even spread or looser, approaching 1 as
// the swarm packs tighter. The wanderer's note: a chance per bar for each firefly that sees nobody.
import { MAX_COUNT, MIN_COUNT } from "../../ui/count-step";

/** bpm of the smallest swarm (MIN_COUNT fireflies) and of the largest (MAX_COUNT). */
export const SWARM_MIN_BPM = 95;
export const SWARM_MAX_BPM = 130;

function clamp01(v: number): number {
  return Math.min(1, Math.max(0, v));
}

/** 0 at MIN_COUNT (or fewer), 1 at MAX_COUNT (or more): log(count / min) / log(max / min). */
export function swarmSize01(count: number): number {
  if (!(count > MIN_COUNT)) return 0;
  return clamp01(Math.log(count / MIN_COUNT) / Math.log(MAX_COUNT / MIN_COUNT));
}

export function swarmTempoBpm(count: number): number {
  return SWARM_MIN_BPM + (SWARM_MAX_BPM - SWARM_MIN_BPM) * swarmSize01(count);
}

/** Tightness (1 = an even spread) → 0 … 1. */
export function tightness01(tightness: number): number {
  if (!(tightness > 1)) return 0;
  return 1 - 1 / tightness;
}

export function swarmHarmonyChance(meanAlignment: number, tightness: number): number {
  const a = Number.isFinite(meanAlignment) ? Math.min(1, Math.max(0, meanAlignment)) : 0;
  return a * tightness01(tightness);
}

/** Chance per bar, for each swarm firefly that sees nobody, that the bar gets the note. */
export const SWARM_LONELY_CHANCE_PER_FIREFLY = 0.02;
/** The most a bar's chance grows to, however many are lonely. */
export const SWARM_LONELY_MAX_CHANCE = 0.5;

/** Chance that a swarm bar gets the wanderer's note: 1 − (1 − p)^lonely, capped. */
export function swarmWandererChance(lonely: number): number {
  if (!(lonely > 0)) return 0;
  return Math.min(SWARM_LONELY_MAX_CHANCE, 1 - (1 - SWARM_LONELY_CHANCE_PER_FIREFLY) ** lonely);
}
