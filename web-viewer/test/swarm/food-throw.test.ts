// Throwing food: where a handful of crumbs lands, and how fast they go out.
import { describe, expect, it } from "vitest";
import { CRUMBS_APART, FoodThrow, HANDFUL, ROCK_CLEARANCE, SLOWDOWNS, THROW_GAP_MS, TOO_SOON, VIEW_INSET, foodSpots } from "../../src/swarm/food-throw";
import { seededRandom } from "../../src/util/hash-random";

const WORLD = { x: 0, y: 0, width: 1600, height: 900 };

describe("foodSpots", () => {
  it("throws a handful inside the view and the world, clear of the view's edges, apart from each other", () => {
    for (let seed = 1; seed <= 50; seed++) {
      const view = { x: 400, y: 100, width: 600, height: 700 };
      const spots = foodSpots(view, WORLD, [], HANDFUL, seededRandom(seed));
      expect(spots.length).toBe(HANDFUL);
      for (const p of spots) {
        expect(p.x).toBeGreaterThanOrEqual(view.x + VIEW_INSET * view.width);
        expect(p.x).toBeLessThanOrEqual(view.x + (1 - VIEW_INSET) * view.width);
        expect(p.y).toBeGreaterThanOrEqual(view.y + VIEW_INSET * view.height);
        expect(p.y).toBeLessThanOrEqual(view.y + (1 - VIEW_INSET) * view.height);
      }
      for (const a of spots) for (const b of spots) if (a !== b) expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThanOrEqual(CRUMBS_APART);
    }
  });

  it("keeps to the part of the view that is world", () => {
    // A view wider than the world (a desktop showing the whole camera around a small world).
    const spots = foodSpots({ x: -800, y: -450, width: 3200, height: 1800 }, WORLD, [], HANDFUL, seededRandom(3));
    for (const p of spots) {
      expect(p.x).toBeGreaterThan(0);
      expect(p.x).toBeLessThan(1600);
      expect(p.y).toBeGreaterThan(0);
      expect(p.y).toBeLessThan(900);
    }
    expect(foodSpots({ x: 2000, y: 0, width: 100, height: 100 }, WORLD, [], HANDFUL, seededRandom(3))).toEqual([]);
  });

  it("never lands on a rock", () => {
    const rock = { id: 1, x: 800, y: 450, radius: 200 };
    for (let seed = 1; seed <= 50; seed++) {
      for (const p of foodSpots(WORLD, WORLD, [rock], HANDFUL, seededRandom(seed))) {
        expect(Math.hypot(p.x - rock.x, p.y - rock.y)).toBeGreaterThanOrEqual(rock.radius + ROCK_CLEARANCE);
      }
    }
  });

  it("spreads wider in a wider view, and takes fewer where there is no room", () => {
    const wide = { x: 0, y: 0, width: 6400, height: 3600 };
    const spots = foodSpots(wide, wide, [], HANDFUL, seededRandom(5));
    for (const a of spots) for (const b of spots) if (a !== b) expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThanOrEqual(4 * CRUMBS_APART);
    const tiny = foodSpots({ x: 0, y: 0, width: 80, height: 80 }, WORLD, [], HANDFUL, seededRandom(5));
    expect(tiny.length).toBeGreaterThanOrEqual(1);
    expect(tiny.length).toBeLessThan(HANDFUL);
  });
});

describe("FoodThrow", () => {
  const spots = [1, 2, 3].map((i) => ({ x: i, y: i }));

  it("sends the first crumb at once and each next one a gap later, wider than the server's tap cooldown", () => {
    expect(THROW_GAP_MS).toBeGreaterThan(200);
    const t = new FoodThrow();
    expect(t.start(spots, 1000)).toBe(true);
    expect(t.due(1000)).toEqual({ x: 1, y: 1 });
    expect(t.due(1000)).toBeUndefined();
    expect(t.due(1000 + THROW_GAP_MS - 1)).toBeUndefined();
    expect(t.due(1000 + THROW_GAP_MS)).toEqual({ x: 2, y: 2 });
    // A late animation frame does not bunch the rest: the gap counts from the crumb sent.
    expect(t.due(5000)).toEqual({ x: 3, y: 3 });
    expect(t.throwing).toBe(false);
    expect(t.due(9000)).toBeUndefined();
  });

  it("takes no second throw while one is under way, and stops at a refusal", () => {
    const t = new FoodThrow();
    t.start(spots, 0);
    expect(t.start(spots, 10)).toBe(false);
    t.due(0);
    t.noticed("crumb_limit", 5);
    expect(t.throwing).toBe(false);
    expect(t.due(THROW_GAP_MS)).toBeUndefined();
    expect(t.start([], 0)).toBe(false);
  });

  it("throws a crumb the server found too soon again, further apart, a few times at most", () => {
    const t = new FoodThrow();
    t.start(spots, 0);
    expect(t.due(0)).toEqual({ x: 1, y: 1 });
    // A busy server skips ticks: 0.3 s here was under its 0.2 s there.
    t.noticed(TOO_SOON, 20);
    expect(t.gap).toBe(2 * THROW_GAP_MS);
    expect(t.due(20 + THROW_GAP_MS)).toBeUndefined();
    expect(t.due(20 + 2 * THROW_GAP_MS)).toEqual({ x: 1, y: 1 });
    expect(t.due(20 + 4 * THROW_GAP_MS)).toEqual({ x: 2, y: 2 });
    let now = 20 + 4 * THROW_GAP_MS;
    for (let i = 1; i < SLOWDOWNS; i++) {
      t.noticed(TOO_SOON, now + 1);
      now = now + 1 + t.gap;
      expect(t.due(now)).toEqual({ x: 2, y: 2 });
    }
    // Once more: the server stays too slow for a throw; the rest stay in the hand.
    t.noticed(TOO_SOON, now + 1);
    expect(t.throwing).toBe(false);
  });

  it("takes a late notice, long after its crumb, for no answer to it", () => {
    const t = new FoodThrow();
    t.start([{ x: 1, y: 1 }], 0);
    t.due(0);
    t.noticed(TOO_SOON, 5000);
    expect(t.throwing).toBe(false);
    expect(t.due(10_000)).toBeUndefined();
  });
});
