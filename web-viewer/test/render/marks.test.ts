import { describe, expect, it } from "vitest";
import { create } from "@bufbuild/protobuf";
import { MarkSchema, Tool } from "../../src/gen/meadow/v1/viewer_pb";
import { marksFromProto, type MarkView } from "../../src/net/proto-mapping";
import { DEFAULT_ATTRACT_RADIUS, SPARK_S, markShapes, sparkShapes } from "../../src/render/marks";
import { Viewport } from "../../src/render/viewport";

const vp = new Viewport({ x: 0, y: 0, width: 1600, height: 900 }, 800, 450); // scale 0.5

const mark = (tool: MarkView["tool"], over: Partial<MarkView> = {}): MarkView => ({
  id: 1,
  tool,
  x: 800,
  y: 450,
  radius: 0,
  owner: 5n,
  ...over,
});

describe("marksFromProto", () => {
  it("keeps valid marks and drops the unusable", () => {
    const views = marksFromProto([
      create(MarkSchema, { id: 3, tool: Tool.ATTRACT, position: { x: 10, y: 20 }, ownerSession: 9n, radius: 50 }),
      create(MarkSchema, { id: 4, tool: Tool.PREDATOR, position: { x: Number.NaN, y: 1 }, radius: 120 }),
      create(MarkSchema, { id: 5, tool: Tool.UNSPECIFIED, position: { x: 1, y: 1 } }),
      create(MarkSchema, { id: 6, tool: Tool.FLOWER }),
      create(MarkSchema, { id: 7, tool: Tool.FLOWER, position: { x: 5, y: 6 }, radius: -1 }),
    ]);
    expect(views).toEqual([
      { id: 3, tool: "attract", x: 10, y: 20, radius: 50, owner: 9n },
      { id: 7, tool: "flower", x: 5, y: 6, radius: 0, owner: 0n },
    ]);
  });
});

describe("markShapes", () => {
  it("places marks through the viewport and sizes rings by their radius", () => {
    const [p] = markShapes([mark("predator", { radius: 120 })], vp, 0, undefined);
    expect(p).toMatchObject({ kind: "predator", x: 400, y: 225, radius: 60 });
    const [c] = markShapes([mark("flower", { x: 0, y: 900, radius: 250 })], vp, 0, undefined);
    // A crumb is a small speck, not its smell range.
    expect(c).toMatchObject({ kind: "crumb", x: 0, y: 450 });
    expect(c?.radius).toBeLessThan(5);
  });

  it("pulses attract rings around their radius over time", () => {
    const radii = new Set<number>();
    const alphas: number[] = [];
    for (let t = 0; t < 2; t += 0.1) {
      const [a] = markShapes([mark("attract")], vp, t, undefined);
      if (a?.kind !== "attract") throw new Error("no ring");
      radii.add(Math.round(a.radius * 10));
      alphas.push(a.alpha);
      expect(a.radius).toBeGreaterThan(DEFAULT_ATTRACT_RADIUS * 0.5 * 0.9);
      expect(a.radius).toBeLessThan(DEFAULT_ATTRACT_RADIUS * 0.5 * 1.05);
    }
    expect(radii.size).toBeGreaterThan(3);
    expect(Math.max(...alphas) - Math.min(...alphas)).toBeGreaterThan(0.3);
  });

  it("keeps rings visible far zoomed out and tells one's own marks", () => {
    const far = new Viewport({ x: 0, y: 0, width: 160_000, height: 90_000 }, 800, 450);
    const [ring] = markShapes([mark("attract", { radius: 40 })], far, 0, 5n);
    expect(ring?.radius).toBeGreaterThanOrEqual(6);
    expect(ring?.own).toBe(true);
    const [other] = markShapes([mark("attract", { owner: 6n })], far, 0, 5n);
    expect(other?.own).toBe(false);
    const [operator] = markShapes([mark("attract", { owner: 0n })], far, 0, 0n);
    expect(operator?.own).toBe(false);
  });

  it("leaves rocks to the rocks layer", () => {
    expect(markShapes([mark("rock")], vp, 0, undefined)).toEqual([]);
  });
});

describe("sparkShapes", () => {
  it("widens and fades an eaten crumb's spark, then drops it", () => {
    const sparks = [{ x: 800, y: 450, atS: 10 }];
    const [early] = sparkShapes(sparks, vp, 10.05);
    const [late] = sparkShapes(sparks, vp, 10.5);
    expect(early).toMatchObject({ kind: "spark", x: 400, y: 225 });
    expect(late?.radius).toBeGreaterThan(early?.radius ?? Infinity);
    expect(late?.alpha).toBeLessThan(early?.alpha ?? 0);
    expect(sparkShapes(sparks, vp, 10 + SPARK_S + 0.01)).toEqual([]);
    expect(sparkShapes(sparks, vp, 9)).toEqual([]);
  });
});
