// Running figures of how long something takes (ms): count, mean, the longest, and the mean of
// the latest ones (an exponential average), for the viewer's own measurements (debug hook).

/** Weight of the newest sample in the recent mean: about the last 60 samples (1 s at 60 Hz). */
const RECENT_WEIGHT = 1 / 60;

export class DurationStats {
  count = 0;
  totalMs = 0;
  maxMs = 0;
  recentMs = 0;

  add(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) return;
    this.count += 1;
    this.totalMs += ms;
    this.maxMs = Math.max(this.maxMs, ms);
    this.recentMs = this.count === 1 ? ms : this.recentMs + (ms - this.recentMs) * RECENT_WEIGHT;
  }

  get meanMs(): number {
    return this.count > 0 ? this.totalMs / this.count : 0;
  }

  snapshot(): { count: number; meanMs: number; maxMs: number; recentMs: number } {
    return { count: this.count, meanMs: this.meanMs, maxMs: this.maxMs, recentMs: this.recentMs };
  }
}
