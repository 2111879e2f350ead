// A phone's look: the camera's view cropped to cover the screen, panned and pinched within it.
import { describe, expect, it } from "vitest";
import { HOME_LOOK, MAX_LOOK_ZOOM, clampLook, lookedView, pannedLook, pinchedLook } from "../../src/render/look";
import { Viewport, type WorldRect } from "../../src/render/viewport";

const CAMERA: WorldRect = { x: 0, y: 0, width: 1600, height: 900 };
const PORTRAIT = { width: 390, height: 844 };
const LANDSCAPE = { width: 844, height: 390 };

/** How much of the screen the world covers when `view` is shown on it. */
function coverage(view: WorldRect, world: WorldRect, screen: { width: number; height: number }): number {
  const vp = new Viewport(view, screen.width, screen.height);
  const r = vp.rectToScreen(world);
  const w = Math.min(screen.width, r.x + r.width) - Math.max(0, r.x);
  const h = Math.min(screen.height, r.y + r.height) - Math.max(0, r.y);
  return (Math.max(0, w) * Math.max(0, h)) / (screen.width * screen.height);
}

describe("lookedView", () => {
  it("covers a portrait phone with the middle of the camera's view (the 16:9 strip was a quarter)", () => {
    const view = lookedView(CAMERA, PORTRAIT.width, PORTRAIT.height, HOME_LOOK);
    expect(view.height).toBeCloseTo(900, 6);
    expect(view.width / view.height).toBeCloseTo(390 / 844, 9);
    expect(view.x + view.width / 2).toBeCloseTo(800, 6);
    expect(coverage(view, CAMERA, PORTRAIT)).toBeCloseTo(1, 9);
    // The old fit, for comparison: a strip across the middle.
    expect(coverage(CAMERA, CAMERA, PORTRAIT)).toBeLessThan(0.3);
  });

  it("covers a landscape phone, cropping top and bottom", () => {
    const view = lookedView(CAMERA, LANDSCAPE.width, LANDSCAPE.height, HOME_LOOK);
    expect(view.width).toBeCloseTo(1600, 6);
    expect(view.height).toBeCloseTo(1600 * (390 / 844), 6);
    expect(coverage(view, CAMERA, LANDSCAPE)).toBeCloseTo(1, 9);
  });

  it("is the camera's own view on a screen of its shape", () => {
    const view = lookedView(CAMERA, 1280, 720, HOME_LOOK);
    expect(view.x).toBeCloseTo(0, 9);
    expect(view.width).toBeCloseTo(1600, 9);
    expect(view.height).toBeCloseTo(900, 9);
  });

  it("follows the camera as the world grows: the same look shows the same share of it", () => {
    const look = { zoom: 2, u: 0.2, v: -0.1 };
    const small = lookedView(CAMERA, PORTRAIT.width, PORTRAIT.height, look);
    const grown = { x: -1600, y: -900, width: 4800, height: 2700 };
    const big = lookedView(grown, PORTRAIT.width, PORTRAIT.height, look);
    expect(big.width).toBeCloseTo(3 * small.width, 6);
    expect((big.x - grown.x) / grown.width).toBeCloseTo((small.x - CAMERA.x) / CAMERA.width, 9);
  });

  it("never leaves the camera's view, however far the look asks", () => {
    for (const look of [{ zoom: 1, u: 5, v: 0 }, { zoom: 3, u: -9, v: 9 }, { zoom: 99, u: 0, v: 0 }, { zoom: 0.1, u: 0, v: 0 }]) {
      const v = lookedView(CAMERA, PORTRAIT.width, PORTRAIT.height, look);
      expect(v.x).toBeGreaterThanOrEqual(-1e-9);
      expect(v.y).toBeGreaterThanOrEqual(-1e-9);
      expect(v.x + v.width).toBeLessThanOrEqual(1600 + 1e-9);
      expect(v.y + v.height).toBeLessThanOrEqual(900 + 1e-9);
      expect(v.height).toBeGreaterThanOrEqual(900 / MAX_LOOK_ZOOM - 1e-9);
    }
  });
});

