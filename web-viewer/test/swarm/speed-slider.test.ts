import { create, fromBinary } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { ClientMessageSchema, FrameSchema, World } from "../../src/gen/meadow/v1/viewer_pb";
import { worldSettingsBytes } from "../../src/net/messages";
import { SwarmState } from "../../src/swarm/swarm-state";
import { SPEED_RANGE, WEIGHT_RANGE, WeightSliderModel, clampToRange, sliderRange } from "../../src/swarm/weight-slider-model";

describe("the speed slider", () => {
  it("has a range of its own, 0.5 … 2, not the weights' 0 … 3", () => {
    expect(sliderRange("speed")).toBe(SPEED_RANGE);
    expect([SPEED_RANGE.min, SPEED_RANGE.max]).toEqual([0.5, 2]);
    expect(sliderRange("cohesion")).toBe(WEIGHT_RANGE);
    expect([WEIGHT_RANGE.min, WEIGHT_RANGE.max]).toEqual([0, 3]);
  });

  it("keeps what it sends on its grid and in its range", () => {
    expect(clampToRange(0.1, SPEED_RANGE)).toBe(0.5);
    expect(clampToRange(2.7, SPEED_RANGE)).toBe(2);
    expect(clampToRange(1.234, SPEED_RANGE)).toBe(1.25);
    expect(clampToRange(Number.NaN, SPEED_RANGE)).toBe(1);
    const m = new WeightSliderModel("speed");
    m.grab();
    expect(m.input(2.9, 0)).toBe(2);
    expect(m.input(0, 20)).toBeUndefined(); // throttled: waits
    expect(m.release(40)).toBe(0.5);
  });

  it("goes out as the swarm's speed alone, leaving the weights and the count as they are", () => {
    const m = fromBinary(ClientMessageSchema, worldSettingsBytes(World.SWARM, { values: { speed: 1.5 } }));
    if (m.body.case !== "settings") throw new Error(m.body.case);
    expect(m.body.value.world).toBe(World.SWARM);
    expect(m.body.value.values.map((v) => [v.name, v.value])).toEqual([["speed", 1.5]]);
  });

  it("shows the server's figure, and the usual 1 from a server that sends none", () => {
    const s = new SwarmState();
    s.applyFrame(create(FrameSchema, { swarm: { count: 100, speed: 1.75, targetStepsPerSecond: 84.9 } }));
    expect(s.figures?.speed).toBe(1.75);
    expect(s.figures?.targetStepsPerSecond).toBeCloseTo(84.9, 3);
    s.applyFrame(create(FrameSchema, { swarm: { count: 100 } }));
    expect(s.figures?.speed).toBe(1);
    expect(s.figures?.targetStepsPerSecond).toBe(60);
  });
});
