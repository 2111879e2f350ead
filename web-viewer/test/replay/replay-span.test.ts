// The scrub bar's arithmetic (src/replay/replay-span.ts): a moment as a share of the night kept and
// back, and the clock time read off the bar.
import { describe, expect, it } from "vitest";
import { clockText, spanMoment, spanPosition } from "../../src/replay/replay-span";

const START = Date.UTC(2025, 0, 10, 19, 0);
const END = START + 4 * 3600_000;

describe("the scrub bar's position", () => {
  it("is (at − start) / (end − start), clamped to the bar", () => {
    expect(spanPosition(START, START, END)).toBe(0);
    expect(spanPosition(END, START, END)).toBe(1);
    expect(spanPosition(START + 3600_000, START, END)).toBeCloseTo(0.25, 12);
    expect(spanPosition(START - 1000, START, END)).toBe(0);
    expect(spanPosition(END + 1000, START, END)).toBe(1);
  });

  it("is 0 while nothing is kept yet (an empty or upside-down span)", () => {
    expect(spanPosition(START, START, START)).toBe(0);
    expect(spanPosition(START, END, START)).toBe(0);
  });

  it("turns back into the moment it shows, whole milliseconds, clamped", () => {
    expect(spanMoment(0, START, END)).toBe(START);
    expect(spanMoment(1, START, END)).toBe(END);
    expect(spanMoment(0.5, START, END)).toBe(START + 2 * 3600_000);
    expect(spanMoment(-0.2, START, END)).toBe(START);
    expect(spanMoment(1.7, START, END)).toBe(END);
    expect(spanMoment(Number.NaN, START, END)).toBe(START);
    for (const p of [0, 0.125, 0.333, 0.9]) expect(spanPosition(spanMoment(p, START, END), START, END)).toBeCloseTo(p, 6);
  });
});

describe("the clock time on the bar", () => {
  it("is local time on a 24-hour clock, hours and minutes (seconds where asked)", () => {
    const late = new Date(2025, 0, 10, 21, 40, 7).getTime();
    const early = new Date(2025, 0, 11, 3, 5, 9).getTime();
    expect(clockText(late)).toBe("21:40");
    expect(clockText(early)).toBe("03:05");
    expect(clockText(early, true)).toBe("03:05:09");
  });
});
