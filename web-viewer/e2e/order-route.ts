// The swarm's order parameter and its crossings of the test's own making: a WebSocket route
// between the page and the real server passes everything through, except that in every swarm
// frame the order parameter is the one the test set last, and the order crossings are the ones
// the test asked for (the server's own are taken out). The light, the fireflies' figures and
// everything else stay the server's. For checking what the viewer makes of crossings (the words,
// the caption's life, the motifs, the trace) without waiting for a free swarm to cross: the
// crossings themselves are tested in C++ (tests/sim/swarm/order_crossings_test.cpp), and the
// swarm-phases spec waits for one real crossing as well.
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import type { Page } from "playwright-core";
import { EventSchema, ServerMessageSchema } from "../src/gen/meadow/v1/viewer_pb";

export interface MadeCrossing {
  readonly threshold: number;
  readonly rising: boolean;
  /** The order parameter when it crossed; it stays the frames' order parameter after. */
  readonly order: number;
}

export interface OrderRoute {
  /** The order parameter every swarm frame carries from now on. */
  setOrder(order: number): void;
  /** Sends `c` in the next swarm frame (and its order after it); resolves once it was sent. */
  cross(c: MadeCrossing): Promise<void>;
  /** Swarm frames sent with the made order so far. */
  readonly frames: number;
}

/** Routes `page`'s WebSocket before it opens: call before `page.goto`. */
export async function routeOrder(page: Page, initialOrder: number): Promise<OrderRoute> {
  let order = initialOrder;
  let frames = 0;
  const pending: { crossing: MadeCrossing; sent: () => void }[] = [];
  await page.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((m) => server.send(m));
    server.onMessage((m) => {
      if (typeof m === "string") return ws.send(m);
      const message = fromBinary(ServerMessageSchema, new Uint8Array(m));
      const frame = message.body.case === "frame" ? message.body.value : undefined;
      if (!frame?.swarm) return ws.send(m);
      frame.events = frame.events.filter((e) => e.body.case !== "orderCrossing");
      const sent = pending.splice(0);
      for (const { crossing } of sent) {
        frame.events.push(create(EventSchema, { tick: frame.tick, body: { case: "orderCrossing", value: crossing } }));
        order = crossing.order;
      }
      frame.swarm.order = order;
      frames += 1;
      ws.send(Buffer.from(toBinary(ServerMessageSchema, message)));
      for (const s of sent) s.sent();
    });
  });
  return {
    setOrder: (o) => {
      order = o;
    },
    cross: (crossing) => new Promise<void>((sent) => pending.push({ crossing, sent })),
    get frames() {
      return frames;
    },
  };
}
