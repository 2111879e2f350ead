// ↑ and ↓: ask for half as many fireflies again (×1.5) or a third fewer (÷1.5), rounded and kept
// within the viewer's range: at most what the server lets a viewer ask for (its figures say).
// Presses in quick succession build on the count just asked for, not on the server's figure
// that has not caught up yet (the server applies a viewer's count at most twice a second and
// the last one asked wins).
export const MIN_COUNT = 100;
export const MAX_COUNT = 2_000_000;
export const COUNT_FACTOR = 1.5;
/** How long a count asked for stands in for the server's target before it is reflected. */
const PENDING_MS = 1500;

export type CountDirection = "more" | "fewer";

export function stepCount(current: number, direction: CountDirection, max: number = MAX_COUNT): number {
  const next = direction === "more" ? current * COUNT_FACTOR : current / COUNT_FACTOR;
  // More never goes past the ceiling; fewer from above it (the operator set more) may stay above.
  const top = direction === "more" ? Math.min(max, MAX_COUNT) : MAX_COUNT;
  return Math.min(top, Math.max(MIN_COUNT, Math.round(next)));
}

export class CountStepper {
  private pending: { readonly count: number; readonly atMs: number } | undefined;

  /**
   * The count to ask for, or undefined when there is nothing to ask (no figure yet, or already
   * at the limit). `serverTarget` is the server's target_count (its count if it has none).
   */
  step(direction: CountDirection, serverTarget: number | undefined, nowMs: number, max: number = MAX_COUNT): number | undefined {
    const p = this.pending;
    const fresh = p !== undefined && nowMs - p.atMs < PENDING_MS && p.count !== serverTarget;
    const base = fresh ? p.count : serverTarget;
    if (base === undefined || !(base > 0)) return undefined;
    const next = stepCount(base, direction, max);
    if (direction === "more" ? next <= base : next >= base) return undefined;
    this.pending = { count: next, atMs: nowMs };
    return next;
  }
}
