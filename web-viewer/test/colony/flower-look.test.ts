import { describe, expect, it } from "vitest";
import type { FlowerView } from "../../src/colony/colony-snapshot";
import { FLOWER_RADIUS, POP_S, flowerLook, newFlowerLook, popScale, wiltProgress } from "../../src/colony/flower-look";
import { swayAmount, swayOffset } from "../../src/colony/flower-sway";

const flower = (over: Partial<FlowerView> = {}): FlowerView => ({
  id: 3,
  x: 0,
  y: 0,
  sips: 90,
  sipsFull: 90,
  nectar: 1,
  foragers: 0,
  sync: 0,
  inSync: false,
  stage: "bloom",
  growth: 0.2,
  dropped: false,
  ...over,
});
const look = (over: Partial<FlowerView>) => ({ ...flowerLook(newFlowerLook(), flower(over)), color: [...flowerLook(newFlowerLook(), flower(over)).color] });
const green = (c: readonly number[]) => (c[1] ?? 0) - Math.max(c[0] ?? 0, c[2] ?? 0);

describe("flowerLook", () => {
  it("draws a shoot as a small green sprout growing with `growth`, after a pop", () => {
    const young = look({ stage: "shoot", growth: 0.1 });
    const older = look({ stage: "shoot", growth: 0.45 });
    expect(young.form).toBe("sprout");
    expect(green(young.color)).toBeGreaterThan(60);
    expect(older.size).toBeGreaterThan(young.size);
    expect(older.size).toBeLessThan(FLOWER_RADIUS);
    expect(young.gauge).toBe(false);
    expect(young.heart).toBe(0);
    // The pop: from nothing, a little over its size, then its size (30 s sprout: growth × 30 s).
    expect(look({ stage: "shoot", growth: 0 }).size).toBe(0);
    const settled = look({ stage: "shoot", growth: 1 / 30 }).size;
    const popping = look({ stage: "shoot", growth: (POP_S * 0.6) / 30 }).size;
    expect(popping).toBeGreaterThan(settled);
  });

  it("pops with an overshoot and settles at 1", () => {
    expect(popScale(0)).toBe(0);
    expect(popScale(-1)).toBe(0);
    const peak = Math.max(...Array.from({ length: 50 }, (_, i) => popScale((i / 50) * POP_S)));
    expect(peak).toBeGreaterThan(1.05);
    expect(peak).toBeLessThan(1.4);
    expect(popScale(POP_S)).toBe(1);
    expect(popScale(10)).toBe(1);
  });

  it("draws a bud that swells and blushes before it opens", () => {
    const early = look({ stage: "bud", growth: 0.55 });
    const late = look({ stage: "bud", growth: 0.98 });
    expect(early.form).toBe("bud");
    expect(late.size).toBeGreaterThan(early.size);
    expect(green(early.color)).toBeGreaterThan(green(late.color));
    expect((late.color[0] ?? 0) - (early.color[0] ?? 0)).toBeGreaterThan(40);
  });

  it("draws the bloom as before: pale petals losing colour with their nectar, the heart, the nectar ring, no droop", () => {
    const full = look({ stage: "bloom", nectar: 1 });
    const empty = look({ stage: "bloom", nectar: 0 });
    expect(full).toMatchObject({ form: "petals", size: FLOWER_RADIUS, gauge: true, droop: 0, alpha: 0.92 });
    expect(full.color).toEqual([246, 214, 228]);
    expect(empty.color).toEqual([120, 112, 118]);
    expect(full.heart).toBeGreaterThan(empty.heart);
  });

  it("droops a wilting flower and fades its colour over its last 30 s, nectar ring still there", () => {
    expect(wiltProgress(1 - 30 / 180)).toBeCloseTo(0, 6);
    expect(wiltProgress(1)).toBe(1);
    expect(wiltProgress(0.3)).toBe(0);
    const start = look({ stage: "wilting", growth: 0.84 });
    const late = look({ stage: "wilting", growth: 0.98 });
    expect(late.gauge).toBe(true);
    expect(late.droop).toBeGreaterThan(start.droop);
    expect(late.size).toBeLessThan(start.size);
    expect(late.alpha).toBeLessThan(start.alpha);
    // Mauve-brown: the pink's blue goes below its green.
    expect(late.color[2] ?? 0).toBeLessThan(late.color[1] ?? 0);
    expect(start.color[2] ?? 0).toBeGreaterThan(start.color[1] ?? 0);
  });

  it("draws a withered flower brown and small, without nectar ring or heart", () => {
    const w = look({ stage: "withered", growth: 1, nectar: 0 });
    const [r, g, b] = w.color;
    expect(r).toBeGreaterThan(g ?? 0);
    expect(g).toBeGreaterThan(b ?? 0);
    expect(w.gauge).toBe(false);
    expect(w.heart).toBe(0);
    expect(w.size).toBeLessThan(FLOWER_RADIUS);
  });

  it("lets a shoot bend little in the breeze, a bloom more, a wilting head the most", () => {
    const give = (stage: FlowerView["stage"], growth: number) => look({ stage, growth }).give;
    expect(give("shoot", 0.3)).toBeLessThan(give("bud", 0.7));
    expect(give("bud", 0.7)).toBeLessThan(give("bloom", 0.3));
    expect(give("bloom", 0.3)).toBeLessThan(give("wilting", 0.95));
  });
});

describe("flower sway", () => {
  const calm = { direction: 0, strength: 0, gust: 0 };
  const breezy = { direction: 0, strength: 0.6, gust: 0 };
  const gusty = { direction: 0, strength: 0.6, gust: 1 };
  const most = (b: typeof calm) => Math.max(...Array.from({ length: 200 }, (_, i) => swayAmount(b, 7, i * 0.05)));

  it("is still in a calm, leans and rocks downwind in a breeze, much more in a gust", () => {
    expect(most(calm)).toBe(0);
    expect(most(breezy)).toBeGreaterThan(1);
    expect(most(gusty)).toBeGreaterThan(most(breezy) * 2);
    for (let i = 0; i < 100; i++) expect(swayAmount(breezy, 7, i * 0.05)).toBeGreaterThan(0);
  });

  it("moves the head the way the air goes, scaled by how much the flower gives", () => {
    const out = { x: 9, y: 9 };
    swayOffset(out, { direction: Math.PI / 2, strength: 0.6, gust: 0.5 }, 7, 1.3, 1);
    expect(Math.abs(out.x)).toBeLessThan(1e-9);
    expect(out.y).toBeGreaterThan(0);
    const half = swayOffset({ x: 0, y: 0 }, { direction: Math.PI / 2, strength: 0.6, gust: 0.5 }, 7, 1.3, 0.5);
    expect(half.y).toBeCloseTo(out.y / 2, 9);
    expect(swayOffset({ x: 5, y: 5 }, undefined, 7, 1, 1)).toEqual({ x: 0, y: 0 });
  });

  it("sways flowers out of step with each other", () => {
    const a = Array.from({ length: 20 }, (_, i) => swayAmount(breezy, 1, i * 0.1));
    const b = Array.from({ length: 20 }, (_, i) => swayAmount(breezy, 2, i * 0.1));
    expect(a).not.toEqual(b);
  });
});
