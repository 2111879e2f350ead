// What the colony's theme hears of a colony frame: its measures as figures, the breeze, its own
// sounding events and the shared ones (src/music/colony/colony-music-frame.ts).
import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { FrameSchema, World } from "../../../src/gen/meadow/v1/viewer_pb";
import { colonyFigures, colonyMeasures, colonyMusicFrame } from "../../../src/music/colony/colony-music-frame";

describe("colony frame → music inputs", () => {
  it("keeps the colony's measures, the breeze and the sounding events", () => {
    const frame = create(FrameSchema, {
      tick: 120n,
      world: World.COLONY,
      breeze: { direction: 1, strength: 0.41234, gust: 0.5 },
      colony: { size: 77, maxSize: 500, dormant: false, groupsInSync: 2 },
      swarm: { count: 9 },
      events: [
        { tick: 119n, body: { case: "colonyFlash", value: { fireflyId: 3, flowerId: 5, groupInSync: true } } },
        { tick: 119n, body: { case: "colonyDelivery", value: { fireflyId: 3, flowerId: 5, store: 0.61 } } },
        { tick: 119n, body: { case: "colonySip", value: { fireflyId: 4 } } },
        { tick: 119n, body: { case: "gust", value: { swing: 0.5, strength: 0.8 } } },
      ],
    });
    const heard = colonyMusicFrame(frame);
    expect(heard).toEqual({
      tick: 120,
      world: "colony",
      breeze: { strength: 0.412, gust: 0.5 },
      figures: { size: 77, maxSize: 500, dormant: 0, groupsInSync: 2 },
      events: [
        { kind: "flash", group: 5, inSync: true },
        { kind: "delivery", store: 0.61 },
        { kind: "gust", strength: 0.8 },
      ],
    });
    expect(colonyMeasures(heard.figures)).toEqual({ size: 77, maxSize: 500, dormant: false, groupsInSync: 2 });
  });

  it("reads the measures back from the figures, dormancy included; none from a frame without them", () => {
    const m = { size: 0, maxSize: 500, dormant: true, groupsInSync: 0 };
    expect(colonyMeasures(colonyFigures(m))).toEqual(m);
    expect(colonyMeasures(undefined)).toBeUndefined();
    expect(colonyMusicFrame(create(FrameSchema, { world: World.COLONY })).figures).toBeUndefined();
  });
});
