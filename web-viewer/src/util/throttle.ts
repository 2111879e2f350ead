// A throttle on an explicit clock: at most one value per interval goes out, the latest value
// pushed in between waits and goes out as soon as the interval has passed (trailing edge), so
// the last value of a drag is never lost. The owner polls `take` (e.g. once per animation frame).
export class Throttle<T> {
  private lastSentAt = Number.NEGATIVE_INFINITY;
  private waiting: { readonly value: T } | undefined;

  constructor(readonly intervalMs: number) {}

  /** Returns the value if it may go now (and counts it as sent); otherwise keeps it waiting. */
  push(value: T, nowMs: number): T | undefined {
    if (nowMs - this.lastSentAt >= this.intervalMs) {
      this.lastSentAt = nowMs;
      this.waiting = undefined;
      return value;
    }
    this.waiting = { value };
    return undefined;
  }

  /** The waiting value once its turn has come (and counts it as sent). */
  take(nowMs: number): T | undefined {
    if (!this.waiting || nowMs - this.lastSentAt < this.intervalMs) return undefined;
    const { value } = this.waiting;
    this.waiting = undefined;
    this.lastSentAt = nowMs;
    return value;
  }

  /** The waiting value at once, whatever the interval (e.g. when a drag ends). */
  drain(nowMs: number): T | undefined {
    if (!this.waiting) return undefined;
    const { value } = this.waiting;
    this.waiting = undefined;
    this.lastSentAt = nowMs;
    return value;
  }

  get hasWaiting(): boolean {
    return this.waiting !== undefined;
  }

  /** Forget the waiting value and the interval (e.g. a new gesture starts). */
  reset(): void {
    this.waiting = undefined;
    this.lastSentAt = Number.NEGATIVE_INFINITY;
  }
}
