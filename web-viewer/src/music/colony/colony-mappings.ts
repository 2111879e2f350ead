// The colony's measures → its theme's tempo, harmony and rare note (docs/rules.md "The music · The
// colony"). Tempo: 75 beats a minute at 50 fireflies, rising linearly to 100 at 500, and below 50
// slowing linearly towards 60 as it dies out (60 when dormant). Harmony: a 30 % chance per bar,
// only while a foraging group of at least 3 flashes as one. The wanderer's note: a small chance
// for each of a wanderer's flashes.

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

function clamp01(v: number): number {
  return Math.min(1, Math.max(0, v));
}

export function colonyTempoBpm(size: number, dormant: boolean): number {
  if (dormant || !(size > 0)) return COLONY_DYING_BPM;
  if (size < COLONY_START_SIZE) return COLONY_DYING_BPM + (COLONY_START_BPM - COLONY_DYING_BPM) * (size / COLONY_START_SIZE);
  const f = clamp01((size - COLONY_START_SIZE) / (COLONY_FULL_SIZE - COLONY_START_SIZE));
  return COLONY_START_BPM + (COLONY_FULL_BPM - COLONY_START_BPM) * f;
}

/**
 * Chance per bar of a harmony while a colony group flashes as one
 * (docs/rules.md "The music · The colony").
 */
export const COLONY_HARMONY_CHANCE = 0.3;

export function colonyHarmonyChance(groupsInSync: number): number {
  return groupsInSync > 0 ? COLONY_HARMONY_CHANCE : 0;
}

/** Chance that one wanderer's flash in the colony is given the note (about 30 flash a second). */
export const COLONY_WANDERER_CHANCE = 0.02;
