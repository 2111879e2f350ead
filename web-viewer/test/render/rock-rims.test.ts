import { describe, expect, it } from "vitest";
import { create } from "@bufbuild/protobuf";
import { RockRimSchema } from "../../src/gen/meadow/v1/swarm/swarm_frame_pb";
import { rimsFromProto } from "../../src/net/proto-mapping";
import { RIM_EASE_S, RimEaser, rimArcs, type RimView } from "../../src/render/rock-rims";
import { Viewport } from "../../src/render/viewport";

const rock = { id: 4, x: 800, y: 450, radius: 22 };
const east: RimView = { rockId: 4, angle: 0, strength: 0.8, focus: 0.9 };
const west: RimView = { rockId: 4, angle: Math.PI, strength: 0.8, focus: 0.9 };

function settle(easer: RimEaser, seconds: number): RimView[] {
  let out: RimView[] = [];
  for (let t = 0; t < seconds; t += 1 / 60) out = easer.step(1 / 60);
  return out;
}

describe("rim light easing", () => {
  it("fades a new rim in and reaches the measure within a second", () => {
    const easer = new RimEaser();
    easer.setTargets([east]);
    const first = easer.step(1 / 60)[0];
    expect(first?.strength).toBeGreaterThan(0);
    expect(first?.strength).toBeLessThan(0.2);
    const later = settle(easer, 1)[0];
    expect(later?.strength).toBeCloseTo(0.8, 2);
    expect(later?.angle).toBeCloseTo(0, 3);
  });

  it("eases about two thirds of the way in RIM_EASE_S", () => {
    const easer = new RimEaser();
    easer.setTargets([{ ...east, strength: 0.2 }]);
    settle(easer, 2);
    easer.setTargets([{ ...east, strength: 0.8 }]);
    const r = easer.step(RIM_EASE_S)[0];
    expect(r?.strength).toBeCloseTo(0.2 + 0.6 * (1 - Math.exp(-1)), 3);
  });

  it("turns the short way round, through north, from just below east to just above it", () => {
    const easer = new RimEaser();
    easer.setTargets([{ ...east, angle: 0.3 }]);
    settle(easer, 2);
    easer.setTargets([{ ...east, angle: -0.3 }]);
    for (let i = 0; i < 60; i++) {
      const a = easer.step(1 / 60)[0]?.angle ?? NaN;
      expect(Math.abs(a)).toBeLessThanOrEqual(0.3 + 1e-6);
    }
  });

  it("lets a rim that the frames no longer bring fade out and be forgotten", () => {
    const easer = new RimEaser();
    easer.setTargets([east]);
    settle(easer, 1);
    easer.setTargets([]);
    expect(easer.step(1 / 60)[0]?.strength).toBeLessThan(0.8);
    expect(settle(easer, 2)).toEqual([]);
  });

  it("swinging to the other side dims through the middle rather than jumping", () => {
    const easer = new RimEaser();
    easer.setTargets([east]);
    settle(easer, 1);
    easer.setTargets([west]);
    const mid = settle(easer, RIM_EASE_S * 0.7);
    expect(mid.length === 0 || (mid[0]?.strength ?? 0) <= 0.8).toBe(true);
    expect(settle(easer, 2)[0]?.angle).toBeCloseTo(Math.PI, 2);
  });
});

describe("rim arcs", () => {
  const viewport = new Viewport({ x: 0, y: 0, width: 1600, height: 900 }, 1600, 900, 2);

  it("sits on the rock's edge, centred on the light's side, in device pixels", () => {
    const [arc] = rimArcs([east], [rock], viewport);
    expect(arc).toBeDefined();
    expect(arc?.x).toBeCloseTo(1600);
    expect(arc?.y).toBeCloseTo(900);
    expect(arc?.radius).toBeCloseTo(44);
    expect(((arc?.start ?? 0) + (arc?.end ?? 0)) / 2).toBeCloseTo(0);
    expect(arc?.alpha).toBeCloseTo(0.8);
  });

  it("is narrow for light from one side and a whole ring for light all round", () => {
    const [narrow] = rimArcs([{ ...east, focus: 1 }], [rock], viewport);
    const [ring] = rimArcs([{ ...east, focus: 0 }], [rock], viewport);
    expect((narrow?.end ?? 0) - (narrow?.start ?? 0)).toBeCloseTo((2 * Math.PI) / 3);
    expect((ring?.end ?? 0) - (ring?.start ?? 0)).toBeCloseTo(2 * Math.PI);
  });

  it("draws nothing for unknown rocks, faint rims or rocks too small to see", () => {
    expect(rimArcs([{ ...east, rockId: 99 }], [rock], viewport)).toEqual([]);
    expect(rimArcs([{ ...east, strength: 0.001 }], [rock], viewport)).toEqual([]);
    const far = new Viewport({ x: 0, y: 0, width: 160000, height: 90000 }, 1600, 900, 1);
    expect(rimArcs([east], [rock], far)).toEqual([]);
  });
});

describe("rims from the wire", () => {
  it("keeps finite, lit rims and clamps strength and focus", () => {
    const rims = rimsFromProto([
      create(RockRimSchema, { rockId: 1, angle: 0.5, strength: 0.4, focus: 0.6 }),
      create(RockRimSchema, { rockId: 2, angle: NaN, strength: 0.4, focus: 0.6 }),
      create(RockRimSchema, { rockId: 3, angle: 1, strength: 0, focus: 0.6 }),
      create(RockRimSchema, { rockId: 4, angle: 1, strength: 3, focus: -2 }),
    ]);
    expect(rims).toEqual([
      { rockId: 1, angle: 0.5, strength: expect.closeTo(0.4, 5) as unknown as number, focus: expect.closeTo(0.6, 5) as unknown as number },
      { rockId: 4, angle: 1, strength: 1, focus: 0 },
    ]);
  });
});
