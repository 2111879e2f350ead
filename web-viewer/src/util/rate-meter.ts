// Events per second over a sliding window, for the status line's "frames received".
// Counted over the window (or the time since the last reset, if shorter) rather than between
// the first and last event, so a burst of queued messages after a busy moment does not read
// as a huge rate.
export class RateMeter {
  private readonly stamps: number[] = [];
  private since = Number.NEGATIVE_INFINITY;

  constructor(private readonly windowMs = 2000) {}

  /** Start counting afresh at `nowMs` (e.g. when a connection is welcomed). */
  reset(nowMs: number): void {
    this.stamps.length = 0;
    this.since = nowMs;
  }

  mark(nowMs: number): void {
    this.stamps.push(nowMs);
    this.trim(nowMs);
  }

  rate(nowMs: number): number {
    this.trim(nowMs);
    const span = Math.min(this.windowMs, nowMs - this.since);
    // Too short a span says nothing yet.
    if (!(span >= 250)) return 0;
    return (this.stamps.length * 1000) / span;
  }

  private trim(nowMs: number): void {
    while (this.stamps.length > 0 && (this.stamps[0] ?? 0) <= nowMs - this.windowMs) this.stamps.shift();
  }
}
