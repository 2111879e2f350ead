// A world's settings panel built from its schema, with the mold's schema and view as the example
// (the mold's panel is nothing but this): what goes out, what it shows, the sliders' scales.
import { create, fromBinary } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { ClientMessageSchema, SettingSpec_Kind, SettingsSchemaSchema, World, WelcomeSchema } from "../../src/gen/meadow/v1/viewer_pb";
import { moldSettingsSource } from "../../src/mold/mold-settings-source";
import { MoldState } from "../../src/mold/mold-state";
import { worldSettingsBytes } from "../../src/net/messages";
import { LOCKED_NOTE, SettingsPanelModel, type SettingsChangeOut } from "../../src/settings/settings-panel-model";
import { idPart, schemaFromProto, schemasOf, type SchemaView } from "../../src/settings/settings-schema";
import { SLIDER_POSITIONS, formatSetting, sliderScale } from "../../src/settings/slider-scale";
import { SLIDER_INTERVAL_MS } from "../../src/ui/slider-drag";
import { moldFrame, moldSchemaProto } from "../support/mold-fixtures";

function moldSchema(): SchemaView {
  const s = schemaFromProto(moldSchemaProto());
  if (!s) throw new Error("the mold's schema was refused");
  return s;
}

/** The values a ClientMessage's WorldSettings carries, as the server reads them. */
function sentOver(change: SettingsChangeOut): Record<string, unknown> {
  const body = fromBinary(ClientMessageSchema, worldSettingsBytes(World.MOLD, change)).body;
  if (body.case !== "settings" || body.value.world !== World.MOLD) throw new Error(`sent ${body.case ?? "nothing"}`);
  const out: Record<string, unknown> = Object.fromEntries(body.value.values.map((v) => [v.name, v.value]));
  if (body.value.preset !== undefined) out.preset = body.value.preset;
  return out;
}

function panel(o: Parameters<typeof moldFrame>[0] = {}): { model: SettingsPanelModel; sent: Record<string, unknown>[]; state: MoldState } {
  const sent: Record<string, unknown>[] = [];
  const state = new MoldState();
  state.applyFrame(moldFrame(o));
  const source = moldSettingsSource(state);
  const model = new SettingsPanelModel(moldSchema(), source, (change) => sent.push(sentOver(change)));
  model.take(source.now());
  return { model, sent, state };
}

const NUMBER_NAMES = ["agents", "sensor_angle", "turn_angle", "sensor_distance", "deposit", "decay", "diffusion"];

describe("a world's settings schema from the wire", () => {
  it("keeps every setting in order, its kind, range and step; the presets; the world by name", () => {
    const s = moldSchema();
    expect(s.world).toBe("mold");
    expect(s.settings.map((x) => x.name)).toEqual([...NUMBER_NAMES, "occupancy"]);
    expect(s.settings.find((x) => x.name === "occupancy")?.kind).toBe("flag");
    expect(s.settings[0]).toMatchObject({ kind: "whole", min: 256, max: 16_777_216 });
    expect(s.presets.map((p) => p.name)).toEqual(["lace", "veins"]);
    const welcome = create(WelcomeSchema, { settingsSchemas: [moldSchemaProto()] });
    expect([...schemasOf(welcome).keys()]).toEqual(["mold"]);
  });

  it("leaves out a schema with a setting it could not draw: no kind, an empty or twice-given name, a range upside down, no step", () => {
    const bad = (spec: object) => create(SettingsSchemaSchema, { world: World.MOLD, settings: [{ name: "x", label: "x", kind: SettingSpec_Kind.NUMBER, min: 0, max: 1, step: 0.1, ...spec }] });
    expect(schemaFromProto(bad({}))).toBeDefined();
    expect(schemaFromProto(bad({ kind: SettingSpec_Kind.UNSPECIFIED }))).toBeUndefined();
    expect(schemaFromProto(bad({ name: "" }))).toBeUndefined();
    expect(schemaFromProto(bad({ min: 2 }))).toBeUndefined();
    expect(schemaFromProto(bad({ step: 0 }))).toBeUndefined();
    expect(schemaFromProto(bad({ max: Number.NaN }))).toBeUndefined();
    const twice = create(SettingsSchemaSchema, { world: World.MOLD, settings: [moldSchemaProto().settings[1]!, moldSchemaProto().settings[1]!] });
    expect(schemaFromProto(twice)).toBeUndefined();
  });

  it("names elements after the setting: sensor_angle → sensorAngle", () => {
    expect(idPart("sensor_angle")).toBe("sensorAngle");
    expect(idPart("occupancy")).toBe("occupancy");
  });
});

