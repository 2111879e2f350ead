import { describe, expect, it } from "vitest";
import { create, fromBinary } from "@bufbuild/protobuf";
import { ClientMessageSchema, FrameSchema, Tool, ToolAction_Phase, World } from "../../src/gen/meadow/v1/viewer_pb";
import { SwarmState } from "../../src/swarm/swarm-state";
import { toolActionBytes, worldSettingsBytes } from "../../src/net/messages";

describe("SwarmState", () => {
  it("takes figures, marks, bounds, camera and eaten crumbs from a frame", () => {
    const s = new SwarmState();
    s.applyFrame(
      create(FrameSchema, {
        viewers: 3,
        swarm: { count: 3000, targetCount: 4500, separation: 1, alignment: 1.5, cohesion: 0.5, fed: 12n, slowed: true, settingsLocked: true },
        marks: [{ id: 1, tool: Tool.ATTRACT, position: { x: 1, y: 2 }, radius: 40, ownerSession: 7n }],
        worldBounds: { x: -100, y: -50, width: 1800, height: 1000 },
        camera: { x: 0, y: 0, width: 1600, height: 900 },
        events: [{ tick: 5n, body: { case: "crumbEaten", value: { markId: 9, position: { x: 3, y: 4 } } } }],
      }),
    );
    expect(s.viewers).toBe(3);
    expect(s.figures).toMatchObject({ count: 3000, target: 4500, fed: 12, slowed: true, settingsLocked: true });
    expect(s.figures?.weights).toEqual({ separation: 1, alignment: 1.5, cohesion: 0.5 });
    expect(s.marks).toHaveLength(1);
    expect(s.worldBounds).toEqual({ x: -100, y: -50, width: 1800, height: 1000 });
    expect(s.cameraTarget).toEqual({ x: 0, y: 0, width: 1600, height: 900 });
    expect(s.eaten).toEqual([{ x: 3, y: 4 }]);
  });

  it("treats a missing target_count as the count, and a missing camera as the world", () => {
    const s = new SwarmState();
    s.worldBounds = { x: 0, y: 0, width: 1600, height: 900 };
    s.applyFrame(create(FrameSchema, { swarm: { count: 3000 } }));
    expect(s.figures?.target).toBe(3000);
    expect(s.cameraTarget).toEqual({ x: 0, y: 0, width: 1600, height: 900 });
  });
});

describe("outgoing messages", () => {
  it("encodes tool actions with phase and position", () => {
    const m = fromBinary(ClientMessageSchema, toolActionBytes(Tool.PREDATOR, ToolAction_Phase.MOVE, 12.5, 30));
    expect(m.body.case).toBe("tool");
    if (m.body.case !== "tool") return;
    expect(m.body.value.tool).toBe(Tool.PREDATOR);
    expect(m.body.value.phase).toBe(ToolAction_Phase.MOVE);
    expect(m.body.value.position).toMatchObject({ x: 12.5, y: 30 });
  });

  it("sends only the settings that change, as the swarm's WorldSettings", () => {
    const m = fromBinary(ClientMessageSchema, worldSettingsBytes(World.SWARM, { values: { count: 4500 } }));
    if (m.body.case !== "settings") throw new Error(m.body.case);
    expect(m.body.value.world).toBe(World.SWARM);
    expect(m.body.value.values.map((v) => [v.name, v.value])).toEqual([["count", 4500]]);
    expect(m.body.value.preset).toBeUndefined();
    const w = fromBinary(ClientMessageSchema, worldSettingsBytes(World.SWARM, { values: { alignment: 2.25 } }));
    if (w.body.case !== "settings") throw new Error(w.body.case);
    expect(w.body.value.values.map((v) => [v.name, v.value])).toEqual([["alignment", 2.25]]);
  });
});
