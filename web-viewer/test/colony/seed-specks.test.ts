import { describe, expect, it } from "vitest";
import { MAX_AHEAD_S, SEED_LIFT_UNITS, newSeedSpeck, seedSpeck } from "../../src/colony/seed-specks";
import { SEED_DOT_RADIUS, seedDotAt } from "../../src/colony/firefly-look";
import { airSpeed } from "../../src/wind/breeze";
import { fly } from "./colony-fixtures";

const seed = (height: number) => ({ id: 1, x: 400, y: 300, height });

describe("seedSpeck", () => {
  it("is drawn above its ground point by its height, and fades as it lands", () => {
    const high = { ...seedSpeck(newSeedSpeck(), seed(1), undefined, 0) };
    const mid = { ...seedSpeck(newSeedSpeck(), seed(0.5), undefined, 0) };
    const landed = { ...seedSpeck(newSeedSpeck(), seed(0), undefined, 0) };
    expect(high).toMatchObject({ x: 400, y: 300 - SEED_LIFT_UNITS, groundY: 300 });
    expect(mid.y).toBeCloseTo(300 - SEED_LIFT_UNITS / 2, 9);
    expect(landed.y).toBe(300);
    expect(high.alpha).toBeGreaterThan(mid.alpha);
    expect(mid.alpha).toBeGreaterThan(landed.alpha);
    expect(landed.alpha).toBeGreaterThan(0);
    expect(high.alpha).toBeLessThanOrEqual(1);
  });

  it("drifts on with the breeze and keeps sinking between frames, for a moment only", () => {
    const breeze = { direction: 0, strength: 0.5, gust: 0 };
    const now = { ...seedSpeck(newSeedSpeck(), seed(0.5), breeze, 0) };
    const later = { ...seedSpeck(newSeedSpeck(), seed(0.5), breeze, 0.05) };
    expect(later.x - now.x).toBeCloseTo(airSpeed(0.5) * 0.05, 6);
    expect(later.groundY).toBeCloseTo(now.groundY, 9);
    expect(later.y).toBeGreaterThan(now.y); // lower: less of its fall left
    const stale = seedSpeck(newSeedSpeck(), seed(0.5), breeze, 5);
    expect(stale.x - now.x).toBeCloseTo(airSpeed(0.5) * MAX_AHEAD_S, 6);
  });

  it("fills the speck it is handed (no allocation)", () => {
    const out = newSeedSpeck();
    expect(seedSpeck(out, seed(1), undefined, 0)).toBe(out);
  });
});

describe("seedDotAt", () => {
  it("puts a firefly's seed at its side, square to its heading", () => {
    const east = seedDotAt({ x: 0, y: 0 }, fly({ x: 100, y: 100, heading: 0, seed: true }));
    expect(east.x).toBeCloseTo(100, 9);
    expect(east.y).toBeGreaterThan(100 + SEED_DOT_RADIUS);
    const south = seedDotAt({ x: 0, y: 0 }, fly({ x: 100, y: 100, heading: Math.PI / 2, seed: true }));
    expect(south.y).toBeCloseTo(100, 9);
    expect(south.x).toBeLessThan(100 - SEED_DOT_RADIUS);
  });
});