describe("a world's settings panel (the mold's)", () => {
  it("sends exactly the value a slider changed, throttled while dragged, the last value on release", () => {
    const { model, sent } = panel();
    model.grab("turn_angle");
    const half = SLIDER_POSITIONS / 2;
    expect(model.input("turn_angle", half, 0)).toBe("45.0°");
    model.input("turn_angle", half + 100, 10);
    model.input("turn_angle", half + 200, 20);
    expect(sent).toEqual([{ turn_angle: 45 }]);
    model.flush(SLIDER_INTERVAL_MS - 1);
    expect(sent).toHaveLength(1);
    model.input("turn_angle", half + 300, 50);
    model.release("turn_angle", 60);
    expect(sent).toEqual([{ turn_angle: 45 }, { turn_angle: 72 }]);
    for (const name of NUMBER_NAMES) {
      const { model: m, sent: s } = panel();
      m.input(name, 300, 0);
      expect(Object.keys(s[0] ?? {}), name).toEqual([name]);
    }
  });

  it("shows the server's values on sliders left alone, and not on one being dragged", () => {
    const { model } = panel();
    const rows = model.view(5000).sliders;
    const decay = rows.find((r) => r.name === "decay");
    expect(decay).toMatchObject({ label: "decay", text: "0.100", reflect: true });
    expect(model.scale("decay").value(decay?.position ?? 0)).toBeCloseTo(0.1, 3);
    expect(rows.find((r) => r.name === "agents")?.text).toBe("10,240");
    expect(rows.find((r) => r.name === "sensor_distance")?.text).toBe("9.0");
    model.grab("decay");
    expect(model.view(5000).sliders.find((r) => r.name === "decay")?.reflect).toBe(false);
    expect(model.view(5000).sliders.find((r) => r.name === "deposit")?.reflect).toBe(true);
  });

  it("toggles a flag at once, as its one value, and shows the change until the server says", () => {
    const { model, sent } = panel();
    expect(model.view(0).toggles).toEqual([{ name: "occupancy", label: "occupancy (one agent a cell)", on: true }]);
    expect(model.setFlag("occupancy", false, 100)).toBe(true);
    expect(model.setFlag("no such flag", false, 100)).toBe(false);
    expect(sent).toEqual([{ occupancy: 0 }]);
    expect(model.view(200).toggles[0]?.on).toBe(false);
    expect(model.view(5000).toggles[0]?.on).toBe(true);
  });

  it("sends a preset by its name and lights the current one", () => {
    const { model, sent } = panel({ preset: "veins" });
    expect(model.view(0).presets).toEqual([
      { name: "lace", title: "Fine lace", current: false },
      { name: "veins", title: "Thick veins", current: true },
    ]);
    expect(model.choosePreset("lace")).toBe(true);
    expect(model.choosePreset("nowhere")).toBe(false);
    expect(sent).toEqual([{ preset: "lace" }]);
  });

  it("takes nothing while the operator locks the settings, and says so", () => {
    const { model, sent, state } = panel({ locked: true });
    const v = model.view(0);
    expect(v.enabled).toBe(false);
    expect(v.locked).toBe(true);
    expect(v.note).toBe(LOCKED_NOTE);
    model.input("decay", 200, 0);
    model.release("decay", 10);
    model.flush(1000);
    expect(model.setFlag("occupancy", false, 0)).toBe(false);
    expect(model.choosePreset("lace")).toBe(false);
    expect(sent).toEqual([]);
    state.applyFrame(moldFrame({ locked: false }));
    model.take(moldSettingsSource(state).now());
    expect(model.view(0)).toMatchObject({ enabled: true, locked: false, note: undefined });
  });

  it("takes nothing before a frame says the settings", () => {
    const sent: SettingsChangeOut[] = [];
    const model = new SettingsPanelModel(moldSchema(), moldSettingsSource(new MoldState()), (c) => sent.push(c));
    model.input("agents", 500, 0);
    expect(model.view(0).enabled).toBe(false);
    expect(model.view(0).sliders[0]?.text).toBeUndefined();
    expect(sent).toEqual([]);
  });
});

