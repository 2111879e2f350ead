// A world's settings panel, free of the DOM, built from the world's schema (settings-schema.ts):
// a slider per number, a toggle per flag, a button per preset. A slider's changes go out
// throttled (SliderDrag), each as a WorldSettings carrying that one value; a preset goes out as its
// name; a toggle at once. Sliders nobody moves show the server's values, which the world's view
// reads from its frames (SettingsSource). While the operator locks the settings nothing is sent
// and the panel says so.
import { ECHO_MS, SliderDrag } from "../ui/slider-drag";
import type { PresetInfo, SchemaView, SettingSpecView } from "./settings-schema";
import { LINEAR, sliderScale, type ScaleShape, type SliderScale, type ValueRange } from "./slider-scale";

export const LOCKED_NOTE = "Locked by the operator";

/** A world's settings now, as its latest frame says. */
export interface SettingsNow {
  /** By the schema's names; flags as 0 or 1. */
  readonly values: Readonly<Record<string, number>>;
  /** The preset these values are, or "" when they are none. */
  readonly preset: string;
  readonly locked: boolean;
}

/** What a world's view gives its panel besides the schema. */
export interface SettingsSource {
  /** The panel's heading and the start of its sliders' names: "the " and the world's name. */
  readonly title: string;
  /** The settings now; undefined before a frame says. */
  now(): SettingsNow | undefined;
  /** How a setting's slider spreads its range; undefined: evenly. */
  shape?(name: string): ScaleShape | undefined;
  /** The range a viewer may ask for now, where narrower than the schema's (the engine's ceiling). */
  range?(name: string): ValueRange | undefined;
  /** A longer word on a setting, shown on hover. */
  hint?(name: string): string | undefined;
}

/** A change as it goes out: values by name, or a preset. */
export interface SettingsChangeOut {
  readonly values: Readonly<Record<string, number>>;
  readonly preset?: string;
}

export interface SliderRowView {
  readonly name: string;
  readonly label: string;
  /** The server's value as a slider position and as text; undefined before a frame says. */
  readonly position: number | undefined;
  readonly text: string | undefined;
  /** Whether the slider should show the server's value now (nobody is dragging it). */
  readonly reflect: boolean;
}

export interface ToggleView {
  readonly name: string;
  readonly label: string;
  readonly on: boolean;
}

export interface PresetButton extends PresetInfo {
  /** The settings are this preset now. */
  readonly current: boolean;
}

export interface SettingsPanelView {
  /** Whether the controls take changes (settings known, not locked). */
  readonly enabled: boolean;
  readonly locked: boolean;
  /** Said under the controls (the lock), or undefined. */
  readonly note: string | undefined;
  readonly sliders: readonly SliderRowView[];
  readonly toggles: readonly ToggleView[];
  readonly presets: readonly PresetButton[];
}

export class SettingsPanelModel {
  readonly sliders: readonly SettingSpecView[];
  readonly toggles: readonly SettingSpecView[];
  private readonly drags: Map<string, SliderDrag>;
  private now: SettingsNow | undefined;
  /** Toggles as this viewer last set them, shown until the server's value has had time to come back. */
  private readonly asked = new Map<string, { readonly on: boolean; readonly atMs: number }>();

  constructor(
    readonly schema: SchemaView,
    private readonly source: SettingsSource,
    private readonly send: (change: SettingsChangeOut) => void,
  ) {
    this.sliders = schema.settings.filter((s) => s.kind !== "flag");
    this.toggles = schema.settings.filter((s) => s.kind === "flag");
    this.drags = new Map(this.sliders.map((s) => [s.name, new SliderDrag()]));
  }

  /** The world's settings as its latest frame says. */
  take(now: SettingsNow | undefined): void {
    this.now = now;
  }

  get locked(): boolean {
    return this.now?.locked ?? false;
  }

  private get enabled(): boolean {
    return this.now !== undefined && !this.locked;
  }

  scale(name: string): SliderScale {
    const spec = this.sliders.find((s) => s.name === name);
    if (!spec) throw new Error(`no setting ${name} in the ${this.schema.world}'s schema`);
    return sliderScale(spec, this.source.shape?.(name) ?? LINEAR, this.source.range?.(name) ?? spec);
  }

  grab(name: string): void {
    this.drags.get(name)?.grab();
  }

  /** A slider moved to `position`: its value goes out when the throttle allows. Returns its text. */
  input(name: string, position: number, nowMs: number): string {
    const scale = this.scale(name);
    const value = scale.value(position);
    if (this.enabled) {
      const due = this.drags.get(name)?.input(value, nowMs);
      if (due !== undefined) this.sendValue(name, due);
    }
    return scale.format(value);
  }

  /** The drag ended: the value that still waited goes out. */
  release(name: string, nowMs: number): void {
    const last = this.drags.get(name)?.release(nowMs);
    if (last !== undefined && this.enabled) this.sendValue(name, last);
  }

  /** Values that waited for the throttle, once due; once per animation frame. */
  flush(nowMs: number): void {
    for (const [name, drag] of this.drags) {
      const v = drag.flush(nowMs);
      if (v !== undefined && this.enabled) this.sendValue(name, v);
    }
  }

  /** A toggle; returns whether the change went out. */
  setFlag(name: string, on: boolean, nowMs: number): boolean {
    if (!this.enabled || !this.toggles.some((t) => t.name === name)) return false;
    this.asked.set(name, { on, atMs: nowMs });
    this.sendValue(name, on ? 1 : 0);
    return true;
  }

  /** A preset's button; returns whether it went out (a name the schema does not offer does not). */
  choosePreset(name: string): boolean {
    if (!this.enabled || !this.schema.presets.some((p) => p.name === name)) return false;
    this.send({ values: {}, preset: name });
    return true;
  }

  view(nowMs: number): SettingsPanelView {
    const values = this.now?.values;
    return {
      enabled: this.enabled,
      locked: this.locked,
      note: this.locked ? LOCKED_NOTE : undefined,
      sliders: this.sliders.map((spec) => {
        const scale = this.scale(spec.name);
        const value = values?.[spec.name];
        const known = value !== undefined && Number.isFinite(value);
        return {
          name: spec.name,
          label: spec.label,
          position: known ? scale.position(value) : undefined,
          text: known ? scale.format(value) : undefined,
          reflect: this.drags.get(spec.name)?.reflects(nowMs) ?? true,
        };
      }),
      toggles: this.toggles.map((spec) => {
        const asked = this.asked.get(spec.name);
        const on = asked && nowMs - asked.atMs < ECHO_MS ? asked.on : (values?.[spec.name] ?? 0) !== 0;
        return { name: spec.name, label: spec.label, on };
      }),
      presets: this.schema.presets.map((p) => ({ ...p, current: this.now?.preset === p.name })),
    };
  }

  private sendValue(name: string, value: number): void {
    this.send({ values: { [name]: value } });
  }
}
