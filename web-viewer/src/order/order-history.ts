// A flock's order parameter over the last minute, for its live trace (each world with an order)
// (docs/rules.md: the viewer shows the order parameter live). Frames come 30
// a second; the trace is a few dozen pixels wide, so one point per half second is all it can show:
// each point keeps the latest value of its half second. The thresholds whose crossings the server
// announced are kept too, so the trace can draw them (the protocol names them only in those
// announcements).

/** How much of the past the trace shows, ms. */
export const ORDER_WINDOW_MS = 60_000;
/** One point per this long, ms. */
export const ORDER_STEP_MS = 500;

export interface OrderPoint {
  readonly atMs: number;
  /** 0 (every way) … 1 (all one way). */
  readonly order: number;
}

export class OrderHistory {
  private readonly points: OrderPoint[] = [];
  private readonly thresholdSet = new Set<number>();

  /** One frame's order parameter, at `atMs` (the page's clock). Values out of 0 … 1 are clamped; NaN is dropped. */
  add(atMs: number, order: number): void {
    if (!Number.isFinite(order) || !Number.isFinite(atMs)) return;
    const point = { atMs, order: Math.min(1, Math.max(0, order)) };
    const last = this.points.at(-1);
    if (last && atMs - last.atMs < ORDER_STEP_MS && atMs >= last.atMs) {
      // Same half second: the newest value stands for it, at the time its half second began.
      this.points[this.points.length - 1] = { atMs: last.atMs, order: point.order };
    } else {
      this.points.push(point);
    }
    this.dropBefore(atMs - ORDER_WINDOW_MS);
  }

  /** A threshold the server announced a crossing of (rounded: it comes as a float32). */
  addThreshold(threshold: number): void {
    if (Number.isFinite(threshold) && threshold > 0 && threshold < 1) this.thresholdSet.add(Math.round(threshold * 1000) / 1000);
  }

  /** Oldest first, none older than the window before the newest. */
  get samples(): readonly OrderPoint[] {
    return this.points;
  }

  get latest(): number | undefined {
    return this.points.at(-1)?.order;
  }

  /** Ascending. */
  get thresholds(): readonly number[] {
    return [...this.thresholdSet].sort((a, b) => a - b);
  }

  /** A new link or another server: the past no longer belongs to what comes. */
  clear(): void {
    this.points.length = 0;
  }

  private dropBefore(atMs: number): void {
    let n = 0;
    while (n < this.points.length && (this.points[n]?.atMs ?? 0) < atMs) n++;
    if (n > 0) this.points.splice(0, n);
  }
}

/** Where the trace's points lie in a box of `width` × `height` px at `nowMs`: now at the right edge, a minute ago at the left, 1 at the top. */
export function tracePoints(samples: readonly OrderPoint[], nowMs: number, width: number, height: number): { x: number; y: number }[] {
  const out: { x: number; y: number }[] = [];
  for (const s of samples) {
    const age = nowMs - s.atMs;
    if (age > ORDER_WINDOW_MS) continue;
    out.push({ x: width * (1 - Math.max(0, age) / ORDER_WINDOW_MS), y: height * (1 - s.order) });
  }
  return out;
}
