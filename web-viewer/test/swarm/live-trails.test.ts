import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { TrailPointsSchema } from "../../src/gen/meadow/v1/swarm/swarm_frame_pb";
import { cosineRamp } from "../../src/render/cosine-ramp";
import { FADE_BANDS, LiveTrails, MAX_IDS, MAX_POINTS_PER_ID, TRAIL_TICKS, jumpLimit, trailColor, type TrailStroke } from "../../src/swarm/live-trails";
import { packTrailPoint, trailSampleFromProto, type TrailSample } from "../../src/swarm/trail-points";

const BOUNDS = { x: -200, y: -100, width: 2000, height: 1100 };
/** Ticks between frames at 30 frames a second. */
const GAP = 2;

function sample(frame: number, points: readonly [number, number, number][], bounds = BOUNDS): TrailSample {
  return {
    frame,
    tick: frame * GAP,
    bounds,
    ids: points.map((p) => p[0]),
    xs: Float64Array.from(points.map((p) => p[1])),
    ys: Float64Array.from(points.map((p) => p[2])),
  };
}

/** Every stroke of one firefly, oldest first. */
const of = (strokes: readonly TrailStroke[], id: number): TrailStroke[] => strokes.filter((s) => s.id === id);
/** How many separate pieces of line a firefly's strokes make (a stroke that starts where the last ended goes on with it). */
function pieces(strokes: readonly TrailStroke[]): number {
  let n = 0;
  let end: [number, number] | undefined;
  for (const s of strokes) {
    if (!end || s.xy[0] !== end[0] || s.xy[1] !== end[1]) n++;
    end = [s.xy[s.xy.length - 2] ?? 0, s.xy[s.xy.length - 1] ?? 0];
  }
  return n;
}

describe("TrailPoints → world positions", () => {
  it("unpacks x from the high 16 bits and y from the low 16, across the bounds", () => {
    const xy = [packTrailPoint(-200, -100, BOUNDS), packTrailPoint(1800, 1000, BOUNDS), packTrailPoint(800, 450, BOUNDS)];
    expect(xy[1]).toBe(0xffffffff);
    const s = trailSampleFromProto(create(TrailPointsSchema, { frame: 12n, tick: 40n, bounds: BOUNDS, ids: [3, 7, 9], xy }));
    expect(s?.frame).toBe(12);
    expect(s?.tick).toBe(40);
    expect(s?.ids).toEqual([3, 7, 9]);
    expect([...(s?.xs ?? [])]).toEqual([-200, 1800, expect.closeTo(800, 1)]);
    expect([...(s?.ys ?? [])]).toEqual([-100, 1000, expect.closeTo(450, 1)]);
  });

  it("gives nothing without usable bounds, and pairs ids with positions only as far as both go", () => {
    expect(trailSampleFromProto(create(TrailPointsSchema, { ids: [1], xy: [0] }))).toBeUndefined();
    expect(trailSampleFromProto(create(TrailPointsSchema, { bounds: BOUNDS, ids: [1, 2], xy: [0] }))?.ids).toEqual([1]);
  });
});

