// The plate in the viewer (docs/rules.md "The plate"): its birds decoded from six bytes each, each
// bird's trail kept for the frames the settings ask and lifted at the seam, the ramp's colours as
// published, its status line and its announcements.
import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { FrameSchema, World, type Frame } from "../../src/gen/meadow/v1/viewer_pb";
import { birdHue, plateColour, RAMP_SPAN, RAMP_START } from "../../src/plate/plate-ramp";
import { PlateState, birdsFromBytes } from "../../src/plate/plate-state";
import { phaseOf, plateStatusParts } from "../../src/plate/plate-status";
import { birdTrail } from "../../src/plate/plate-trails";
import { crossingText, PlateView } from "../../src/plate/plate-view";

function packed(birds: readonly [number, number, number][]): Uint8Array {
  const out = new Uint8Array(birds.length * 6);
  birds.forEach(([x, y, turn], i) => {
    const put = (at: number, v: number): void => {
      const u = Math.round(v * 65536) & 0xffff;
      out[i * 6 + at] = u & 0xff;
      out[i * 6 + at + 1] = u >> 8;
    };
    put(0, x);
    put(2, y);
    put(4, turn);
  });
  return out;
}

function plateFrame(birds: readonly [number, number, number][], runSteps: number, trailLength = 120, crossing?: { rising: boolean; threshold: number }): Frame {
  return create(FrameSchema, {
    world: World.PLATE,
    viewers: 1,
    worldBounds: { x: 0, y: 0, width: 1600, height: 900 },
    plate: { birds: packed(birds), count: birds.length, order: 0.5, runSteps: BigInt(runSteps), plateX: 350, plateY: 0, plateSide: 900 },
    settings: [
      { name: "birds", value: birds.length },
      { name: "trail_length", value: trailLength },
    ],
    settingsPreset: "reynolds",
    locks: { settings: false },
    events: crossing ? [{ tick: 1n, body: { case: "orderCrossing", value: { rising: crossing.rising, threshold: crossing.threshold, order: 0.95 } } }] : [],
  });
}

describe("the plate's birds on the wire", () => {
  it("decode from six bytes a bird to within a 65,536th", () => {
    const b = birdsFromBytes(packed([[0.25, 0.75, 0.5], [0.999, 0, 0.25]]), 2);
    expect(b).toBeDefined();
    expect(b!.x[0]).toBeCloseTo(0.25, 4);
    expect(b!.y[0]).toBeCloseTo(0.75, 4);
    expect(b!.heading[0]).toBeCloseTo(Math.PI, 3);
    expect(b!.heading[1]).toBeCloseTo(Math.PI / 2, 3);
  });

  it("refuses bytes that are not the count's six a bird", () => {
    expect(birdsFromBytes(new Uint8Array(11), 2)).toBeUndefined();
    const s = new PlateState();
    const f = plateFrame([[0.1, 0.1, 0]], 1);
    f.plate!.count = 2;
    s.applyFrame(f);
    expect(s.refused).toBe(1);
    expect(s.birds).toBeUndefined();
  });
});

describe("the plate's trails", () => {
  it("keep the frames the trail length asks, and start again at a fresh scatter", () => {
    const s = new PlateState();
    for (let step = 1; step <= 10; step++) s.applyFrame(plateFrame([[0.1 + step * 0.01, 0.5, 0]], step, 4));
    expect(s.trailLength).toBe(4);
    expect(s.history).toHaveLength(4);
    expect(s.settings?.values.trail_length).toBe(4);
    s.applyFrame(plateFrame([[0.5, 0.5, 0]], 1, 4));
    expect(s.history).toHaveLength(0);
    s.applyFrame(plateFrame([[0.5, 0.5, 0], [0.2, 0.2, 0]], 2, 4));
    expect(s.history).toHaveLength(0);
  });

  it("are lifted where a bird crosses the seam", () => {
    const s = new PlateState();
    const xs = [0.96, 0.98, 0.0, 0.02, 0.04];
    xs.forEach((x, i) => s.applyFrame(plateFrame([[x, 0.5, 0]], i + 1)));
    const lines = birdTrail(s.history, s.birds, 0);
    expect(lines).toHaveLength(2);
    expect(lines[0]!.filter((_, k) => k % 2 === 0).map((v) => Number(v.toFixed(2)))).toEqual([0.96, 0.98]);
    expect(lines[1]!.filter((_, k) => k % 2 === 0).map((v) => Number(v.toFixed(2)))).toEqual([0, 0.02, 0.04]);
  });
});

