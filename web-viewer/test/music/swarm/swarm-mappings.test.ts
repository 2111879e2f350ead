// The swarm's measures → its theme's tempo, harmony chance and wanderer's chance
// (src/music/swarm/swarm-mappings.ts).
import { describe, expect, it } from "vitest";
import {
  SWARM_LONELY_MAX_CHANCE,
  swarmHarmonyChance,
  swarmSize01,
  swarmTempoBpm,
  swarmWandererChance,
  tightness01,
} from "../../../src/music/swarm/swarm-mappings";
import { MAX_COUNT, MIN_COUNT } from "../../../src/ui/count-step";

describe("the swarm's tempo", () => {
  it("swarm: 95 at the smallest count, 130 at the largest, on a log scale", () => {
    expect(swarmTempoBpm(MIN_COUNT)).toBe(95);
    expect(swarmTempoBpm(50)).toBe(95);
    expect(swarmTempoBpm(MAX_COUNT)).toBeCloseTo(130, 9);
    expect(swarmTempoBpm(10 * MAX_COUNT)).toBeCloseTo(130, 9);
    // The geometric middle of the range is the middle of the tempo.
    expect(swarmTempoBpm(Math.sqrt(MIN_COUNT * MAX_COUNT))).toBeCloseTo(112.5, 6);
    // Every ×1.5 press moves it by the same amount.
    const step = swarmSize01(3000) - swarmSize01(2000);
    expect(swarmSize01(30_000) - swarmSize01(20_000)).toBeCloseTo(step, 9);
  });
});

describe("the swarm's harmony chance", () => {
  it("swarm: alignment × tightness, each brought to 0 … 1", () => {
    expect(tightness01(1)).toBe(0);
    expect(tightness01(0.5)).toBe(0);
    expect(tightness01(2)).toBe(0.5);
    expect(tightness01(10)).toBeCloseTo(0.9, 12);
    expect(swarmHarmonyChance(0.8, 5)).toBeCloseTo(0.8 * 0.8, 12);
    expect(swarmHarmonyChance(-0.5, 5)).toBe(0);
    expect(swarmHarmonyChance(1, 1)).toBe(0);
    expect(swarmHarmonyChance(Number.NaN, 5)).toBe(0);
    expect(swarmHarmonyChance(1, 1e9)).toBeLessThanOrEqual(1);
  });
});

describe("the swarm's wanderer's note", () => {
  it("in the swarm grows more likely with more fireflies seeing nobody, up to a cap", () => {
    expect(swarmWandererChance(0)).toBe(0);
    expect(swarmWandererChance(10)).toBeGreaterThan(swarmWandererChance(1));
    expect(swarmWandererChance(1e6)).toBe(SWARM_LONELY_MAX_CHANCE);
  });
});
