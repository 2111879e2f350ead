import { describe, expect, it } from "vitest";
import { Throttle } from "../../src/util/throttle";
import { SLIDER_INTERVAL_MS, WeightSliderModel, clampWeight } from "../../src/swarm/weight-slider-model";

describe("Throttle", () => {
  it("lets the first value through, then one per interval, the latest waiting", () => {
    const t = new Throttle<number>(100);
    expect(t.push(1, 0)).toBe(1);
    expect(t.push(2, 20)).toBeUndefined();
    expect(t.push(3, 50)).toBeUndefined();
    expect(t.take(90)).toBeUndefined();
    expect(t.take(100)).toBe(3);
    expect(t.take(300)).toBeUndefined();
    expect(t.push(4, 300)).toBe(4);
    expect(t.push(5, 310)).toBeUndefined();
    expect(t.drain(320)).toBe(5);
    expect(t.drain(330)).toBeUndefined();
  });
});

describe("WeightSliderModel", () => {
  it("sends at most one value per interval while dragging, and the last one on release", () => {
    const m = new WeightSliderModel("alignment");
    m.grab();
    const sent: number[] = [];
    for (let t = 0, v = 1; t <= 500; t += 10, v += 0.05) {
      const now = m.input(v, t);
      if (now !== undefined) sent.push(now);
      const due = m.flush(t);
      if (due !== undefined) sent.push(due);
    }
    expect(sent.length).toBeLessThanOrEqual(500 / SLIDER_INTERVAL_MS + 1);
    expect(sent.length).toBeGreaterThanOrEqual(4);
    const last = m.release(505);
    const all = last === undefined ? sent : [...sent, last];
    expect(all.at(-1)).toBeCloseTo(3, 5); // 1 + 50 × 0.05 = 3.5, clamped to 3
  });

  it("shows the server's value only when left alone for a moment", () => {
    const m = new WeightSliderModel("cohesion");
    expect(m.reflects(0)).toBe(true);
    m.grab();
    m.input(2, 100);
    expect(m.reflects(5000)).toBe(false); // still held
    m.release(5000);
    expect(m.reflects(5100)).toBe(false); // its own change is on the way
    expect(m.reflects(6100)).toBe(true);
  });

  it("keeps weights within 0 … 3 on the 0.05 grid", () => {
    expect(clampWeight(-1)).toBe(0);
    expect(clampWeight(7)).toBe(3);
    expect(clampWeight(1.234)).toBe(1.25);
    expect(clampWeight(Number.NaN)).toBe(1);
  });
});
