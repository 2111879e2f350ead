import { describe, expect, it } from "vitest";
import { LATE_LIMIT_S, LOOK_AHEAD_S, STEPS_PER_BAR, StepScheduler, type Step } from "../../src/music/step-scheduler";

/** A fake audio clock, advanced by the test. */
class FakeClock {
  now = 0;
}

function collect(s: StepScheduler, clock: FakeClock, untilS: number, wakeEveryS: () => number): Step[] {
  const steps: Step[] = [];
  while (clock.now < untilS) {
    s.pump(clock.now, (st) => steps.push(st));
    clock.now += wakeEveryS();
  }
  return steps;
}

describe("StepScheduler", () => {
  it("places steps on the audio clock, a sixteenth apart at the bar's tempo", () => {
    const clock = new FakeClock();
    const s = new StepScheduler(() => 120);
    s.start(1);
    const steps = collect(s, clock, 3, () => 0.025);
    expect(steps[0]?.timeS).toBe(1);
    for (let i = 1; i < steps.length; i++) expect((steps[i]?.timeS ?? 0) - (steps[i - 1]?.timeS ?? 0)).toBeCloseTo(60 / 120 / 4, 12);
    expect(steps[STEPS_PER_BAR]?.bar).toBe(1);
    expect(steps[STEPS_PER_BAR]?.stepInBar).toBe(0);
  });

  it("schedules only within the look-ahead, never in the past", () => {
    const clock = new FakeClock();
    const s = new StepScheduler(() => 100);
    s.start(0);
    for (let t = 0; t < 5; t += 0.02) {
      clock.now = t;
      s.pump(t, (st) => {
        expect(st.timeS).toBeLessThan(t + LOOK_AHEAD_S);
        expect(st.timeS).toBeGreaterThanOrEqual(t - LATE_LIMIT_S);
      });
    }
  });

  it("does not drift: a jittery timer gives the same step times as a steady one, for an hour", () => {
    let seed = 1;
    const jitter = () => {
      seed = (seed * 16807) % 2147483647;
      return 0.005 + (seed / 2147483647) * 0.06; // wakes 5 … 65 ms apart
    };
    const a = new StepScheduler(() => 87);
    const b = new StepScheduler(() => 87);
    a.start(0);
    b.start(0);
    const steady = collect(a, new FakeClock(), 3600, () => 0.025);
    const jittery = collect(b, new FakeClock(), 3600, jitter);
    const n = Math.min(steady.length, jittery.length);
    expect(n).toBeGreaterThan(87 * 4 * 59);
    for (let i = 0; i < n; i += 997) expect(jittery[i]?.timeS).toBe(steady[i]?.timeS);
    // The last step is where an exact grid puts it.
    const last = steady[n - 1];
    expect(last?.timeS).toBeCloseTo(((n - 1) * 60) / 87 / 4, 6);
  });

  it("changes tempo only at a bar's start, and reports the next beat and bar", () => {
    let bpm = 60;
    const s = new StepScheduler(() => bpm);
    s.start(0);
    const steps: Step[] = [];
    s.pump(0.5, (st) => steps.push(st)); // 0 … 0.65 s: steps 0, 0.25, 0.5
    bpm = 120;
    s.pump(3.8, (st) => steps.push(st)); // the rest of bar 0 (4 s long) at 60, up to 3.95 s
    expect(steps.every((st) => st.bpm === 60)).toBe(true);
    expect(s.nextBarS).toBe(4);
    expect(s.nextBeatS).toBe(4);
    s.pump(4, (st) => steps.push(st)); // up to 4.15 s: 4 and 4.125
    const bar1 = steps.filter((st) => st.bar === 1);
    expect(bar1[0]?.timeS).toBe(4);
    expect(bar1[0]?.bpm).toBe(120);
    expect((bar1[1]?.timeS ?? 0) - 4).toBeCloseTo(0.125, 12);
    // Mid-beat: the next beat is the next multiple of a beat from the bar's start.
    expect(s.nextBeatS).toBeCloseTo(4.5, 12);
  });

  it("skips what a sleeping page missed instead of playing it all at once", () => {
    const s = new StepScheduler(() => 120);
    s.start(0);
    const steps: Step[] = [];
    s.pump(0, (st) => steps.push(st));
    s.pump(10, (st) => steps.push(st)); // woke 10 s later
    const late = steps.filter((st) => st.timeS < 10 - LATE_LIMIT_S && st.timeS > LOOK_AHEAD_S);
    expect(late).toEqual([]);
    // The grid is kept: the steps after the gap are still whole sixteenths from the start.
    const after = steps[steps.length - 1];
    expect(((after?.timeS ?? 0) / 0.125) % 1).toBeCloseTo(0, 9);
  });

  it("plays nothing before it starts or after it stops", () => {
    const s = new StepScheduler(() => 90);
    expect(s.pump(1, () => undefined)).toBe(0);
    s.start(0);
    expect(s.pump(0, () => undefined)).toBeGreaterThan(0);
    s.stop();
    expect(s.pump(5, () => undefined)).toBe(0);
  });
});
