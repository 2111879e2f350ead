// A recording of trails asked of the server (r, the "record trails" button;
// docs/rules.md "The swarm · Trails"): under way from the ask until the server answers with the
// Trails, refuses it with a notice, the link drops or RECORDING_TIMEOUT_MS pass. The server's recording
// takes 240 steps of warm-up and 120 recorded, about 6 s at 60 steps a second. Free of the DOM: the
// controls show it and save the answer.

/** Without an answer by then the recording is given up (the server may have dropped it). */
export const RECORDING_TIMEOUT_MS = 30_000;
/** About how long the server's default recording takes, ms (360 steps at ~60 a second). */
export const RECORDING_EXPECTED_MS = 6_000;

/**
 * Notices with which the server refuses a recording (their text shows as every notice's does):
 * one is under way already, there is no swarm, too many asks.
 */
export const RECORDING_REFUSALS: ReadonlySet<string> = new Set(["trails_busy", "trails_unavailable", "rate_limited"]);

export class TrailRecording {
  private startedAt: number | undefined;

  get recording(): boolean {
    return this.startedAt !== undefined;
  }

  /** Starts one; false while one is under way already. */
  start(nowMs: number): boolean {
    if (this.recording) return false;
    this.startedAt = nowMs;
    return true;
  }

  /** Whole seconds since it started (0 when none is under way). */
  elapsedS(nowMs: number): number {
    return this.startedAt === undefined ? 0 : Math.max(0, Math.floor((nowMs - this.startedAt) / 1000));
  }

  /** The Trails came: it is over. */
  answered(): void {
    this.startedAt = undefined;
  }

  /** A notice came: whether it refused the recording under way (which ends it). */
  noticed(code: string): boolean {
    if (!this.recording || !RECORDING_REFUSALS.has(code)) return false;
    this.startedAt = undefined;
    return true;
  }

  /** Whether it just ran out of time (which ends it). */
  timedOut(nowMs: number): boolean {
    if (this.startedAt === undefined || nowMs - this.startedAt < RECORDING_TIMEOUT_MS) return false;
    this.startedAt = undefined;
    return true;
  }

  /** The link dropped (its answer went with it); whether one was under way. */
  stop(): boolean {
    const was = this.recording;
    this.startedAt = undefined;
    return was;
  }
}
