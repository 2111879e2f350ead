// Flashes → notes, thinned (docs/rules.md "The music · The colony": flashes play soft notes in the
// groove's scale; hundreds a second must not become noise). Flashes pile up between the groove's
// flash slots (its off-beat eighths); each slot plays at most one note: a synced group's own note
// if one flashed (the same degree each time: the group's flower id picks it), else a wanderer's, a
// little louder the more flashed. So the note rate never exceeds one per slot whatever the colony
// does.

/** Degrees (of the theme's scale, from its flash octave) the flash notes use: a pentatonic-like subset that never clashes. */
export const FLASH_DEGREES: readonly number[] = [0, 1, 2, 4, 5];
/** Velocity of a slot with one flash, and the most a busy slot adds (quiet: the flashes are a shimmer over the groove). */
const FLASH_BASE_VELOCITY = 0.25;
const FLASH_EXTRA_VELOCITY = 0.2;
/** Flashes in a slot at which the extra velocity is full (log scale: 1 → 0, 100 → full). */
const FLASH_FULL_COUNT = 100;

export interface FlashNote {
  /** Index into FLASH_DEGREES. */
  readonly degreeIndex: number;
  readonly velocity: number;
  /** Flashes this note stands for. */
  readonly flashes: number;
  readonly inSync: boolean;
}

export class FlashGate {
  private count = 0;
  private syncedGroup: number | undefined;
  private lastWandererPick = 0;
  /** Flashes heard and notes played, for tests and the debug hook. */
  heard = 0;
  notes = 0;

  /** A flash of group `group` (0: a wanderer); `pick` in [0, 1) chooses a wanderer's degree. */
  add(group: number, inSync: boolean, pick: number): void {
    this.count++;
    this.heard++;
    if (inSync && group > 0) this.syncedGroup = group;
    else this.lastWandererPick = pick;
  }

  /** A flash slot: the note it plays, if anything flashed since the last one. */
  take(): FlashNote | undefined {
    if (this.count === 0) return undefined;
    const n = FLASH_DEGREES.length;
    const inSync = this.syncedGroup !== undefined;
    const degreeIndex = inSync ? (this.syncedGroup ?? 0) % n : Math.floor(this.lastWandererPick * n) % n;
    const extra = Math.min(1, Math.log(this.count) / Math.log(FLASH_FULL_COUNT));
    const note = { degreeIndex, velocity: FLASH_BASE_VELOCITY + FLASH_EXTRA_VELOCITY * extra, flashes: this.count, inSync };
    this.count = 0;
    this.syncedGroup = undefined;
    this.notes++;
    return note;
  }
}
