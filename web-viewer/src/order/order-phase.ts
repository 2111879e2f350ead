// A flock's announced order crossings, whatever the world (docs/rules.md: each boids world's
// order parameter): the server announces each real crossing of a threshold once (with
// hysteresis) in the frame's events; here they become plain values, and where a frame's crossings
// took the flock: into order through a threshold above the middle, into disorder through one below.
import type { Event } from "../gen/meadow/v1/viewer_pb";

export interface OrderCrossingView {
  readonly threshold: number;
  /** From disorder towards order. */
  readonly rising: boolean;
  /** The order parameter when it was announced, 0 … 1. */
  readonly order: number;
}

/** Above this a threshold marks order, below it disorder. */
export const ORDER_MIDDLE = 0.5;

export function crossingsFromEvents(events: readonly Event[]): OrderCrossingView[] {
  const out: OrderCrossingView[] = [];
  for (const e of events) {
    if (e.body.case !== "orderCrossing") continue;
    const c = e.body.value;
    if (!Number.isFinite(c.threshold) || !Number.isFinite(c.order)) continue;
    out.push({ threshold: c.threshold, rising: c.rising, order: c.order });
  }
  return out;
}

/**
 * Where a frame's crossings took the flock: into order (the last one rose through a threshold
 * above the middle), into disorder (it fell through one below it), or neither (on the way
 * between, or none).
 */
export function phaseReached(crossings: readonly OrderCrossingView[]): "order" | "disorder" | undefined {
  const last = crossings.at(-1);
  if (!last) return undefined;
  if (last.rising) return last.threshold >= ORDER_MIDDLE ? "order" : undefined;
  return last.threshold <= ORDER_MIDDLE ? "disorder" : undefined;
}
