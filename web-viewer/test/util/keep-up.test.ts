import { describe, expect, it } from "vitest";
import { frameCostMs } from "../../src/debug/frame-cost";
import { ENTER_LOAD, KeepUpMeter, LEAVE_LOAD, SPIKE_SHARE, WINDOW_MS, WindowedSamples, firefliesKeptUpWith, type KeepUp } from "../../src/util/keep-up";

const SWARM = { fireflies: 3000, serverFps: 30 } as const;

/**
 * A fake page: animation frames every `intervalMs` from `fromMs` to `toMs`, each taking `workMs`
 * of the main thread, and a light frame decoded on `decodeThread` every 1/30 s taking `decodeMs`.
 * Returns the meter's verdict at the end.
 */
function run(
  meter: KeepUpMeter,
  o: { fromMs: number; toMs: number; intervalMs: number; workMs: number; decodeMs?: number; decodeThread?: "main" | "worker"; workerDrawMs?: number },
): KeepUp {
  let nextDecode = o.fromMs;
  let verdict = meter.judge(o.fromMs, SWARM);
  for (let t = o.fromMs; t <= o.toMs; t += o.intervalMs) {
    meter.pageFrame(t, o.workMs);
    if (o.workerDrawMs !== undefined) meter.workerFrame(t, o.workerDrawMs);
    while (o.decodeMs !== undefined && nextDecode <= t) {
      meter.decoded(nextDecode, o.decodeThread ?? "worker", o.decodeMs);
      nextDecode += 1000 / 30;
    }
    verdict = meter.judge(t, SWARM);
  }
  return verdict;
}

describe("WindowedSamples", () => {
  it("averages what lies in the window and forgets the rest", () => {
    const s = new WindowedSamples(1000);
    s.add(0, 10);
    s.add(500, 20);
    expect(s.mean(900)).toBe(15);
    expect(s.mean(1200)).toBe(20);
    expect(s.count(1600)).toBe(0);
    expect(s.mean(1600)).toBe(0);
  });

  it("finds a quantile and ignores figures that are not durations", () => {
    const s = new WindowedSamples(10_000);
    for (const v of [5, 1, 4, 2, 3, Number.NaN, -1]) s.add(0, v);
    expect(s.count(0)).toBe(5);
    expect(s.quantile(0, 0)).toBe(1);
    expect(s.quantile(0, 0.5)).toBe(3);
    expect(s.quantile(0, 1)).toBe(5);
    expect(new WindowedSamples().quantile(0, 0.1)).toBeUndefined();
  });

  it("leaves the largest share of the samples out of a trimmed mean, in whole samples", () => {
    const s = new WindowedSamples(10_000);
    for (const v of [1, 2, 3, 4, 5, 6, 7, 8, 9, 100]) s.add(0, v);
    expect(s.trimmedMean(0, 0.1)).toBe(5);
    expect(s.trimmedMean(0, 0.19)).toBe(5);
    expect(s.trimmedMean(0, 0.2)).toBe(4.5);
    expect(s.trimmedMean(0, 0)).toBeCloseTo(14.5, 10);
    expect(s.trimmedMean(0, 1)).toBe(0);
    expect(new WindowedSamples().trimmedMean(0, 0.1)).toBe(0);
  });
});

