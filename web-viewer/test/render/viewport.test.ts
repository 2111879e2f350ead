import { describe, expect, it } from "vitest";
import { Viewport } from "../../src/render/viewport";

const MEADOW = { x: 0, y: 0, width: 1600, height: 900 };

describe("Viewport", () => {
  it("fills a window of the same aspect exactly", () => {
    const v = new Viewport(MEADOW, 800, 450);
    expect(v.scale).toBeCloseTo(0.5);
    expect(v.worldToScreen(0, 0)).toEqual({ x: 0, y: 0 });
    expect(v.worldToScreen(1600, 900)).toEqual({ x: 800, y: 450 });
    expect(v.worldToScreen(800, 450)).toEqual({ x: 400, y: 225 });
  });

  it("letterboxes a tall window: bars above and below, aspect kept", () => {
    const v = new Viewport(MEADOW, 800, 800);
    expect(v.scale).toBeCloseTo(0.5);
    expect(v.offsetX).toBeCloseTo(0);
    expect(v.offsetY).toBeCloseTo((800 - 450) / 2);
    expect(v.worldToScreen(0, 0).y).toBeCloseTo(175);
  });

  it("pillarboxes a wide window: bars left and right", () => {
    const v = new Viewport(MEADOW, 2000, 450);
    expect(v.scale).toBeCloseTo(0.5);
    expect(v.offsetX).toBeCloseTo(600);
    expect(v.offsetY).toBeCloseTo(0);
  });

  it("handles a world that does not start at the origin", () => {
    const world = { x: -800, y: -450, width: 3200, height: 1800 };
    const v = new Viewport(world, 1600, 900);
    expect(v.worldToScreen(-800, -450)).toEqual({ x: 0, y: 0 });
    expect(v.worldToScreen(0, 0)).toEqual({ x: 400, y: 225 });
  });

  it("maps screen back to world (round trip)", () => {
    const v = new Viewport({ x: 100, y: -50, width: 1600, height: 900 }, 1280, 1000, 2);
    for (const [x, y] of [[100, -50], [900, 400], [1700, 850], [333.5, 12.25]] as const) {
      const s = v.worldToScreen(x, y);
      const w = v.screenToWorld(s.x, s.y);
      expect(w.x).toBeCloseTo(x, 6);
      expect(w.y).toBeCloseTo(y, 6);
    }
  });

  it("tells world points from the letterbox", () => {
    const v = new Viewport(MEADOW, 800, 800);
    expect(v.inView(v.screenToWorld(400, 400))).toBe(true);
    expect(v.inView(v.screenToWorld(400, 10))).toBe(false);
  });

  it("sizes canvases in device pixels", () => {
    const v = new Viewport(MEADOW, 801, 451, 1.5);
    expect(v.deviceWidth).toBe(1202);
    expect(v.deviceHeight).toBe(677);
    // Screen positions stay in CSS pixels whatever the ratio.
    expect(v.worldToScreen(1600, 900).x).toBeCloseTo(801);
  });

  it("maps a world rectangle", () => {
    const v = new Viewport(MEADOW, 800, 450);
    expect(v.rectToScreen({ x: 400, y: 100, width: 200, height: 100 })).toEqual({ x: 200, y: 50, width: 100, height: 50 });
  });

  it("survives a zero-sized window", () => {
    const v = new Viewport(MEADOW, 0, 0);
    expect(v.scale).toBe(0);
    expect(Number.isFinite(v.screenToWorld(0, 0).x)).toBe(true);
    expect(v.deviceWidth).toBe(1);
  });
});
