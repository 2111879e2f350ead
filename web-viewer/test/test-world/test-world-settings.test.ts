// The tests' world's settings panel, built from the schema the tests' server's Welcome carries
// (a range and two presets) and the source its view gives, as WorldPanels.panelFor builds every
// world's: what it shows from the frames, what goes out and to which world.
import { fromBinary } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { ClientMessageSchema } from "../../src/gen/meadow/v1/viewer_pb";
import { worldSettingsBytes } from "../../src/net/messages";
import { SettingsPanelModel, type SettingsChangeOut } from "../../src/settings/settings-panel-model";
import { schemasOf, type SchemaView } from "../../src/settings/settings-schema";
import { SLIDER_POSITIONS } from "../../src/settings/slider-scale";
import { worldEnum } from "../../src/worlds/world-view";
import { TEST_WORLD } from "./test-world-kind";
import { testServerWelcome, testWorldFrame, viewsWithTheTestWorld } from "./test-world-fixtures";

/** What a change sends, as the server reads it: the world it names, the values, the preset. */
function sentOver(world: string, change: SettingsChangeOut): { world: number; values: Record<string, number>; preset?: string } {
  const body = fromBinary(ClientMessageSchema, worldSettingsBytes(worldEnum(world), change)).body;
  if (body.case !== "settings") throw new Error(`sent ${body.case ?? "nothing"}`);
  const values = Object.fromEntries(body.value.values.map((v) => [v.name, v.value]));
  return { world: body.value.world, values, ...(body.value.preset !== undefined ? { preset: body.value.preset } : {}) };
}

function panel() {
  const { test } = viewsWithTheTestWorld();
  const schema = schemasOf(testServerWelcome()).get(test.name) as SchemaView;
  const sent: ReturnType<typeof sentOver>[] = [];
  const model = new SettingsPanelModel(schema, test.settings, (change) => sent.push(sentOver(schema.world, change)));
  return { test, schema, sent, model };
}

describe("the test world's settings panel", () => {
  it("comes from the schema its Welcome carries under its name: a range, a step, two presets", () => {
    const { schema } = panel();
    expect(schema.world).toBe("test");
    expect(schema.settings).toEqual([
      { name: "glow", label: "glow", unit: "of full light", kind: "number", min: 0.1, max: 1, step: 0.1 },
      { name: "size", label: "beacon size", unit: "pixels a side", kind: "whole", min: 1, max: 4, step: 1 },
    ]);
    expect(schema.presets).toEqual([
      { name: "beacon", title: "Beacon" },
      { name: "lantern", title: "Lantern" },
    ]);
  });

  it("shows the values and the preset its frames carry, and is shut until a frame says", () => {
    const { test, model } = panel();
    model.take(test.settings.now());
    expect(model.view(0).enabled).toBe(false);
    test.takeFrame(testWorldFrame({ glow: 0.5, size: 3, preset: "lantern" }));
    model.take(test.settings.now());
    const v = model.view(0);
    expect(v.enabled).toBe(true);
    expect(v.sliders.map((s) => [s.name, s.text])).toEqual([
      ["glow", "0.5"],
      ["size", "3"],
    ]);
    expect(v.presets.map((p) => [p.name, p.current])).toEqual([
      ["beacon", false],
      ["lantern", true],
    ]);
    expect(test.settings.hint?.("glow")).toMatch(/bright/);
  });

  it("sends a slider's value within the schema's range, and a preset by name, to world 15", () => {
    const { test, model, sent } = panel();
    test.takeFrame(testWorldFrame({ glow: 0.5, size: 3 }));
    model.take(test.settings.now());
    expect(model.input("glow", 0, 0)).toBe("0.1");
    model.release("glow", 1);
    model.grab("size");
    model.input("size", SLIDER_POSITIONS, 2000);
    model.release("size", 2001);
    expect(model.choosePreset("lantern")).toBe(true);
    // A preset the schema does not offer does not go out.
    expect(model.choosePreset("torch")).toBe(false);
    expect(sent).toEqual([
      { world: TEST_WORLD, values: { glow: 0.1 } },
      { world: TEST_WORLD, values: { size: 4 } },
      { world: TEST_WORLD, values: {}, preset: "lantern" },
    ]);
  });
});
