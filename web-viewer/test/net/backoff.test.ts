import { describe, expect, it } from "vitest";
import { DEFAULT_BACKOFF, backoffDelayMs, nominalDelayMs } from "../../src/net/backoff";

describe("reconnect backoff", () => {
  it("doubles from 0.5 s and is capped at 10 s", () => {
    const schedule = Array.from({ length: 8 }, (_, i) => nominalDelayMs(i));
    expect(schedule).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
  });

  it("never exceeds the cap, even after very many attempts", () => {
    expect(nominalDelayMs(1000)).toBe(DEFAULT_BACKOFF.maxMs);
    expect(backoffDelayMs(1000, 0)).toBe(DEFAULT_BACKOFF.maxMs);
  });

  it("jitters downwards by at most half", () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const nominal = nominalDelayMs(attempt);
      expect(backoffDelayMs(attempt, 0)).toBe(nominal);
      expect(backoffDelayMs(attempt, 0.999_999)).toBeCloseTo(nominal / 2, -1);
      for (const r of [0.1, 0.5, 0.9]) {
        const d = backoffDelayMs(attempt, r);
        expect(d).toBeGreaterThanOrEqual(nominal / 2);
        expect(d).toBeLessThanOrEqual(nominal);
      }
    }
  });

  it("spreads a room of viewers over the window", () => {
    const delays = new Set([0.05, 0.25, 0.45, 0.65, 0.85].map((r) => backoffDelayMs(5, r)));
    expect(delays.size).toBe(5);
  });

  it("treats odd inputs sanely", () => {
    expect(nominalDelayMs(-3)).toBe(500);
    expect(backoffDelayMs(0, -1)).toBe(500);
    expect(backoffDelayMs(0, 7)).toBe(250);
  });
});
