// The swarm's phases on screen: the order parameter's history for its trace, the crossings the
// server announces and the words said for them.
import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { EventSchema, type Event } from "../../src/gen/meadow/v1/viewer_pb";
import { announcementFor, crossingText, crossingsFromEvents } from "../../src/swarm/order-crossings";
import { ORDER_STEP_MS, ORDER_WINDOW_MS, OrderHistory, tracePoints } from "../../src/order/order-history";

const crossing = (threshold: number, rising: boolean, order: number): Event =>
  create(EventSchema, { tick: 1n, body: { case: "orderCrossing", value: { threshold, rising, order } } });
const crumb = (): Event => create(EventSchema, { tick: 1n, body: { case: "crumbEaten", value: { markId: 3 } } });

describe("OrderHistory", () => {
  it("keeps one point per half second, the latest value of it", () => {
    const h = new OrderHistory();
    let last = 0;
    for (let i = 0; i < 60; i++) {
      last = (i * 1000) / 30;
      h.add(last, last / 2000);
    }
    expect(h.samples.length).toBe(Math.ceil(2000 / ORDER_STEP_MS));
    for (let i = 1; i < h.samples.length; i++) {
      expect((h.samples[i]?.atMs ?? 0) - (h.samples[i - 1]?.atMs ?? 0)).toBeGreaterThanOrEqual(ORDER_STEP_MS);
    }
    expect(h.latest).toBe(last / 2000);
  });

  it("forgets what is older than a minute, and a minute of frames stays small", () => {
    const h = new OrderHistory();
    for (let t = 0; t <= 3 * ORDER_WINDOW_MS; t += 1000 / 30) h.add(t, 0.5);
    expect(h.samples[0]?.atMs).toBeGreaterThanOrEqual(2 * ORDER_WINDOW_MS);
    expect(h.samples.length).toBeLessThanOrEqual(ORDER_WINDOW_MS / ORDER_STEP_MS + 1);
  });

  it("clamps to 0 … 1, drops what is not a number, and clears", () => {
    const h = new OrderHistory();
    h.add(0, 1.2);
    expect(h.latest).toBe(1);
    h.add(600, -0.1);
    expect(h.latest).toBe(0);
    h.add(1200, Number.NaN);
    expect(h.samples.length).toBe(2);
    h.clear();
    expect(h.latest).toBeUndefined();
  });

  it("keeps the announced thresholds once each, in order, rounded from float32", () => {
    const h = new OrderHistory();
    for (const t of [0.699999988079071, 0.30000001192092896, 0.699999988079071, 5, Number.NaN]) h.addThreshold(t);
    expect(h.thresholds).toEqual([0.3, 0.7]);
  });

  it("lays the trace out with now at the right edge, a minute ago at the left and 1 at the top", () => {
    const samples = [
      { atMs: 0, order: 0 },
      { atMs: 30_000, order: 0.5 },
      { atMs: 60_000, order: 1 },
    ];
    expect(tracePoints(samples, 60_000, 120, 20)).toEqual([
      { x: 0, y: 20 },
      { x: 60, y: 10 },
      { x: 120, y: 0 },
    ]);
    // Older than the window: not drawn.
    expect(tracePoints(samples, 90_001, 120, 20).length).toBe(1);
  });
});

describe("order crossings", () => {
  it("are read from a frame's events, the others left aside", () => {
    expect(crossingsFromEvents([crumb(), crossing(0.7, true, 0.75), crossing(Number.NaN, true, 1)])).toEqual([
      { threshold: expect.closeTo(0.7, 5) as number, rising: true, order: expect.closeTo(0.75, 5) as number },
    ]);
  });

  it("say the swarm falls into order or into disorder, and how it is on its way between", () => {
    expect(crossingText({ threshold: 0.7, rising: true, order: 0.752 })).toBe("The swarm falls into order (order 0.75)");
    expect(crossingText({ threshold: 0.3, rising: false, order: 0.249 })).toBe("The swarm falls into disorder (order 0.25)");
    expect(crossingText({ threshold: 0.3, rising: true, order: 0.352 })).toBe("The swarm stirs out of disorder (order 0.35)");
    expect(crossingText({ threshold: 0.7, rising: false, order: 0.648 })).toBe("The swarm loosens out of order (order 0.65)");
  });

  it("announce a frame's furthest crossing (the server lists it last), and nothing without one", () => {
    const both = crossingsFromEvents([crossing(0.3, true, 0.76), crossing(0.7, true, 0.76)]);
    expect(announcementFor(both)).toBe("The swarm falls into order (order 0.76)");
    const down = crossingsFromEvents([crossing(0.7, false, 0.2), crossing(0.3, false, 0.2)]);
    expect(announcementFor(down)).toBe("The swarm falls into disorder (order 0.20)");
    expect(announcementFor([])).toBeUndefined();
  });
});
