import { describe, expect, it } from "vitest";
import { CameraGlide } from "../../src/render/camera-glide";

const MEADOW = { x: 0, y: 0, width: 1600, height: 900 };
const BIG = { x: -1600, y: -900, width: 4800, height: 2700 };

function run(hz: number, seconds: number): CameraGlide {
  const c = new CameraGlide(1);
  c.aim(MEADOW);
  c.aim(BIG);
  const frames = Math.round(hz * seconds);
  for (let i = 0; i < frames; i++) c.advance(1 / hz);
  return c;
}

describe("CameraGlide", () => {
  it("takes the first target at once", () => {
    const c = new CameraGlide();
    expect(c.rect).toBeUndefined();
    c.aim(MEADOW);
    expect(c.rect).toEqual(MEADOW);
    expect(c.settled).toBe(true);
  });

  it("closes 1 − 1/e of the way in one time constant", () => {
    const c = run(60, 1);
    const r = c.rect;
    if (!r) throw new Error("no rect");
    // Width moves in log space: log(w) is 63.2 % of the way from log 1600 to log 4800.
    const expected = Math.exp(Math.log(1600) + (Math.log(4800) - Math.log(1600)) * (1 - Math.exp(-1)));
    expect(r.width).toBeCloseTo(expected, 6);
    expect(r.x + r.width / 2).toBeCloseTo(800, 6); // same centre throughout
  });

  it("is the same at 30, 60 and 144 Hz (frame-rate independent)", () => {
    const a = run(30, 1.5).rect;
    const b = run(60, 1.5).rect;
    const c = run(144, 1.5).rect;
    if (!a || !b || !c) throw new Error("no rect");
    for (const k of ["x", "y", "width", "height"] as const) {
      expect(a[k]).toBeCloseTo(b[k], 6);
      expect(c[k]).toBeCloseTo(b[k], 6);
    }
  });

  it("arrives exactly and then stops changing", () => {
    const c = run(60, 30);
    expect(c.settled).toBe(true);
    expect(c.rect).toEqual(BIG);
    expect(c.advance(1 / 60)).toBe(false);
  });

  it("moves the centre when the target moves", () => {
    const c = new CameraGlide(1);
    c.aim(MEADOW);
    c.aim({ ...MEADOW, x: 1000 });
    c.advance(1);
    const r = c.rect;
    expect(r?.x).toBeCloseTo(1000 * (1 - Math.exp(-1)), 6);
    expect(r?.width).toBeCloseTo(1600, 6);
  });

  it("ignores an empty target", () => {
    const c = new CameraGlide();
    c.aim(MEADOW);
    c.aim({ x: 0, y: 0, width: 0, height: 10 });
    expect(c.targetRect).toEqual(MEADOW);
  });
});