describe("KeepUpMeter", () => {
  it("keeps up when the frames' work fits easily", () => {
    const meter = new KeepUpMeter();
    meter.reset(0);
    const v = run(meter, { fromMs: 0, toMs: 8000, intervalMs: 1000 / 60, workMs: 3, decodeMs: 2 });
    expect(v.behind).toBe(false);
    expect(v.judged).toBe(true);
    expect(v.fireflies).toBeUndefined();
    // 3 ms × 60 on the main thread; 2 ms × 30 on the worker.
    expect(v.load).toBeCloseTo(0.18, 2);
    expect(v.displayHz).toBeCloseTo(60, 5);
  });

  it("falls behind when a frame's work takes longer than the display allows, and estimates the fireflies", () => {
    const meter = new KeepUpMeter();
    meter.reset(0);
    // 40 ms of work: frames come every 40 ms, but a 60 Hz display wants one every 16.7 ms.
    const v = run(meter, { fromMs: 0, toMs: 8000, intervalMs: 40, workMs: 40 });
    expect(v.behind).toBe(true);
    expect(v.load).toBeCloseTo(2.4, 5);
    // 3,000 × 0.7 / 2.4 = 875, to two digits.
    expect(v.fireflies).toBe(870);
  });

  it("counts decoding on the thread it runs on and judges by the busiest thread", () => {
    const mainDecode = new KeepUpMeter();
    mainDecode.reset(0);
    // 8 ms × 60 = 0.48 of the main thread, plus 15 ms × 30 = 0.45 decoding there too.
    expect(run(mainDecode, { fromMs: 0, toMs: 8000, intervalMs: 1000 / 60, workMs: 8, decodeMs: 15, decodeThread: "main" }).behind).toBe(true);
    const workerDecode = new KeepUpMeter();
    workerDecode.reset(0);
    // The same work split over two threads: 0.48 and 0.45 + 2 ms × 60 drawing = 0.57.
    const v = run(workerDecode, { fromMs: 0, toMs: 8000, intervalMs: 1000 / 60, workMs: 8, decodeMs: 15, workerDrawMs: 2 });
    expect(v.behind).toBe(false);
    expect(v.load).toBeCloseTo(0.57, 2);
  });

  it("reads a faster display from the animation frames, and never takes one slower than 60 Hz", () => {
    const fast = new KeepUpMeter();
    fast.reset(0);
    expect(run(fast, { fromMs: 0, toMs: 4000, intervalMs: 1000 / 120, workMs: 1 }).displayHz).toBeCloseTo(120, 5);
    const slow = new KeepUpMeter();
    slow.reset(0);
    expect(run(slow, { fromMs: 0, toMs: 4000, intervalMs: 200, workMs: 1 }).displayHz).toBe(60);
  });

  it("gives no verdict from too little time or too few frames", () => {
    const meter = new KeepUpMeter();
    meter.reset(0);
    expect(run(meter, { fromMs: 0, toMs: 2500, intervalMs: 40, workMs: 40 })).toMatchObject({ behind: false, judged: false });
    const sparse = new KeepUpMeter();
    sparse.reset(0);
    // Three frames in five seconds say too little.
    expect(run(sparse, { fromMs: 0, toMs: 5000, intervalMs: 2000, workMs: 40 })).toMatchObject({ behind: false, judged: false });
  });

  it("does not fall behind for one long frame, such as the first paint after a start", () => {
    // As headless Chromium here: ten animation frames a second of 5 ms each, the first 400 ms.
    const meter = new KeepUpMeter();
    meter.reset(0);
    meter.pageFrame(0, 400);
    const v = run(meter, { fromMs: 100, toMs: 3000, intervalMs: 100, workMs: 5 });
    expect(v).toMatchObject({ behind: false, judged: true });
    expect(v.load).toBeCloseTo(0.3, 5);
    // The plain mean would have said behind: (400 + 29 × 5) / 30 ms × 60 Hz = 1.09.
    expect(((400 + 29 * 5) / 30) * 0.06).toBeGreaterThan(ENTER_LOAD);
  });

  it("still falls behind when long frames are more than the rare spike", () => {
    // Every third frame takes 50 ms, the others 5 ms: 20 ms on average, a load of 1.2; without the
    // longest tenth, 16.7 ms and a load of 1.0.
    const meter = new KeepUpMeter();
    meter.reset(0);
    let verdict: KeepUp | undefined;
    for (let i = 0, t = 0; t <= 8000; i++, t += 1000 / 60) {
      meter.pageFrame(t, i % 3 === 0 ? 50 : 5);
      verdict = meter.judge(t, SWARM);
    }
    expect(verdict?.behind).toBe(true);
    expect(verdict?.load).toBeGreaterThan(ENTER_LOAD);
    expect(verdict?.load).toBeLessThan(1.2 * (1 - SPIKE_SHARE / 2));
  });

  it("does not flicker: behind over ENTER_LOAD, back only under LEAVE_LOAD", () => {
    const meter = new KeepUpMeter();
    meter.reset(0);
    const at = (load: number): number => (load * 1000) / 60; // work per frame giving that load at 60 Hz
    expect(run(meter, { fromMs: 0, toMs: 8000, intervalMs: 1000 / 60, workMs: at(ENTER_LOAD + 0.1) }).behind).toBe(true);
    // Between the thresholds it stays behind, for as long as that lasts…
    const between = (ENTER_LOAD + LEAVE_LOAD) / 2;
    expect(run(meter, { fromMs: 8000, toMs: 8000 + 2 * WINDOW_MS, intervalMs: 1000 / 60, workMs: at(between) }).behind).toBe(true);
    // …and keeps up again once the load is under LEAVE_LOAD for a window.
    expect(run(meter, { fromMs: 18_000, toMs: 18_000 + WINDOW_MS, intervalMs: 1000 / 60, workMs: at(LEAVE_LOAD - 0.1) }).behind).toBe(false);
    // Between the thresholds from there it keeps up.
    expect(run(meter, { fromMs: 24_000, toMs: 24_000 + 2 * WINDOW_MS, intervalMs: 1000 / 60, workMs: at(between) }).behind).toBe(false);
  });

  it("holds the estimate shown while the load wanders a little", () => {
    const meter = new KeepUpMeter();
    meter.reset(0);
    const first = run(meter, { fromMs: 0, toMs: 8000, intervalMs: 1000 / 60, workMs: 30 }).fireflies;
    expect(first).toBeDefined();
    // 10 % more work: an estimate 10 % lower, within the hold.
    expect(run(meter, { fromMs: 8000, toMs: 8000 + WINDOW_MS, intervalMs: 1000 / 60, workMs: 33 }).fireflies).toBe(first);
    // Twice the work: about half the fireflies (3,000 × 0.7 / 3.6 = 583), held within 15 % of it.
    const halved = run(meter, { fromMs: 14_000, toMs: 14_000 + WINDOW_MS, intervalMs: 1000 / 60, workMs: 60 }).fireflies ?? 0;
    expect(halved).toBeLessThan((first ?? 0) * 0.65);
    expect(halved).toBeGreaterThanOrEqual(580);
    expect(halved).toBeLessThanOrEqual(583 * 1.15);
  });

  it("starts afresh after a reset", () => {
    const meter = new KeepUpMeter();
    meter.reset(0);
    expect(run(meter, { fromMs: 0, toMs: 8000, intervalMs: 40, workMs: 40 }).behind).toBe(true);
    meter.reset(9000);
    expect(meter.judge(9000, SWARM).behind).toBe(false);
    expect(meter.load(9000, 30)).toBe(0);
  });

  it("says behind without an estimate when the count is unknown", () => {
    const meter = new KeepUpMeter();
    meter.reset(0);
    run(meter, { fromMs: 0, toMs: 8000, intervalMs: 40, workMs: 40 });
    const v = meter.judge(8000, { fireflies: undefined, serverFps: 30 });
    expect(v.behind).toBe(true);
    expect(v.fireflies).toBeUndefined();
  });
});

describe("firefliesKeptUpWith", () => {
  it("scales the count to the load that keeps up, rounded down to two digits", () => {
    expect(firefliesKeptUpWith(3000, 1.4)).toBe(1500);
    expect(firefliesKeptUpWith(2_000_000, 3)).toBe(460_000);
    expect(firefliesKeptUpWith(50, 0.9)).toBe(38);
    expect(firefliesKeptUpWith(5, 0.9)).toBe(3);
    expect(firefliesKeptUpWith(1, 100)).toBe(0);
    expect(firefliesKeptUpWith(3000, 0)).toBe(3000);
  });
});

describe("frameCostMs", () => {
  it("reads ?frame-cost= as extra ms a frame, capped, and nothing otherwise", () => {
    expect(frameCostMs("?frame-cost=40")).toBe(40);
    expect(frameCostMs("?kiosk=1&frame-cost=12.5")).toBe(12.5);
    expect(frameCostMs("?frame-cost=9000")).toBe(500);
    expect(frameCostMs("")).toBe(0);
    expect(frameCostMs("?frame-cost=-3")).toBe(0);
    expect(frameCostMs("?frame-cost=fast")).toBe(0);
  });
});
