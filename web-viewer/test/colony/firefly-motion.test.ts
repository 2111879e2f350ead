import { describe, expect, it } from "vitest";
import type { FireflyView } from "../../src/colony/colony-snapshot";
import { fly } from "./colony-fixtures";
import { FireflyMotion, MAX_GLIDE_UNITS, interpolateFireflies, shortestTurn } from "../../src/colony/firefly-motion";

const at = (id: number, over: Partial<FireflyView> = {}): FireflyView => fly({ id, x: 0, y: 0, ...over });

describe("interpolateFireflies", () => {
  it("moves each firefly between its two frames by id, whatever their order", () => {
    const from = [at(1, { x: 0, y: 0 }), at(2, { x: 100, y: 50 })];
    const to = [at(2, { x: 110, y: 30 }), at(1, { x: 10, y: 20, energy: 0.5, flash: 1 })];
    const mid = interpolateFireflies(from, to, 0.5);
    expect(mid.map((f) => f.id)).toEqual([2, 1]);
    expect(mid[0]).toMatchObject({ id: 2, x: 105, y: 40 });
    expect(mid[1]).toMatchObject({ id: 1, x: 5, y: 10, energy: 0.75, flash: 0.5 });
    expect(interpolateFireflies(from, to, 0)[1]).toMatchObject({ x: 0, y: 0 });
    expect(interpolateFireflies(from, to, 1)).toEqual(to);
  });

  it("shows a firefly new in the frame where it is, and one missing from it not at all", () => {
    const from = [at(1, { x: 0 }), at(3, { x: 50 })];
    const to = [at(1, { x: 10 }), at(4, { x: 200, y: 200 })];
    const mid = interpolateFireflies(from, to, 0.5);
    expect(mid.map((f) => f.id)).toEqual([1, 4]);
    expect(mid[1]).toMatchObject({ x: 200, y: 200 });
  });

  it("turns the short way round, across 0", () => {
    const a = 2 * Math.PI * (250 / 256);
    const b = 2 * Math.PI * (6 / 256);
    expect(shortestTurn(a, b)).toBeCloseTo(2 * Math.PI * (12 / 256), 10);
    expect(shortestTurn(b, a)).toBeCloseTo(-2 * Math.PI * (12 / 256), 10);
    const [mid] = interpolateFireflies([at(1, { heading: a })], [at(1, { heading: b })], 0.5);
    const h = ((mid?.heading ?? 0) % (2 * Math.PI) + 2 * Math.PI) % (2 * Math.PI);
    expect(h).toBeCloseTo(0, 10);
  });

  it("jumps instead of gliding across the meadow", () => {
    const [mid] = interpolateFireflies([at(1, { x: 0 })], [at(1, { x: MAX_GLIDE_UNITS + 1 })], 0.5);
    expect(mid?.x).toBe(MAX_GLIDE_UNITS + 1);
  });

  it("takes the state and the group from the newer frame", () => {
    const [mid] = interpolateFireflies([at(1, { activity: "foraging", flowerId: 2 })], [at(1, { activity: "sipping", flowerId: 3 })], 0.3);
    expect(mid).toMatchObject({ activity: "sipping", flowerId: 3 });
  });
});

describe("FireflyMotion", () => {
  it("glides over one frame interval after a frame arrives, at any render rate", () => {
    const m = new FireflyMotion();
    m.setFrameRate(30);
    const T = 1000 / 30; // frames on time
    m.push([at(1, { x: 0 })], 0);
    m.push([at(1, { x: 30 })], T);
    // Rendered at 60 Hz, 144 Hz or anything: the position follows time, not render frames.
    expect(m.sample(T)[0]?.x).toBe(0);
    expect(m.sample(T + 1000 / 60)[0]?.x).toBeCloseTo(15, 6);
    expect(m.sample(T + 1000 / 144)[0]?.x).toBeCloseTo(30 * (30 / 144), 6);
    expect(m.sample(T + 100)[0]?.x).toBe(30);
  });

  it("starts the next glide from what is on screen, so an early frame never pulls a firefly back", () => {
    const m = new FireflyMotion();
    m.setFrameRate(30);
    const T = 1000 / 30;
    m.push([at(1, { x: 0 })], 0);
    m.push([at(1, { x: 30 })], T);
    const shown = m.sample(T + 1000 / 60)[0]?.x ?? Number.NaN; // halfway: 15
    m.push([at(1, { x: 60 })], T + 1000 / 60);
    expect(m.sample(T + 1000 / 60)[0]?.x).toBeCloseTo(shown, 6);
    expect(m.sample(2000)[0]?.x).toBe(60);
  });

  it("glides over the interval frames really come at, so slower frames still move without a stop", () => {
    const m = new FireflyMotion();
    m.setFrameRate(30);
    // Frames every 50 ms (20 a second) instead of 33: after a few, each glide lasts about 50 ms.
    for (let i = 0; i <= 30; i++) m.push([at(1, { x: i * 10 })], i * 50);
    const end = 30 * 50;
    const x40 = m.sample(end + 40)[0]?.x ?? 0;
    expect(x40, "still on its way 40 ms after the frame").toBeLessThan(300);
    expect(x40).toBeGreaterThan(295);
    // Never slower than half the server's rate, however late frames come.
    const slow = new FireflyMotion();
    slow.setFrameRate(30);
    for (let i = 0; i <= 30; i++) slow.push([at(1, { x: i * 10 })], i * 1000);
    expect(slow.sample(30 * 1000 + 67)[0]?.x).toBe(300);
  });

  it("forgets everything on clear", () => {
    const m = new FireflyMotion();
    m.push([at(1)], 0);
    m.clear();
    expect(m.sample(10)).toEqual([]);
  });
});
