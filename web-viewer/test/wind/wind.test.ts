import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { BreezeSchema } from "../../src/gen/meadow/v1/viewer_pb";
import { airSpeed, breezeFromProto } from "../../src/wind/breeze";
import { MAX_MOTES, MAX_STEP_S, MoteField, moteCount, wrapUnit } from "../../src/wind/motes";
import { MAX_STREAKS, STREAK_SPEED, StreakField, streakAlpha, streakCount, streakLength } from "../../src/wind/streaks";

const east = { direction: 0, strength: 0.5, gust: 0 };

describe("breezeFromProto", () => {
  it("takes direction, strength and gust, keeping strength and gust within 0 … 1", () => {
    expect(breezeFromProto(create(BreezeSchema, { direction: 1.5, strength: 0.4, gust: 0.2 }))).toEqual({ direction: 1.5, strength: expect.closeTo(0.4, 6), gust: expect.closeTo(0.2, 6) });
    expect(breezeFromProto(create(BreezeSchema, { direction: 0, strength: 2, gust: -1 }))).toEqual({ direction: 0, strength: 1, gust: 0 });
  });

  it("has no breeze for a frame without one, or with numbers that are not finite", () => {
    expect(breezeFromProto(undefined)).toBeUndefined();
    expect(breezeFromProto(create(BreezeSchema, { direction: Number.NaN, strength: 0.5 }))).toBeUndefined();
    expect(breezeFromProto(create(BreezeSchema, { direction: 0, strength: Number.POSITIVE_INFINITY }))).toBeUndefined();
  });
});

describe("airSpeed", () => {
  it("is the seeds' drift: 80 units over a 3 s fall in a calm, 300 in the strongest breeze", () => {
    expect(airSpeed(0) * 3).toBeCloseTo(80, 6);
    expect(airSpeed(1) * 3).toBeCloseTo(300, 6);
    expect(airSpeed(0.5)).toBeGreaterThan(airSpeed(0.2));
    expect(airSpeed(5)).toBe(airSpeed(1));
  });
});

describe("MoteField", () => {
  it("carries every mote downwind at its own share of the air's speed, in screen fractions", () => {
    const field = new MoteField(3);
    const u0 = Array.from(field.u);
    const v0 = Array.from(field.v);
    // 1000 × 500 CSS px at 0.5 px per world unit, 0.05 s of a breeze towards +x.
    field.advect(east, 0.05, 0.5, 1000, 500);
    const px = airSpeed(0.5) * 0.5 * 0.05;
    for (let i = 0; i < field.count; i++) {
      const du = wrapUnit((field.u[i] ?? 0) - (u0[i] ?? 0));
      expect(du * 1000).toBeCloseTo(px * (field.speed[i] ?? 0), 3);
      expect(field.v[i]).toBeCloseTo(v0[i] ?? 0, 6);
      expect(field.speed[i]).toBeGreaterThanOrEqual(0.7);
      expect(field.speed[i]).toBeLessThanOrEqual(1.3);
    }
  });

  it("follows the breeze's direction (towards +y: down the screen) and goes faster when it is stronger", () => {
    const a = new MoteField(5);
    const b = new MoteField(5);
    const v0 = Array.from(a.v);
    a.advect({ direction: Math.PI / 2, strength: 0.1, gust: 0 }, 0.05, 1, 800, 800);
    b.advect({ direction: Math.PI / 2, strength: 0.9, gust: 0 }, 0.05, 1, 800, 800);
    const moved = (f: MoteField, i: number) => wrapUnit((f.v[i] ?? 0) - (v0[i] ?? 0));
    for (let i = 0; i < a.count; i++) {
      expect(moved(a, i)).toBeGreaterThan(0);
      expect(moved(b, i)).toBeGreaterThan(moved(a, i) * 2);
    }
  });

  it("brings a mote leaving one edge back in at the other, and cuts long steps short", () => {
    const field = new MoteField(1);
    field.u[0] = 0.999;
    field.advect(east, 0.05, 1, 100, 100);
    expect(field.u[0]).toBeGreaterThanOrEqual(0);
    expect(field.u[0]).toBeLessThan(0.5);
    const before = field.u[1] ?? 0;
    field.advect(east, 30, 1, 1000, 100); // a page back from the background after 30 s
    expect(wrapUnit((field.u[1] ?? 0) - before) * 1000).toBeCloseTo(airSpeed(0.5) * MAX_STEP_S * (field.speed[1] ?? 0), 2);
  });

  it("shows more motes on a larger screen, within its pool", () => {
    expect(moteCount(1280, 720)).toBeGreaterThan(moteCount(390, 700));
    expect(moteCount(7680, 4320)).toBe(MAX_MOTES);
    expect(moteCount(0, 0)).toBeGreaterThan(0);
  });
});

describe("gust streaks", () => {
  it("are none without a gust, more the further into one, all at its height", () => {
    expect(streakCount(0)).toBe(0);
    expect(streakCount(0.01)).toBe(1);
    expect(streakCount(0.5)).toBeGreaterThan(streakCount(0.2));
    expect(streakCount(1)).toBe(MAX_STREAKS);
  });

  it("are longer the further into a gust and the stronger the breeze", () => {
    expect(streakLength({ direction: 0, strength: 0.5, gust: 1 })).toBeGreaterThan(streakLength({ direction: 0, strength: 0.5, gust: 0.3 }));
    expect(streakLength({ direction: 0, strength: 0.9, gust: 0.5 })).toBeGreaterThan(streakLength({ direction: 0, strength: 0.3, gust: 0.5 }));
  });

  it("fade in and out over their life, brighter in a stronger gust", () => {
    expect(streakAlpha(0, 1)).toBe(0);
    expect(streakAlpha(1, 1)).toBe(0);
    expect(streakAlpha(0.5, 1)).toBeGreaterThan(streakAlpha(0.1, 1));
    expect(streakAlpha(0.5, 1)).toBeGreaterThan(streakAlpha(0.5, 0.3));
    expect(streakAlpha(0.5, 0)).toBe(0);
  });

  it("race downwind faster than the motes, and start again elsewhere when their life ends", () => {
    const field = new StreakField(2);
    const u0 = Array.from(field.u);
    const life0 = Array.from(field.life);
    field.advect(east, 0.02, 1, 10_000, 100);
    for (let i = 0; i < MAX_STREAKS; i++) {
      if ((life0[i] ?? 0) + 0.02 * (field.rate[i] ?? 0) >= 1) continue; // started again
      expect(((field.u[i] ?? 0) - (u0[i] ?? 0)) * 10_000).toBeCloseTo(airSpeed(0.5) * STREAK_SPEED * 0.02, 2);
    }
    for (let k = 0; k < 100; k++) field.advect(east, 0.05, 1, 10_000, 100);
    for (let i = 0; i < MAX_STREAKS; i++) {
      expect(field.life[i]).toBeGreaterThanOrEqual(0);
      expect(field.life[i]).toBeLessThan(1);
    }
  });
});
