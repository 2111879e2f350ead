// The wanderer's rare note (docs/rules.md "The music"): now and then, never often. Each chance is a
// draw against a probability (a theme's own, from its world: src/music/<world>/); a note also
// needs a quiet gap since the last one.

/** s: the least time between two wanderer's notes: rare, so the ear notices each one. */
export const WANDERER_GAP_S = 8;

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
