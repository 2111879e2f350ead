// The swarm's announced order crossings (docs/rules.md "The swarm · Measures": everyone watching
// is told when the swarm falls into order or into disorder). The server announces each real
// crossing of a threshold of the order parameter once (with hysteresis) in the frame's events; here
// they become plain values and the words said on screen. Its thresholds are 0.3 and 0.7: rising
// through the upper one is falling into order, falling through the lower one falling into disorder;
// the two crossings in between say the swarm is on its way.
import { ORDER_MIDDLE as MIDDLE, type OrderCrossingView } from "../order/order-phase";

export { crossingsFromEvents, phaseReached, type OrderCrossingView } from "../order/order-phase";

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
