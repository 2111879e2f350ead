import { describe, expect, it } from "vitest";
import { groundScale } from "../../src/land/ground-layer";

describe("groundScale", () => {
  it("paints at the detail the view wants while it is small", () => {
    expect(groundScale({ x: 0, y: 0, width: 1600, height: 900 }, 0.8)).toBeCloseTo(0.8);
  });

  it("caps the cached ground's side and area for a big world", () => {
    const world = { x: -14_000, y: -8_000, width: 29_600, height: 16_650 };
    const k = groundScale(world, 0.5);
    expect(world.width * k).toBeLessThanOrEqual(4096 + 1e-6);
    expect(world.width * k * world.height * k).toBeLessThanOrEqual(12_000_000 + 1);
    expect(k).toBeGreaterThan(0);
  });
});
