import { describe, expect, it } from "vitest";
import { TILE_H, TILE_W, TUFTS_PER_TILE, tileFeatures, tilesCovering } from "../../src/land/ground-tiles";
import { tilesToPaint } from "../../src/land/ground-layer";
import { inPond, pondOf, pondsNear, stumpOf } from "../../src/land/land-features";

const MEADOW = { x: 0, y: 0, width: 1600, height: 900 };
/** A world grown round the meadow, as the server grows it (centred, 16:9). */
const grown = (f: number) => ({ x: 800 - 800 * f, y: 450 - 450 * f, width: 1600 * f, height: 900 * f });

describe("ground tiles", () => {
  it("grows the same tile from the same position, whenever it is asked for", () => {
    const a = tileFeatures(2, 1, MEADOW);
    // Other tiles in between must not change it (no shared generator).
    for (let i = -3; i < 3; i++) tileFeatures(i, -i, MEADOW);
    const b = tileFeatures(2, 1, MEADOW);
    expect(b).toEqual(a);
  });

  it("grows different land on different tiles", () => {
    const a = tileFeatures(0, 0, MEADOW);
    const b = tileFeatures(1, 0, MEADOW);
    expect(a.tufts[0]?.x).not.toBeCloseTo((b.tufts[0]?.x ?? 0) - TILE_W, 3);
    expect(a.patches.map((p) => p.r)).not.toEqual(b.patches.map((p) => p.r));
  });

  it("keeps every feature's point inside its own tile", () => {
    for (const [i, j] of [[0, 0], [-2, 3], [5, -1]] as const) {
      const t = tileFeatures(i, j, MEADOW);
      for (const p of [...t.tufts, ...t.patches]) {
        expect(p.x).toBeGreaterThanOrEqual(t.rect.x);
        expect(p.x).toBeLessThanOrEqual(t.rect.x + TILE_W);
        expect(p.y).toBeGreaterThanOrEqual(t.rect.y);
        expect(p.y).toBeLessThanOrEqual(t.rect.y + TILE_H);
      }
    }
  });

  it("has about 1,700 tufts and some clover per meadow", () => {
    const tiles = tilesCovering(MEADOW, MEADOW);
    expect(tiles.length).toBe(12);
    const tufts = tiles.reduce((n, t) => n + tileFeatures(t.i, t.j, MEADOW).tufts.length, 0);
    expect(tufts).toBe(12 * TUFTS_PER_TILE);
    expect(tufts).toBeGreaterThan(1600);
    expect(tufts).toBeLessThan(1800);
    const clover = tiles.reduce((n, t) => n + tileFeatures(t.i, t.j, MEADOW).clover.length, 0);
    expect(clover).toBeGreaterThan(0);
  });

  it("orders tiles from the middle outwards", () => {
    const world = grown(3);
    const order = tilesCovering(world, MEADOW);
    const cx = world.x + world.width / 2;
    const cy = world.y + world.height / 2;
    const dist = (t: { i: number; j: number }) => Math.hypot(t.i * TILE_W + TILE_W / 2 - cx, t.j * TILE_H + TILE_H / 2 - cy);
    for (let n = 1; n < order.length; n++) expect(dist(order[n]!)).toBeGreaterThanOrEqual(dist(order[n - 1]!) - 1e-9);
  });

  it("shows the same land after growing, shrinking and growing again", () => {
    const small = tilesCovering(MEADOW, MEADOW);
    const big = tilesCovering(grown(2.5), MEADOW);
    const key = (t: { i: number; j: number }) => `${t.i},${t.j}`;
    const bigKeys = new Set(big.map(key));
    for (const t of small) expect(bigKeys.has(key(t))).toBe(true);
    const again = tilesCovering(MEADOW, MEADOW);
    for (const t of small) expect(tileFeatures(t.i, t.j, MEADOW)).toEqual(tileFeatures(again.find((u) => key(u) === key(t))!.i, t.j, MEADOW));
    // The ponds do not move either.
    expect(pondsNear(grown(2.5), MEADOW).find((p) => Math.hypot(p.x - 1232, p.y - 234) < 1)).toEqual(pondOf(0, 0, MEADOW));
  });

  it("paints only the new land when the world grows, all of it when more detail is needed", () => {
    const world = grown(2);
    const all = tilesCovering(world, MEADOW);
    const grow = tilesToPaint(world, 0.5, MEADOW, { world: MEADOW, scale: 0.6 });
    expect(grow.length).toBeLessThan(all.length);
    expect(grow.some((t) => t.i === 1 && t.j === 1)).toBe(false);
    expect(grow.some((t) => t.i === -1 && t.j === -1)).toBe(true);
    const sharper = tilesToPaint(MEADOW, 1.6, MEADOW, { world: grown(2), scale: 0.4 });
    expect(sharper.length).toBe(12);
  });
});

describe("land features", () => {
  it("puts the stump where the server does: 150 × 140 units in from the meadow's bottom left", () => {
    expect(stumpOf(MEADOW)).toEqual({ x: 150, y: 760, r: 30 });
    expect(stumpOf({ x: 100, y: 50, width: 1600, height: 900 })).toEqual({ x: 250, y: 810, r: 30 });
  });

  it("gives the colony's meadow a pond with lily pads, far from the stump", () => {
    const p = pondOf(0, 0, MEADOW);
    expect(p).toBeDefined();
    if (!p) return;
    expect(p.pads.length).toBeGreaterThanOrEqual(5);
    expect(Math.hypot(p.x - 150, p.y - 760)).toBeGreaterThan(800);
    expect(inPond(p, p.x, p.y)).toBe(true);
    expect(inPond(p, p.x + p.rx * 1.3, p.y)).toBe(false);
    for (const pad of p.pads) expect(inPond(p, pad.x, pad.y)).toBe(true);
  });
});

describe("tile jobs for the worker", () => {
  it("rounds a tile's box out to whole cache pixels, neighbours meeting or overlapping by a pixel", async () => {
    const { tilePixelBox } = await import("../../src/land/tile-job");
    const job = { meadow: MEADOW, originX: -800, originY: -450, scale: 0.37 };
    const a = tilePixelBox({ ...job, i: 0, j: 0 });
    const b = tilePixelBox({ ...job, i: 1, j: 0 });
    expect(a.px).toBe(Math.floor(800 * 0.37));
    expect(a.py).toBe(Math.floor(450 * 0.37));
    expect(a.width).toBeGreaterThanOrEqual(TILE_W * 0.37);
    expect(a.width).toBeLessThanOrEqual(TILE_W * 0.37 + 2);
    expect(b.px).toBeLessThanOrEqual(a.px + a.width);
    expect(b.px).toBeGreaterThanOrEqual(a.px + a.width - 1);
    const tiny = tilePixelBox({ ...job, scale: 1e-3, i: 0, j: 0 });
    expect(tiny.width).toBeGreaterThanOrEqual(1);
    expect(tiny.width).toBeLessThanOrEqual(2);
  });
});
