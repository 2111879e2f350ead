import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { EventSchema, type Event } from "../../src/gen/meadow/v1/viewer_pb";
import { EFFECT_S, effectsFromEvents, liveEffects } from "../../src/colony/colony-effects";

const stump = { x: 150, y: 760 };
/** An Event's fields as plain values (not a built message). */
type EventInit = Exclude<MessageInitShape<typeof EventSchema>, Event>;
const ev = (body: EventInit["body"]): Event => create(EventSchema, { tick: 1n, body });

describe("effectsFromEvents", () => {
  it("turns births, deliveries, dropped flowers and the spark waking into flourishes", () => {
    const effects = effectsFromEvents(
      [
        ev({ case: "colonyBirth", value: { fireflyId: 7, position: { x: 151, y: 759 }, store: 0.7 } }),
        ev({ case: "colonyDelivery", value: { fireflyId: 3, flowerId: 1, store: 0.62 } }),
        ev({ case: "colonyFlowerDropped", value: { flowerId: 2, position: { x: 800, y: 300 } } }),
        ev({ case: "colonySpark", value: { awake: true, position: { x: 150, y: 760 }, flowerId: 2 } }),
        ev({ case: "colonySpark", value: { awake: false, position: { x: 150, y: 760 } } }),
        ev({ case: "colonyFlash", value: { fireflyId: 3, flowerId: 1, position: { x: 1, y: 1 } } }),
        ev({ case: "colonyFlowerDropped", value: { flowerId: 3 } }),
      ],
      stump,
      10,
    );
    expect(effects).toEqual([
      { kind: "birth", x: 151, y: 759, atS: 10 },
      { kind: "delivery", x: 150, y: 760, atS: 10 },
      { kind: "flower", x: 800, y: 300, atS: 10 },
      { kind: "wake", x: 150, y: 760, atS: 10 },
    ]);
  });

  it("rings a seed taking root and a bud opening where they are", () => {
    const effects = effectsFromEvents(
      [
        ev({ case: "tookRoot", value: { flowerId: 9, position: { x: 600, y: 200 } } }),
        ev({ case: "bloom", value: { flowerId: 8, position: { x: 700, y: 250 } } }),
        ev({ case: "wilt", value: { flowerId: 7, position: { x: 1, y: 1 } } }),
        ev({ case: "seedDropped", value: { fireflyId: 1, seedId: 2, position: { x: 1, y: 1 } } }),
        ev({ case: "gust", value: { swing: 0.6, strength: 0.8 } }),
      ],
      stump,
      4,
    );
    expect(effects).toEqual([
      { kind: "root", x: 600, y: 200, atS: 4 },
      { kind: "flower", x: 700, y: 250, atS: 4 },
    ]);
  });

  it("draws a delivery nowhere without a stump", () => {
    expect(effectsFromEvents([ev({ case: "colonyDelivery", value: { fireflyId: 3, flowerId: 1, store: 0.62 } })], undefined, 0)).toEqual([]);
  });
});

describe("liveEffects", () => {
  it("ages each flourish from 0 to 1 over its time, then leaves it out", () => {
    const e = [{ kind: "birth", x: 0, y: 0, atS: 10 } as const];
    expect(liveEffects(e, 10)[0]?.age).toBe(0);
    expect(liveEffects(e, 10 + EFFECT_S.birth / 2)[0]?.age).toBeCloseTo(0.5, 10);
    expect(liveEffects(e, 10 + EFFECT_S.birth)).toEqual([]);
    expect(liveEffects(e, 9)).toEqual([]);
  });

  it("keeps a burst from piling up", () => {
    const burst = Array.from({ length: 500 }, (_, i) => ({ kind: "delivery" as const, x: i, y: 0, atS: 0 }));
    const live = liveEffects(burst, 0.1);
    expect(live.length).toBeLessThanOrEqual(64);
    expect(live.at(-1)?.x).toBe(499);
  });
});