describe("the plate's ramp", () => {
  it("is a + b·cos(2π(t + phase)) at t = 0.82 + hue × 0.24", () => {
    const [r, g, b] = plateColour(0);
    expect(r).toBeCloseTo(0.46 + 0.5 * Math.cos(2 * Math.PI * 0.82), 6);
    expect(g).toBeCloseTo(0.4185 + 0.4549 * Math.cos(2 * Math.PI * (0.82 + 0.05)), 6);
    expect(b).toBeCloseTo(0.1389 + 0.151 * Math.cos(2 * Math.PI * (0.82 + 0.1)), 6);
    const end = plateColour(1);
    expect(end[0]).toBeCloseTo(0.46 + 0.5 * Math.cos(2 * Math.PI * (RAMP_START + RAMP_SPAN)), 6);
    expect(birdHue(0, 200)).toBe(0);
    expect(birdHue(199, 200)).toBe(1);
  });
});

describe("the plate's status and announcements", () => {
  it("says its birds, its order with the phase it reads as, and its step", () => {
    expect(plateStatusParts({ count: 200, order: 0.95, runSteps: 240 })).toEqual(["200 birds", "order 0.95 (a stream)", "step 240"]);
    expect(phaseOf(0.1)).toBe("a gas");
    expect(phaseOf(0.5)).toBeUndefined();
  });

  it("announces a crossing once, in words", () => {
    const said: string[] = [];
    const canvas = { getContext: () => null, hidden: false } as unknown as HTMLCanvasElement;
    const view = new PlateView(canvas, { say: (t) => said.push(t) });
    view.takeFrame(plateFrame([[0.5, 0.5, 0]], 1, 120, { rising: true, threshold: 0.9 }), 0);
    view.takeFrame(plateFrame([[0.5, 0.5, 0]], 2), 600);
    expect(said).toEqual([crossingText(true, 0.9)]);
    // Its order kept for its trace, with the threshold it crossed.
    expect(view.orderHistory.thresholds).toEqual([0.9]);
    expect(view.orderHistory.samples.length).toBeGreaterThan(0);
    expect(view.statusParts()).toEqual(["1 bird", "order 0.50", "step 2"]);
    expect(view.settings.now()?.preset).toBe("reynolds");
  });
});

describe("the plate's exports", () => {
  it("save this run's trails in plate units, lifted at the seam, each bird in its ramp colour", async () => {
    const { runTrails } = await import("../../src/plate/plate-run-trails");
    const s = new PlateState();
    [0.96, 0.98, 0.0, 0.02].forEach((x, i) => s.applyFrame(plateFrame([[x, 0.5, 0], [0.5, 0.5, 0.25]], i + 1)));
    const t = runTrails(s, 77n);
    expect(t.world).toMatchObject({ x: 0, y: 0, width: 1, height: 1 });
    expect(t.source).toBe(World.PLATE);
    expect(t.steps).toBe(3);
    expect(t.trails.map((x) => x.pieces.length)).toEqual([2, 1]);
    const [r, g, b] = plateColour(1);
    expect(t.trails[1]).toMatchObject({ id: 1 });
    expect(t.trails[1]!.red).toBeCloseTo(r, 6);
    expect(t.trails[1]!.green).toBeCloseTo(g, 6);
    expect(t.trails[1]!.blue).toBeCloseTo(b, 6);
  });
});
