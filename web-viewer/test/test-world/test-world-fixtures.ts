// The tests' world as the tests' server sends it (tests/support/test_world.*): its settings'
// schema (glow, a number in [0.1, 1]; size, whole pixels in [1, 4]; presets beacon and lantern),
// its frames (the beacon's light, its settings by the schema's names) and a Welcome that lists it
// beside the product's worlds; and its view made beside the standard views.
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import {
  FrameSchema,
  ServerMessageSchema,
  SettingSpec_Kind,
  SettingsSchemaSchema,
  WelcomeSchema,
  World,
  type Frame,
  type SettingsSchema,
  type Welcome,
} from "../../src/gen/meadow/v1/viewer_pb";
import { PlateView } from "../../src/plate/plate-view";
import { PondView } from "../../src/pond/pond-view";
import { WorldRegistry } from "../../src/worlds/world-registry";
import type { WorldView } from "../../src/worlds/world-view";
import { fakeCanvas, moldView } from "../support/mold-fixtures";
import { namedView } from "../support/world-fixtures";
import { TEST_WORLD } from "./test-world-kind";
import { TestWorldView } from "./test-world-view";

const MEADOW = { x: 0, y: 0, width: 1600, height: 1000 };

export function testWorldSchemaProto(): SettingsSchema {
  return create(SettingsSchemaSchema, {
    world: TEST_WORLD,
    settings: [
      { name: "glow", label: "glow", unit: "of full light", kind: SettingSpec_Kind.NUMBER, min: 0.1, max: 1, step: 0.1 },
      { name: "size", label: "beacon size", unit: "pixels a side", kind: SettingSpec_Kind.WHOLE, min: 1, max: 4, step: 1 },
    ],
    presets: [
      { name: "beacon", title: "Beacon" },
      { name: "lantern", title: "Lantern" },
    ],
  });
}

/** The Welcome of the tests' server: the product's worlds and the test world, each with a schema where it has one. */
export function testServerWelcome(): Welcome {
  return create(WelcomeSchema, {
    world: World.SWARM,
    worlds: [World.SWARM, World.COLONY, World.MOLD, World.POND, World.PLATE, TEST_WORLD],
    meadow: MEADOW,
    frameRate: 30,
    settingsSchemas: [testWorldSchemaProto()],
  });
}

/** A frame of the test world as it comes off the wire (encoded and read back, as the viewer's link reads it). */
export function testWorldFrame(o: { tick?: number; glow?: number; size?: number; preset?: string } = {}): Frame {
  const frame = create(FrameSchema, {
    world: TEST_WORLD,
    tick: BigInt(o.tick ?? 1),
    viewers: 1,
    worldBounds: MEADOW,
    camera: MEADOW,
    light: { width: 160, height: 100, channels: 1, bounds: MEADOW, key: true },
    settings: [
      { name: "glow", value: o.glow ?? 1 },
      { name: "size", value: o.size ?? 1 },
    ],
    settingsPreset: o.preset ?? "beacon",
  });
  const wire = toBinary(ServerMessageSchema, create(ServerMessageSchema, { body: { case: "frame", value: frame } }));
  const back = fromBinary(ServerMessageSchema, wire).body;
  if (back.case !== "frame") throw new Error("a frame did not come back as one");
  return back.value;
}

/** The standard views (the swarm's and the colony's as stand-ins, their light needs a worker) and the test world's after them. */
export function viewsWithTheTestWorld(): { views: WorldView[]; test: TestWorldView; registry: WorldRegistry } {
  const test = new TestWorldView(fakeCanvas());
  const views: WorldView[] = [
    namedView(World.SWARM),
    namedView(World.COLONY),
    moldView(),
    new PondView(fakeCanvas(), { say: () => undefined }),
    new PlateView(fakeCanvas(), { say: () => undefined }),
    test,
  ];
  return { views, test, registry: new WorldRegistry(views) };
}
