// `?frame-cost=40` makes every animation frame of the page 40 ms busier (at most 500): a way
// to see on a fast machine what the viewer does on a weak device (the status line's "keeps up
// with about …"; e2e/weak-device.e2e.ts). Busy work rather than a sleep, as on a slow device.

const MOST_MS = 500;

/** The extra work per animation frame the address asks for, ms (0: none). */
export function frameCostMs(search: string): number {
  const ms = Number(new URLSearchParams(search).get("frame-cost") ?? 0);
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, MOST_MS) : 0;
}

/** Keeps the thread busy for `ms`. */
export function busyFor(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // Nothing: the time spent is the point.
  }
}
