// A world's shared settings as the server declares them (Welcome.settings_schemas): names,
// labels, units, kinds, the range any sender may ask for, a slider's step and the presets. The
// viewer builds each world's settings panel from this, not from its own list
// (docs/architecture.md "A world's settings"). Checked here, at the edge: a schema with a
// setting whose range or step makes no sense is left out rather than drawn wrong.
import { SettingSpec_Kind, type SettingsSchema, type Welcome } from "../gen/meadow/v1/viewer_pb";
import { worldName, type WorldName } from "../worlds/world-view";

export type SettingKind = "whole" | "number" | "flag";

export interface SettingSpecView {
  /** As the server names it in WorldSettings ("sensor_angle"). */
  readonly name: string;
  /** For people ("sensor angle"). */
  readonly label: string;
  /** "degrees", "fireflies"; "" for a bare number. */
  readonly unit: string;
  readonly kind: SettingKind;
  readonly min: number;
  readonly max: number;
  /** A slider's step (> 0). */
  readonly step: number;
}

export interface PresetInfo {
  readonly name: string;
  readonly title: string;
}

export interface SchemaView {
  readonly world: WorldName;
  readonly settings: readonly SettingSpecView[];
  readonly presets: readonly PresetInfo[];
}

const KINDS: Partial<Record<SettingSpec_Kind, SettingKind>> = {
  [SettingSpec_Kind.WHOLE]: "whole",
  [SettingSpec_Kind.NUMBER]: "number",
  [SettingSpec_Kind.FLAG]: "flag",
};

/** A schema from the wire; undefined when it names no world or a setting is malformed. */
export function schemaFromProto(s: SettingsSchema): SchemaView | undefined {
  const settings: SettingSpecView[] = [];
  const names = new Set<string>();
  for (const spec of s.settings) {
    const kind = KINDS[spec.kind];
    const sane = Number.isFinite(spec.min) && Number.isFinite(spec.max) && spec.min <= spec.max && spec.step > 0 && Number.isFinite(spec.step);
    if (!kind || !sane || spec.name === "" || names.has(spec.name)) return undefined;
    names.add(spec.name);
    settings.push({ name: spec.name, label: spec.label || spec.name, unit: spec.unit, kind, min: spec.min, max: spec.max, step: spec.step });
  }
  const presets = s.presets.filter((p) => p.name !== "").map((p) => ({ name: p.name, title: p.title || p.name }));
  return { world: worldName(s.world), settings, presets };
}

/** Every world's schema a Welcome carries, by world name (an older server sends none). */
export function schemasOf(welcome: Welcome): Map<WorldName, SchemaView> {
  const out = new Map<WorldName, SchemaView>();
  for (const s of welcome.settingsSchemas) {
    const view = schemaFromProto(s);
    if (view) out.set(view.world, view);
  }
  return out;
}

/** A setting's name as a DOM id part: "sensor_angle" → "sensorAngle". */
export function idPart(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}
