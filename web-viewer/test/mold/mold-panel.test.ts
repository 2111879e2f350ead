import { fromBinary } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { ClientMessageSchema } from "../../src/gen/meadow/v1/viewer_pb";
import { LOCKED_NOTE, MoldPanelModel } from "../../src/mold/mold-panel-model";
import { MOLD_SLIDERS, SLIDER_POSITIONS, moldScale } from "../../src/mold/mold-setting-scales";
import { moldFromProto, type MoldSnapshot } from "../../src/mold/mold-state";
import { moldSettingsBytes, type MoldSettingsChange } from "../../src/net/messages";
import { SLIDER_INTERVAL_MS } from "../../src/ui/slider-drag";
import { moldFrame } from "../support/mold-fixtures";

function snapshot(o: Parameters<typeof moldFrame>[0] = {}): MoldSnapshot {
  const m = moldFrame(o).mold;
  if (!m) throw new Error("no mold");
  return moldFromProto(m);
}

/** The fields a ClientMessage's MoldSettings carries (set ones only), as the server reads them. */
function fieldsSent(bytes: Uint8Array): Record<string, unknown> {
  const body = fromBinary(ClientMessageSchema, bytes).body;
  if (body.case !== "moldSettings") throw new Error(`sent ${body.case ?? "nothing"}`);
  return Object.fromEntries(Object.entries(body.value).filter(([k, v]) => !k.startsWith("$") && v !== undefined));
}

function panel(o: Parameters<typeof moldFrame>[0] = {}): { model: MoldPanelModel; sent: Record<string, unknown>[] } {
  const sent: Record<string, unknown>[] = [];
  const model = new MoldPanelModel((change: MoldSettingsChange) => sent.push(fieldsSent(moldSettingsBytes(change))));
  model.take(snapshot(o));
  return { model, sent };
}

describe("the mold's settings panel", () => {
  it("sends exactly the field a slider changed, throttled while dragged, the last value on release", () => {
    const { model, sent } = panel();
    model.grab("turnAngle");
    const half = SLIDER_POSITIONS / 2;
    expect(model.input("turnAngle", half, 0)).toBe("45.0°");
    model.input("turnAngle", half + 100, 10);
    model.input("turnAngle", half + 200, 20);
    expect(sent).toEqual([{ turnAngle: 45 }]);
    model.flush(SLIDER_INTERVAL_MS - 1);
    expect(sent).toHaveLength(1);
    model.input("turnAngle", half + 300, 50);
    model.release("turnAngle", 60);
    expect(sent).toEqual([{ turnAngle: 45 }, { turnAngle: 72 }]);
    for (const name of MOLD_SLIDERS) {
      const { model: m, sent: s } = panel();
      m.input(name, 300, 0);
      expect(Object.keys(s[0] ?? {}), name).toEqual([name]);
    }
  });

  it("shows the server's values on sliders left alone, and not on one being dragged", () => {
    const { model } = panel();
    const rows = model.view(5000).rows;
    const decay = rows.find((r) => r.name === "decay");
    expect(decay).toMatchObject({ label: "decay", text: "0.100", reflect: true });
    expect(moldScale("decay").value(decay?.position ?? 0)).toBeCloseTo(0.1, 3);
    expect(rows.find((r) => r.name === "agents")?.text).toBe("10,240");
    model.grab("decay");
    expect(model.view(5000).rows.find((r) => r.name === "decay")?.reflect).toBe(false);
    expect(model.view(5000).rows.find((r) => r.name === "deposit")?.reflect).toBe(true);
  });

  it("toggles occupancy at once, as its one field, and shows the change until the server says", () => {
    const { model, sent } = panel();
    expect(model.setOccupancy(false, 100)).toBe(true);
    expect(sent).toEqual([{ occupancy: false }]);
    expect(model.view(200).occupancy).toBe(false);
    expect(model.view(5000).occupancy).toBe(true);
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
    const { model, sent } = panel({ locked: true });
    const v = model.view(0);
    expect(v.enabled).toBe(false);
    expect(v.locked).toBe(true);
    expect(v.note).toBe(LOCKED_NOTE);
    model.input("decay", 200, 0);
    model.release("decay", 10);
    model.flush(1000);
    expect(model.setOccupancy(false, 0)).toBe(false);
    expect(model.choosePreset("lace")).toBe(false);
    expect(sent).toEqual([]);
    model.take(snapshot({ locked: false }));
    expect(model.view(0)).toMatchObject({ enabled: true, locked: false, note: undefined });
  });

  it("takes nothing before the settings are known", () => {
    const sent: MoldSettingsChange[] = [];
    const model = new MoldPanelModel((c) => sent.push(c));
    model.input("agents", 500, 0);
    expect(model.view(0).enabled).toBe(false);
    expect(sent).toEqual([]);
  });
});

describe("the mold's slider scales", () => {
  it("agents: logarithmic between the fewest and the most, in round numbers", () => {
    const agents = moldScale("agents", { min: 256, max: 40960 });
    expect(agents.value(0)).toBe(260);
    expect(agents.value(SLIDER_POSITIONS)).toBe(40960);
    // The middle of the slider is the geometric middle of the range, not the arithmetic one.
    expect(agents.value(SLIDER_POSITIONS / 2)).toBe(3200);
    expect(agents.position(Math.sqrt(256 * 40960))).toBe(SLIDER_POSITIONS / 2);
    expect(agents.position(10240)).toBeGreaterThan(0.7 * SLIDER_POSITIONS);
  });

  it("angles 0 … 90°, sensor distance 1 … 40 cells, diffusion 0 … 1, linear", () => {
    expect(moldScale("sensorAngle").value(0)).toBe(0);
    expect(moldScale("sensorAngle").value(SLIDER_POSITIONS)).toBe(90);
    expect(moldScale("turnAngle").value(SLIDER_POSITIONS / 4)).toBe(22.5);
    expect(moldScale("sensorDistance").value(0)).toBe(1);
    expect(moldScale("sensorDistance").value(SLIDER_POSITIONS)).toBe(40);
    expect(moldScale("diffusion").value(SLIDER_POSITIONS / 2)).toBe(0.5);
  });

  it("decay is fine near 0 … 0.3, where networks live: most of the slider", () => {
    const decay = moldScale("decay");
    expect(decay.value(0)).toBe(0);
    expect(decay.value(SLIDER_POSITIONS)).toBe(1);
    expect(decay.position(0.3) / SLIDER_POSITIONS).toBeCloseTo(0.7, 2);
    // One step of the slider is finer below 0.3 than above it.
    expect(decay.value(101) - decay.value(100)).toBeLessThan(decay.value(901) - decay.value(900));
  });

  it("maps values to positions and back", () => {
    for (const name of MOLD_SLIDERS) {
      const scale = moldScale(name, { min: 256, max: 40960 });
      for (const position of [0, 137, 500, 733, SLIDER_POSITIONS]) {
        const v = scale.value(position);
        expect(Math.abs(scale.position(v) - position), `${name} at ${position}`).toBeLessThanOrEqual(name === "agents" ? 12 : 6);
      }
    }
  });
});
