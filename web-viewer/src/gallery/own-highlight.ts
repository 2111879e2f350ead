// When a visitor's own things are ringed (docs/rules.md "The gallery": a visitor who joins sees
// briefly which of the world's things are theirs): just after joining, and after the visitor's
// first action (a tap, a held predator, food thrown), as soon as the world's frames show something
// of theirs, for OWN_RING_MS. Nothing of theirs within OWN_WAIT_MS: nothing is ringed. Pure, on an
// explicit clock (ms).

/** How long the rings last, ms. */
export const OWN_RING_MS = 3000;
/** How long after joining or acting the page waits for the frames to show the visitor's things, ms. */
export const OWN_WAIT_MS = 8000;

export class OwnHighlight {
  private armedAt: number | undefined;
  private startedAt: number | undefined;
  private actedOnce = false;
  /** Highlights shown since the page loaded, for the debug hook. */
  shownCount = 0;

  /** A Welcome: a new session joined. */
  joined(nowMs: number): void {
    this.arm(nowMs);
  }

  /** The visitor acted: the first time, what it made is ringed. */
  acted(nowMs: number): void {
    if (this.actedOnce) return;
    this.actedOnce = true;
    this.arm(nowMs);
  }

  /**
   * How strongly to ring the visitor's things at `nowMs` (1 when it begins, falling to 0 as it
   * ends; 0: no rings), given whether the world shows anything of theirs now.
   */
  strength(nowMs: number, anyOwn: boolean): number {
    if (this.startedAt === undefined) {
      if (this.armedAt === undefined || !anyOwn) {
        if (this.armedAt !== undefined && nowMs - this.armedAt > OWN_WAIT_MS) this.armedAt = undefined;
        return 0;
      }
      this.startedAt = nowMs;
      this.shownCount += 1;
    }
    const t = nowMs - this.startedAt;
    if (t >= OWN_RING_MS) {
      this.startedAt = undefined;
      this.armedAt = undefined;
      return 0;
    }
    return 1 - t / OWN_RING_MS;
  }

  private arm(nowMs: number): void {
    this.armedAt = nowMs;
    this.startedAt = undefined;
  }
}
