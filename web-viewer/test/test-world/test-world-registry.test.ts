// The tests' world registered beside the standard views, with nothing under src/ naming it: the
// registry finds it by its name, a Welcome that lists its number offers it, w reaches it and asks
// the server for it by its number, and a frame of its number reaches its view as ViewerApp.onFrame
// routes frames (worldName of the frame's world, the registry's view of that name).
import { fromBinary } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { ClientMessageSchema, World } from "../../src/gen/meadow/v1/viewer_pb";
import { chooseWorldBytes } from "../../src/net/messages";
import { WorldChoice } from "../../src/worlds/world-choice";
import { WorldRegistry } from "../../src/worlds/world-registry";
import { worldEnum, worldName } from "../../src/worlds/world-view";
import { VIEWPORT } from "../support/mold-fixtures";
import { namedView } from "../support/world-fixtures";
import { TEST_WORLD } from "./test-world-kind";
import { testServerWelcome, testWorldFrame, viewsWithTheTestWorld } from "./test-world-fixtures";

describe("the test world beside the standard views", () => {
  it("is a world the protocol's enum does not list", () => {
    expect(World[TEST_WORLD]).toBeUndefined();
    expect(Object.values(World)).not.toContain(TEST_WORLD);
  });

  it("is found by its name, and named by its number once a registry holds its view", () => {
    const { registry, test } = viewsWithTheTestWorld();
    expect(registry.views.map((v) => v.name)).toEqual(["swarm", "colony", "mold", "pond", "plate", "test"]);
    expect(registry.view("test")).toBe(test);
    expect(worldName(TEST_WORLD)).toBe("test");
    expect(worldEnum("test")).toBe(TEST_WORLD);
    // The worlds the protocol lists keep their names.
    expect(worldName(World.PLATE)).toBe("plate");
    expect(worldEnum("plate")).toBe(World.PLATE);
  });

  it("refuses a view that calls a world by another name than the protocol's or another view's", () => {
    viewsWithTheTestWorld();
    const renamed = { ...namedView(World.MOLD), name: "not-mold" };
    expect(() => new WorldRegistry([renamed])).toThrow(/world 3 is the mold/);
    const other = { ...namedView(TEST_WORLD), name: "other" };
    expect(() => new WorldRegistry([other])).toThrow(/is the test, not the other/);
  });

  it("is offered by the world choice when a Welcome lists 15, and w reaches it and asks for 15", () => {
    const { registry } = viewsWithTheTestWorld();
    const welcome = testServerWelcome();
    const offered = registry.offered(welcome.worlds);
    expect(offered).toEqual(["swarm", "colony", "mold", "pond", "plate", "test"]);
    const choice = new WorldChoice();
    choice.offer(offered);
    expect(choice.afterWelcome(welcome.world, 0)).toBeUndefined();
    const visited = Array.from({ length: 5 }, (_, i) => choice.next(i));
    expect(visited.at(-1)).toBe("test");
    expect(choice.after("test")).toBe("swarm");
    const asked = fromBinary(ClientMessageSchema, chooseWorldBytes(worldEnum(choice.chosen))).body;
    expect(asked.case === "chooseWorld" && asked.value.world).toBe(TEST_WORLD);
    // Opened on it by the address (?world=test), it is asked for after the Welcome.
    const opened = new WorldChoice("test");
    opened.offer(offered);
    expect(opened.afterWelcome(welcome.world, 0)).toBe("test");
  });

  it("is not offered by a viewer without its view", () => {
    const standard = new WorldRegistry([namedView(World.SWARM), namedView(World.COLONY), namedView(World.PLATE)]);
    expect(standard.offered(testServerWelcome().worlds)).toEqual(["swarm", "colony", "plate"]);
  });

  it("gets the frames of world 15, routed as ViewerApp.onFrame routes them", () => {
    const { registry, test, views } = viewsWithTheTestWorld();
    const choice = new WorldChoice("test");
    choice.offer(registry.offered(testServerWelcome().worlds));
    const frame = testWorldFrame({ glow: 0.5, size: 3, preset: "lantern" });
    expect(frame.world).toBe(TEST_WORLD);
    const name = worldName(frame.world);
    const view = registry.view(name);
    expect(view).toBe(test);
    expect(choice.passOver(name, 0)).toBe(false);
    view?.takeFrame(frame, 0);
    expect(test.state.frames).toBe(1);
    expect(test.worldBounds).toEqual({ x: 0, y: 0, width: 1600, height: 1000 });
    expect(test.cameraTarget).toEqual(test.worldBounds);
    expect(test.viewers).toBe(1);
    // No other view took it.
    for (const v of views) if (v !== test) expect(v.worldBounds).toBeUndefined();
  });

  it("gives its status-line part and its debug part from its frames", () => {
    const { test } = viewsWithTheTestWorld();
    expect(test.statusParts()).toEqual([]);
    expect(test.debugState()).toBeUndefined();
    test.takeFrame(testWorldFrame({ glow: 0.5, size: 3, preset: "lantern" }));
    expect(test.statusParts()).toEqual(["glow 0.5", "beacon 3 px", "preset lantern"]);
    test.takeFrame(testWorldFrame({ glow: 0.7, size: 2, preset: "" }));
    expect(test.statusParts()).toEqual(["glow 0.7", "beacon 2 px"]);
    expect(test.debugState()).toEqual({
      glow: 0.7,
      size: 2,
      frames: 2,
      light: { width: 160, height: 100 },
      settings: { values: { glow: 0.7, size: 2 }, preset: "", locked: false },
      drawings: 0,
    });
    test.forget();
    expect(test.debugState()).toBeUndefined();
  });

  it("draws once a new frame has come, or when the view moved", () => {
    const { test } = viewsWithTheTestWorld();
    const scene = (moved: boolean) => ({ viewport: VIEWPORT, nowMs: 0, dt: 0, moved, rocks: [], breeze: undefined });
    test.show(VIEWPORT);
    test.takeFrame(testWorldFrame());
    test.draw(scene(false));
    test.draw(scene(false));
    expect(test.drawings).toBe(1);
    test.draw(scene(true));
    test.takeFrame(testWorldFrame({ tick: 3 }));
    test.draw(scene(false));
    expect(test.drawings).toBe(3);
    test.hide();
  });
});
