// The swarm's order parameter and its crossings of the test's own making: a WebSocket route
// between the page and the real server passes everything through, except that in every swarm
// frame the order parameter is that of the last crossing the test sent, and the crossings are those
// the test asked for (the server's own are taken out). The light, the fireflies' figures and
// everything else stay the server's. For checking what the viewer makes of crossings (the words,
// the caption's life, the motifs, the trace) without waiting for a free swarm to cross: the
// crossings themselves are tested in C++ (tests/sim/swarm/order_crossings_test.cpp), and the
// swarm-phases spec waits for one real crossing as well.
import { create } from "@bufbuild/protobuf";
import type { Page } from "playwright-core";
import { EventSchema } from "../src/gen/meadow/v1/viewer_pb";
import { routeSwarmFrames } from "./swarm-frames-route";

export interface MadeCrossing {
  readonly threshold: number;
  readonly rising: boolean;
  /** The order parameter when it crossed; it stays the frames' order parameter after. */
  readonly order: number;
}

export interface OrderRoute {
  /** Sends `c` in the next swarm frame (and its order after it); resolves once it was sent. */
  cross(c: MadeCrossing): Promise<void>;
}

/** Routes `page`'s WebSocket before it opens: call before `page.goto`. */
export async function routeOrder(page: Page, initialOrder: number): Promise<OrderRoute> {
  let order = initialOrder;
  const pending: { crossing: MadeCrossing; sent: () => void }[] = [];
  await routeSwarmFrames(page, (frame) => {
    frame.events = frame.events.filter((e) => e.body.case !== "orderCrossing");
    const due = pending.splice(0);
    for (const { crossing } of due) {
      frame.events.push(create(EventSchema, { tick: frame.tick, body: { case: "orderCrossing", value: crossing } }));
      order = crossing.order;
    }
    frame.swarm.order = order;
    // Resolved now, the waiting test goes on only after this frame was sent (a microtask later).
    for (const d of due) d.sent();
  });
  return { cross: (crossing) => new Promise<void>((sent) => pending.push({ crossing, sent })) };
}
