import { describe, expect, it } from "vitest";
import { CountStepper, MAX_COUNT, MIN_COUNT, stepCount } from "../../src/ui/count-step";

describe("stepCount", () => {
  it("asks for ×1.5 and ÷1.5, rounded", () => {
    expect(stepCount(3000, "more")).toBe(4500);
    expect(stepCount(3000, "fewer")).toBe(2000);
    expect(stepCount(1001, "more")).toBe(1502); // 1501.5 rounds up
    expect(stepCount(1000, "fewer")).toBe(667);
  });

  it("stays within 100 … 2,000,000", () => {
    expect(stepCount(120, "fewer")).toBe(MIN_COUNT);
    expect(stepCount(100, "fewer")).toBe(100);
    expect(stepCount(1_500_000, "more")).toBe(MAX_COUNT);
    expect(stepCount(MAX_COUNT, "more")).toBe(MAX_COUNT);
    expect(stepCount(5, "more")).toBe(MIN_COUNT);
  });

  it("goes no further up than the server lets a viewer ask, but down from above it", () => {
    expect(stepCount(40_000, "more", 48_000)).toBe(48_000);
    expect(stepCount(48_000, "more", 48_000)).toBe(48_000);
    // The operator set 200,000: fewer stays above the viewers' ceiling.
    expect(stepCount(200_000, "fewer", 48_000)).toBe(133_333);
  });
});

describe("CountStepper", () => {
  it("steps from the server's target", () => {
    const s = new CountStepper();
    expect(s.step("more", 3000, 0)).toBe(4500);
    expect(s.step("fewer", 4500, 5000)).toBe(3000);
  });

  it("builds on the count just asked for while the server catches up", () => {
    const s = new CountStepper();
    expect(s.step("more", 3000, 0)).toBe(4500);
    expect(s.step("more", 3000, 200)).toBe(6750);
    // The server has caught up: its figure is the base again.
    expect(s.step("more", 6750, 400)).toBe(10125);
    // Long after, a stale request no longer counts.
    expect(s.step("fewer", 9000, 10_000)).toBe(6000);
  });

  it("asks nothing without a figure or at a limit", () => {
    const s = new CountStepper();
    expect(s.step("more", undefined, 0)).toBeUndefined();
    expect(s.step("fewer", MIN_COUNT, 0)).toBeUndefined();
    expect(s.step("more", MAX_COUNT, 0)).toBeUndefined();
  });

  it("stops at the viewers' ceiling, and asks nothing more above it", () => {
    const s = new CountStepper();
    expect(s.step("more", 40_000, 0, 48_000)).toBe(48_000);
    expect(s.step("more", 48_000, 5000, 48_000)).toBeUndefined();
    expect(s.step("more", 200_000, 10_000, 48_000)).toBeUndefined();
    expect(s.step("fewer", 200_000, 15_000, 48_000)).toBe(133_333);
  });
});