describe("pannedLook", () => {
  it("moves the land with the finger, and stops at the camera's edge", () => {
    const before = lookedView(CAMERA, PORTRAIT.width, PORTRAIT.height, HOME_LOOK);
    const scale = PORTRAIT.width / before.width;
    // A drag 100 px to the right brings land from the left into view.
    const look = pannedLook(HOME_LOOK, CAMERA, PORTRAIT, 100, 0);
    const after = lookedView(CAMERA, PORTRAIT.width, PORTRAIT.height, look);
    expect(after.x).toBeCloseTo(before.x - 100 / scale, 6);
    // Far further: at the left edge, and the look itself is kept there (no slack to undo).
    const far = pannedLook(look, CAMERA, PORTRAIT, 10_000, 0);
    expect(lookedView(CAMERA, PORTRAIT.width, PORTRAIT.height, far).x).toBeCloseTo(0, 9);
    const back = pannedLook(far, CAMERA, PORTRAIT, -50, 0);
    expect(lookedView(CAMERA, PORTRAIT.width, PORTRAIT.height, back).x).toBeCloseTo(50 / scale, 6);
    // Up and down there is nothing to pan to: the view is the camera's whole height.
    expect(lookedView(CAMERA, PORTRAIT.width, PORTRAIT.height, pannedLook(HOME_LOOK, CAMERA, PORTRAIT, 0, 300)).y).toBeCloseTo(0, 9);
  });

  it("counts every move even before the view is drawn again", () => {
    let look = HOME_LOOK;
    for (let i = 0; i < 10; i++) look = pannedLook(look, CAMERA, PORTRAIT, 10, 0);
    const once = pannedLook(HOME_LOOK, CAMERA, PORTRAIT, 100, 0);
    expect(look.u).toBeCloseTo(once.u, 9);
  });
});

describe("pinchedLook", () => {
  it("zooms by how much further apart the fingers are, keeping the land under their midpoint", () => {
    const before = lookedView(CAMERA, PORTRAIT.width, PORTRAIT.height, HOME_LOOK);
    const vp = new Viewport(before, PORTRAIT.width, PORTRAIT.height);
    const held = vp.screenToWorld(150, 300);
    const look = pinchedLook(HOME_LOOK, CAMERA, PORTRAIT, [{ x: 100, y: 300 }, { x: 200, y: 300 }], [{ x: 50, y: 300 }, { x: 250, y: 300 }]);
    expect(look.zoom).toBeCloseTo(2, 9);
    const after = new Viewport(lookedView(CAMERA, PORTRAIT.width, PORTRAIT.height, look), PORTRAIT.width, PORTRAIT.height);
    const p = after.worldToScreen(held.x, held.y);
    expect(p.x).toBeCloseTo(150, 6);
    expect(p.y).toBeCloseTo(300, 6);
  });

  it("moves with the fingers' midpoint as they pan together", () => {
    const zoomed = { zoom: 2, u: 0, v: 0 };
    const vp = new Viewport(lookedView(CAMERA, PORTRAIT.width, PORTRAIT.height, zoomed), PORTRAIT.width, PORTRAIT.height);
    const held = vp.screenToWorld(200, 400);
    const look = pinchedLook(zoomed, CAMERA, PORTRAIT, [{ x: 150, y: 400 }, { x: 250, y: 400 }], [{ x: 130, y: 360 }, { x: 230, y: 360 }]);
    expect(look.zoom).toBeCloseTo(2, 9);
    const p = new Viewport(lookedView(CAMERA, PORTRAIT.width, PORTRAIT.height, look), PORTRAIT.width, PORTRAIT.height).worldToScreen(held.x, held.y);
    expect(p.x).toBeCloseTo(180, 6);
    expect(p.y).toBeCloseTo(360, 6);
  });

  it("zooms no further out than covering the screen, nor further in than its limit", () => {
    const out = pinchedLook(HOME_LOOK, CAMERA, PORTRAIT, [{ x: 0, y: 0 }, { x: 200, y: 0 }], [{ x: 50, y: 0 }, { x: 150, y: 0 }]);
    expect(out.zoom).toBe(1);
    const inn = pinchedLook(HOME_LOOK, CAMERA, PORTRAIT, [{ x: 190, y: 0 }, { x: 200, y: 0 }], [{ x: 0, y: 0 }, { x: 390, y: 0 }]);
    expect(inn.zoom).toBe(MAX_LOOK_ZOOM);
    expect(clampLook({ zoom: Number.NaN, u: Number.NaN, v: 0 }, CAMERA, 390, 844)).toEqual({ zoom: 1, u: 0, v: 0 });
  });
});