describe("LiveTrails", () => {
  it("draws a firefly's path as one line while it flies", () => {
    const t = new LiveTrails();
    for (let f = 1; f <= 10; f++) t.add(sample(f, [[5, 100 + f * 5, 200]]));
    const s = of(t.strokes(), 5);
    expect(pieces(s)).toBe(1);
    expect(s.flatMap((k) => k.xy).length).toBeGreaterThanOrEqual(20);
  });

  it("lifts the line where a firefly jumps further than it can fly between two frames", () => {
    const limit = jumpLimit(GAP, { stepsPerTick: 1, speed: 1 });
    expect(limit).toBeCloseTo(6 * 3.2 * GAP, 6);
    const t = new LiveTrails();
    t.add(sample(1, [[5, 100, 200]]));
    t.add(sample(2, [[5, 105, 200]]));
    t.add(sample(3, [[5, 105 + limit * 1.5, 200]])); // over an edge: a jump
    t.add(sample(4, [[5, 110 + limit * 1.5, 200]]));
    expect(pieces(of(t.strokes(), 5))).toBe(2);
    // A faster swarm flies further between the same frames: no lift.
    const fast = new LiveTrails();
    fast.add(sample(1, [[5, 100, 200]]), { stepsPerTick: 2, speed: 2 });
    fast.add(sample(2, [[5, 100 + limit * 1.5, 200]]), { stepsPerTick: 2, speed: 2 });
    expect(pieces(of(fast.strokes(), 5))).toBe(1);
  });

  it("lifts the line where a firefly missed a frame, and where the world's bounds changed a lot", () => {
    const t = new LiveTrails();
    t.add(sample(1, [[1, 100, 100], [2, 300, 300]]));
    t.add(sample(2, [[1, 102, 100], [2, 302, 300]]));
    t.add(sample(3, [[2, 304, 300]])); // firefly 1 missed this frame
    t.add(sample(4, [[1, 106, 100], [2, 306, 300]]));
    t.add(sample(5, [[1, 108, 100], [2, 308, 300]]));
    const s = t.strokes();
    expect(pieces(of(s, 1))).toBe(2);
    expect(pieces(of(s, 2))).toBe(1);
    const grown = { x: -1000, y: -500, width: 3600, height: 2000 };
    t.add(sample(6, [[1, 110, 100], [2, 310, 300]], grown));
    t.add(sample(7, [[1, 112, 100], [2, 312, 300]], grown));
    expect(pieces(of(t.strokes(), 2))).toBe(2);
    // A small change of bounds (the world breathing) lifts nothing.
    const t2 = new LiveTrails();
    t2.add(sample(1, [[1, 100, 100]]));
    t2.add(sample(2, [[1, 102, 100]], { ...BOUNDS, width: BOUNDS.width * 1.02 }));
    expect(pieces(of(t2.strokes(), 1))).toBe(1);
  });

  it("fades: the newest stretch the brightest, older ones fainter, gone after the trail's length", () => {
    const t = new LiveTrails();
    const frames = TRAIL_TICKS / GAP;
    for (let f = 1; f <= frames; f++) t.add(sample(f, [[5, 100 + f, 200]]));
    const s = of(t.strokes(), 5);
    const alphas = s.map((k) => k.alpha);
    expect(alphas.length).toBeGreaterThan(FADE_BANDS / 2);
    // Oldest first: rising towards the newest, which is whole.
    for (let i = 1; i < alphas.length; i++) expect(alphas[i]).toBeGreaterThan(alphas[i - 1] ?? 1);
    expect(alphas.at(-1)).toBe(1);
    expect(alphas[0]).toBeLessThan(0.3);
    // The firefly leaves (no more points of it): its line ages out, then it is forgotten.
    for (let f = frames + 1; f <= 2 * frames + 2; f++) t.add(sample(f, [[6, 500, 500]]));
    expect(of(t.strokes(), 5)).toEqual([]);
    expect(t.ids).toBe(1);
  });

  it("keeps a firefly's colour for its life, from its id, on the cosine ramp", () => {
    const t = new LiveTrails();
    t.add(sample(1, [[1, 100, 100], [2, 300, 300], [3, 500, 500]]));
    t.add(sample(2, [[1, 101, 100], [2, 301, 300], [3, 501, 500]]));
    const before = of(t.strokes(), 2)[0]?.color;
    // Others come and go; firefly 2 keeps its colour.
    t.add(sample(3, [[2, 302, 300], [9, 900, 500]]));
    t.add(sample(4, [[2, 303, 300], [9, 901, 500]]));
    expect(of(t.strokes(), 2).at(-1)?.color).toEqual(before);
    expect(before).toEqual(trailColor(2));
    expect(new Set([1, 2, 3, 9].map((id) => trailColor(id).join())).size).toBe(4);
    for (const c of [1, 2, 3, 9].map(trailColor)) {
      for (const v of c) expect(v >= 0 && v <= 1).toBe(true);
      // On the ramp the three channels always add up to 1.5: never a dark line.
      expect(c[0] + c[1] + c[2]).toBeCloseTo(1.5, 9);
    }
  });

  it("is bounded in fireflies and in points per firefly", () => {
    const t = new LiveTrails();
    const many = Array.from({ length: MAX_IDS + 50 }, (_, i) => [i + 1, (i % 100) * 10, Math.floor(i / 100) * 10] as [number, number, number]);
    t.add(sample(1, many));
    expect(t.ids).toBe(MAX_IDS);
    const long = new LiveTrails();
    // Frames a tick apart: more of them than the cap fit in the trail's length.
    for (let f = 1; f <= MAX_POINTS_PER_ID + 20; f++) long.add({ ...sample(f, [[1, 100 + f * 0.1, 100]]), tick: f });
    expect(long.points).toBe(MAX_POINTS_PER_ID);
  });

  it("starts afresh when time goes back (a new session), and ignores a frame it has had", () => {
    const t = new LiveTrails();
    t.add(sample(10, [[1, 100, 100]]));
    t.add(sample(11, [[1, 102, 100]]));
    t.add(sample(11, [[1, 900, 900]]));
    expect(t.points).toBe(2);
    t.add(sample(2, [[1, 500, 500]]));
    expect(t.points).toBe(1);
    expect(t.latestTick).toBe(2 * GAP);
  });

  it("says when it changed, so the layer redraws only then", () => {
    const t = new LiveTrails();
    t.add(sample(1, [[1, 100, 100]]));
    expect(t.changed).toBe(true);
    t.strokes();
    expect(t.changed).toBe(false);
    t.clear();
    expect(t.changed).toBe(true);
  });
});

describe("the cosine ramp", () => {
  it("puts red, green and blue a third of a turn apart", () => {
    expect(cosineRamp(0)).toEqual([1, expect.closeTo(0.25, 9), expect.closeTo(0.25, 9)]);
    const g = cosineRamp(2 / 3);
    expect(g[1]).toBeCloseTo(1, 9);
    expect(cosineRamp(1.25)).toEqual(cosineRamp(0.25).map((v) => expect.closeTo(v, 9)));
  });
});