describe("the sliders' scales", () => {
  it("agents: logarithmic between the fewest and the most a viewer may ask for now, in round numbers", () => {
    const { model } = panel();
    const agents = model.scale("agents");
    expect(agents.value(0)).toBe(260);
    // The frames' ceiling (40,960), not the schema's (any sender's).
    expect(agents.value(SLIDER_POSITIONS)).toBe(40960);
    // The middle of the slider is the geometric middle of the range, not the arithmetic one.
    expect(agents.value(SLIDER_POSITIONS / 2)).toBe(3200);
    expect(agents.position(Math.sqrt(256 * 40960))).toBe(SLIDER_POSITIONS / 2);
    expect(agents.position(10240)).toBeGreaterThan(0.7 * SLIDER_POSITIONS);
  });

  it("angles 0 … 90°, sensor distance 1 … 40 cells, diffusion 0 … 1, linear", () => {
    const { model } = panel();
    expect(model.scale("sensor_angle").value(0)).toBe(0);
    expect(model.scale("sensor_angle").value(SLIDER_POSITIONS)).toBe(90);
    expect(model.scale("turn_angle").value(SLIDER_POSITIONS / 4)).toBe(22.5);
    expect(model.scale("sensor_distance").value(0)).toBe(1);
    expect(model.scale("sensor_distance").value(SLIDER_POSITIONS)).toBe(40);
    expect(model.scale("diffusion").value(SLIDER_POSITIONS / 2)).toBe(0.5);
  });

  it("decay is fine near 0 … 0.3, where networks live: most of the slider", () => {
    const decay = panel().model.scale("decay");
    expect(decay.value(0)).toBe(0);
    expect(decay.value(SLIDER_POSITIONS)).toBe(1);
    expect(decay.position(0.3) / SLIDER_POSITIONS).toBeCloseTo(0.7, 2);
    // One step of the slider is finer below 0.3 than above it.
    expect(decay.value(101) - decay.value(100)).toBeLessThan(decay.value(901) - decay.value(900));
  });

  it("maps values to positions and back", () => {
    const { model } = panel();
    for (const name of NUMBER_NAMES) {
      const scale = model.scale(name);
      for (const position of [0, 137, 500, 733, SLIDER_POSITIONS]) {
        const v = scale.value(position);
        expect(Math.abs(scale.position(v) - position), `${name} at ${position}`).toBeLessThanOrEqual(name === "agents" ? 12 : 6);
      }
    }
  });

  it("a setting no world shapes is linear over its schema's range, stepped, shown to its step's decimals", () => {
    const glow = { name: "glow", label: "glow", unit: "", kind: "number" as const, min: 0, max: 2, step: 0.05 };
    const s = sliderScale(glow);
    expect(s.value(SLIDER_POSITIONS / 2)).toBe(1);
    expect(s.value(333)).toBe(0.65);
    expect(s.format(0.65)).toBe("0.65");
    expect(formatSetting({ ...glow, unit: "degrees", step: 0.5 }, 12)).toBe("12.0°");
    expect(formatSetting({ ...glow, kind: "whole", step: 1 }, 12_000)).toBe("12,000");
    // A narrower range than the schema's is kept inside the schema's.
    expect(sliderScale(glow, { kind: "linear" }, { min: -5, max: 1 }).value(SLIDER_POSITIONS)).toBe(1);
    expect(sliderScale(glow, { kind: "linear" }, { min: -5, max: 1 }).value(0)).toBe(0);
  });
});
