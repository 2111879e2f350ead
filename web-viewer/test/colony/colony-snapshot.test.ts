import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { ColonyFireflyState, ColonyStateSchema, FlowerStage, type ColonyState } from "../../src/gen/meadow/v1/colony/colony_frame_pb";
import { activityCounts, colonyFromProto } from "../../src/colony/colony-snapshot";

/** A ColonyState's fields as plain values (not a built message), for spreading. */
type StateInit = Exclude<MessageInitShape<typeof ColonyStateSchema>, ColonyState>;

const state = (over: StateInit = {}) =>
  create(ColonyStateSchema, {
    positionUnit: 0.25,
    stump: { x: 240, y: 690 },
    stumpRadius: 46,
    store: 0.62,
    size: 2,
    maxSize: 500,
    maxDroppedFlowers: 3,
    ...over,
  });

describe("colonyFromProto", () => {
  it("undoes the quantisation: positions × unit, heading of 256 steps, bytes → 0 … 1", () => {
    const c = colonyFromProto(
      state({
        fireflies: [
          { id: 7, x: 1000, y: -40, heading: 64, energy: 255, state: ColonyFireflyState.WANDERING, flash: 0, fade: 255 },
          { id: 9, x: 3, y: 2, heading: 128, energy: 51, state: ColonyFireflyState.CARRYING, flash: 255, flowerId: 4, fade: 255 },
          { id: 11, x: 0, y: 0, heading: 0, energy: 0, state: ColonyFireflyState.DYING, flash: 0, fade: 102 },
        ],
      }),
    );
    const [a, b, d] = c.fireflies;
    expect(a).toMatchObject({ id: 7, x: 250, y: -10, energy: 1, activity: "wandering", flash: 0, fade: 1, flowerId: 0 });
    expect(a?.heading).toBeCloseTo(Math.PI / 2, 10);
    expect(b).toMatchObject({ id: 9, x: 0.75, y: 0.5, activity: "carrying", flash: 1, flowerId: 4 });
    expect(b?.energy).toBeCloseTo(0.2, 10);
    expect(b?.heading).toBeCloseTo(Math.PI, 10);
    expect(d).toMatchObject({ activity: "dying" });
    expect(d?.fade).toBeCloseTo(0.4, 10);
  });

  it("maps every firefly state, and an unknown one to 'unknown'", () => {
    const states = [
      [ColonyFireflyState.FORAGING, "foraging"],
      [ColonyFireflyState.SIPPING, "sipping"],
      [ColonyFireflyState.HUNGRY, "hungry"],
      [ColonyFireflyState.EATING, "eating"],
      [ColonyFireflyState.DORMANT, "dormant"],
      [ColonyFireflyState.RISING, "rising"],
      [ColonyFireflyState.UNSPECIFIED, "unknown"],
      [99 as ColonyFireflyState, "unknown"],
    ] as const;
    const c = colonyFromProto(state({ fireflies: states.map(([s], i) => ({ id: i + 1, state: s, fade: 255 })) }));
    expect(c.fireflies.map((f) => f.activity)).toEqual(states.map(([, name]) => name));
    expect(activityCounts(c.fireflies)).toMatchObject({ foraging: 1, unknown: 2 });
  });

  it("shows no fireflies rather than misplaced ones when the unit is unusable", () => {
    const fireflies = [{ id: 1, x: 10, y: 10, fade: 255 }];
    expect(colonyFromProto(state({ positionUnit: 0, fireflies })).fireflies).toEqual([]);
    expect(colonyFromProto(state({ positionUnit: Number.NaN, fireflies })).fireflies).toEqual([]);
    expect(colonyFromProto(state({ positionUnit: -1, fireflies })).fireflies).toEqual([]);
  });

  it("takes the stump, the store and the figures; keeps the store within 0 … 1", () => {
    const c = colonyFromProto(state({ groupsInSync: 1, dormant: true }));
    expect(c.stump).toEqual({ x: 240, y: 690, radius: 46 });
    expect(c).toMatchObject({ store: 0.62, size: 2, maxSize: 500, maxDroppedFlowers: 3, groupsInSync: 1, dormant: true });
    expect(colonyFromProto(state({ store: 1.4 })).store).toBe(1);
    expect(colonyFromProto(state({ store: Number.NaN })).store).toBe(0);
    expect(colonyFromProto(state({ stumpRadius: 0 })).stump).toBeUndefined();
    expect(colonyFromProto(state({ stump: undefined })).stump).toBeUndefined();
  });

  it("gives each flower its nectar left, and drops flowers without a usable position", () => {
    const c = colonyFromProto(
      state({
        flowers: [
          { id: 1, position: { x: 800, y: 300 }, sips: 45, sipsFull: 90, foragers: 4, sync: 0.93, inSync: true },
          { id: 2, position: { x: 900, y: 300 }, sips: 5, sipsFull: 0 },
          { id: 3, position: { x: Number.POSITIVE_INFINITY, y: 1 }, sips: 90, sipsFull: 90 },
          { id: 4, sips: 90, sipsFull: 90 },
        ],
      }),
    );
    expect(c.flowers).toEqual([
      { id: 1, x: 800, y: 300, sips: 45, sipsFull: 90, nectar: 0.5, foragers: 4, sync: expect.closeTo(0.93, 5), inSync: true, stage: "bloom", growth: 0, dropped: false },
      { id: 2, x: 900, y: 300, sips: 5, sipsFull: 0, nectar: 0, foragers: 0, sync: 0, inSync: false, stage: "bloom", growth: 0, dropped: false },
    ]);
  });

  it("names each flower's stage of life (a server that sends none: in bloom), its growth within 0 … 1", () => {
    const stages = [
      [FlowerStage.SHOOT, "shoot"],
      [FlowerStage.BUD, "bud"],
      [FlowerStage.BLOOM, "bloom"],
      [FlowerStage.WILTING, "wilting"],
      [FlowerStage.WITHERED, "withered"],
      [FlowerStage.UNSPECIFIED, "bloom"],
      [77 as FlowerStage, "bloom"],
    ] as const;
    const c = colonyFromProto(state({ flowers: stages.map(([stage], i) => ({ id: i + 1, position: { x: i, y: 0 }, stage, growth: 0.4, dropped: i === 2 })) }));
    expect(c.flowers.map((f) => f.stage)).toEqual(stages.map(([, name]) => name));
    expect(c.flowers[2]?.dropped).toBe(true);
    expect(c.flowers[0]?.growth).toBeCloseTo(0.4, 6);
    const odd = colonyFromProto(state({ flowers: [{ id: 1, position: { x: 0, y: 0 }, growth: 1.7 }, { id: 2, position: { x: 0, y: 0 }, growth: Number.NaN }] }));
    expect(odd.flowers.map((f) => f.growth)).toEqual([1, 0]);
  });

  it("takes the falling seeds (height within 0 … 1), the flowers in bloom and the seeds stuck on fireflies", () => {
    const c = colonyFromProto(
      state({
        seeds: [
          { id: 5, position: { x: 410, y: 220 }, height: 0.75 },
          { id: 6, position: { x: 1, y: 2 }, height: 3 },
          { id: 7, position: { x: Number.NaN, y: 2 }, height: 0.5 },
          { id: 8, height: 0.5 },
        ],
        flowersInBloom: 4,
        fireflies: [
          { id: 1, x: 4, y: 4, seed: true, fade: 255 },
          { id: 2, x: 8, y: 8, fade: 255 },
        ],
      }),
    );
    expect(c.seeds).toEqual([
      { id: 5, x: 410, y: 220, height: 0.75 },
      { id: 6, x: 1, y: 2, height: 1 },
    ]);
    expect(c.flowersInBloom).toBe(4);
    expect(c.fireflies.map((f) => f.seed)).toEqual([true, false]);
  });
});
