import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { ColonyFireflyState, ColonyStateSchema, type ColonyState } from "../src/gen/meadow/v1/viewer_pb";
import { activityCounts, colonyFromProto } from "../src/colony/colony-snapshot";

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
      { id: 1, x: 800, y: 300, sips: 45, sipsFull: 90, nectar: 0.5, foragers: 4, sync: expect.closeTo(0.93, 5), inSync: true },
      { id: 2, x: 900, y: 300, sips: 5, sipsFull: 0, nectar: 0, foragers: 0, sync: 0, inSync: false },
    ]);
  });
});
