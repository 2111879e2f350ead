// The colony's measures → its theme's tempo and harmony chance (src/music/colony/colony-mappings.ts).
import { describe, expect, it } from "vitest";
import { COLONY_HARMONY_CHANCE, colonyHarmonyChance, colonyTempoBpm } from "../../../src/music/colony/colony-mappings";

describe("the colony's tempo", () => {
  it("colony: 75 at 50 fireflies, 100 at 500, linear between", () => {
    expect(colonyTempoBpm(50, false)).toBe(75);
    expect(colonyTempoBpm(500, false)).toBe(100);
    expect(colonyTempoBpm(275, false)).toBeCloseTo(87.5, 9);
    expect(colonyTempoBpm(900, false)).toBe(100);
  });

  it("colony: slows towards 60 as it dies out, 60 when dormant", () => {
    expect(colonyTempoBpm(25, false)).toBeCloseTo(67.5, 9);
    expect(colonyTempoBpm(1, false)).toBeGreaterThan(60);
    expect(colonyTempoBpm(1, false)).toBeLessThan(61);
    expect(colonyTempoBpm(0, false)).toBe(60);
    expect(colonyTempoBpm(40, true)).toBe(60);
    for (let s = 1; s <= 500; s++) expect(colonyTempoBpm(s, false)).toBeGreaterThan(colonyTempoBpm(s - 1, false));
  });
});

describe("the colony's harmony chance", () => {
  it("colony: 30 % only while a group flashes as one", () => {
    expect(colonyHarmonyChance(0)).toBe(0);
    expect(colonyHarmonyChance(1)).toBe(COLONY_HARMONY_CHANCE);
    expect(colonyHarmonyChance(4)).toBe(0.3);
  });
});
