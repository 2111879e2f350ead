// The swarm's announced order crossings (docs/rules.md "The swarm · Measures": everyone watching
// is told when the swarm falls into order or into disorder). The server announces each real
// crossing of a threshold of the order parameter once (with hysteresis) in the frame's events; here
// they become plain values and the words said on screen. Its thresholds are 0.3 and 0.7: rising
// through the upper one is falling into order, falling through the lower one falling into disorder;
// the two crossings in between say the swarm is on its way.
import type { Event } from "../gen/meadow/v1/viewer_pb";

export interface OrderCrossingView {
  readonly threshold: number;
  /** From disorder towards order. */
  readonly rising: boolean;
  /** The order parameter when it was announced, 0 … 1. */
  readonly order: number;
}

/** Above this a threshold marks order, below it disorder (the server's are 0.3 and 0.7). */
const MIDDLE = 0.5;

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

/** The words for one crossing. */
export function crossingText(c: OrderCrossingView): string {
  const at = `order ${c.order.toFixed(2)}`;
  if (c.rising) return c.threshold >= MIDDLE ? `The swarm falls into order (${at})` : `The swarm stirs out of disorder (${at})`;
  return c.threshold <= MIDDLE ? `The swarm falls into disorder (${at})` : `The swarm loosens out of order (${at})`;
}

/**
 * What one frame's crossings say on screen: the last one. The server lists a frame's crossings
 * lowest threshold first when rising and highest first when falling, so the last is the
 * furthest the swarm went; saying each in turn would flash past unread.
 */
export function announcementFor(crossings: readonly OrderCrossingView[]): string | undefined {
  const last = crossings.at(-1);
  return last ? crossingText(last) : undefined;
}

/**
 * Where a frame's crossings took the flock (this world's, or another boids world's): into order (the last one
 * rose through a threshold above the middle), into disorder (it fell through one below it), or
 * neither (on the way between, or none).
 */
export function phaseReached(crossings: readonly OrderCrossingView[]): "order" | "disorder" | undefined {
  const last = crossings.at(-1);
  if (!last) return undefined;
  if (last.rising) return last.threshold >= MIDDLE ? "order" : undefined;
  return last.threshold <= MIDDLE ? "disorder" : undefined;
}
