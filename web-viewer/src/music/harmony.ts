// When a bar gets a harmony (docs/rules.md "The music"). Colony: a 30 % chance per bar, only while
// a foraging group of at least 3 flashes as one. Swarm: alignment × tightness, both brought to
// 0 … 1: the mean alignment (a cosine, −1 … 1) below 0 counts as 0; the tightness (neighbours seen
// ÷ an even spread's, 1 = even, the real swarm shows 5 … 10) as 1 − 1/tightness, 0 for an even
// spread or looser, approaching 1 as the swarm packs tighter.

/**
 * Chance per bar of a harmony while a colony group flashes as one
 * (docs/rules.md "The music · The colony").
 */
export const COLONY_HARMONY_CHANCE = 0.3;

export function colonyHarmonyChance(groupsInSync: number): number {
  return groupsInSync > 0 ? COLONY_HARMONY_CHANCE : 0;
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

/** Whether a bar gets a harmony, given its chance and a draw in [0, 1). */
export function barHasHarmony(chance: number, draw: number): boolean {
  return draw < chance;
}
