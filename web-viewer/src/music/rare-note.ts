// The wanderer's rare note (docs/rules.md "The music"): now and then, never often. Each chance is a
// draw against a probability; a note also needs a quiet gap since the last one.

/** s: the least time between two wanderer's notes: rare, so the ear notices each one. */
export const WANDERER_GAP_S = 8;
/** Chance that one wanderer's flash in the colony is given the note (about 30 flash a second). */
export const COLONY_WANDERER_CHANCE = 0.02;
/** Chance per bar, for each swarm firefly that sees nobody, that the bar gets the note. */
export const SWARM_LONELY_CHANCE_PER_FIREFLY = 0.02;
/** The most a bar's chance grows to, however many are lonely. */
export const SWARM_LONELY_MAX_CHANCE = 0.5;

/** Chance that a swarm bar gets the wanderer's note: 1 − (1 − p)^lonely, capped. */
export function swarmWandererChance(lonely: number): number {
  if (!(lonely > 0)) return 0;
  return Math.min(SWARM_LONELY_MAX_CHANCE, 1 - (1 - SWARM_LONELY_CHANCE_PER_FIREFLY) ** lonely);
}

export class RareNoteGate {
  private lastS = Number.NEGATIVE_INFINITY;

  constructor(private readonly gapS = WANDERER_GAP_S) {}

  /** Whether a note sounds at `atS`, given its chance and a draw in [0, 1). */
  offer(atS: number, chance: number, draw: number): boolean {
    if (atS - this.lastS < this.gapS || !(draw < chance)) return false;
    this.lastS = atS;
    return true;
  }
}
