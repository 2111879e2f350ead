// The mold's settings panel, free of the DOM (docs/mold.md "The model"): seven sliders, the
// occupancy toggle and the presets, against the mold's shared settings. A slider's changes go out
// throttled (SliderDrag), each as a MoldSettings carrying that one field; a preset goes out as its
// name; the toggle at once. Sliders nobody moves show the server's values. When the operator locked
// the settings, nothing is sent and the panel says so.
import type { MoldSettingsChange } from "../net/messages";
import { ECHO_MS, SliderDrag } from "../ui/slider-drag";
import type { MoldSnapshot } from "./mold-state";
import { DEFAULT_AGENT_RANGE, MOLD_SLIDERS, moldScale, type MoldScale, type MoldSliderName } from "./mold-setting-scales";

export const LOCKED_NOTE = "Locked by the operator";

export interface MoldRowView {
  readonly name: MoldSliderName;
  readonly label: string;
  /** The server's value, as a slider position and as text; undefined before a frame says. */
  readonly position: number | undefined;
  readonly text: string | undefined;
  /** Whether the slider should show the server's value now (nobody is dragging it). */
  readonly reflect: boolean;
}

export interface MoldPresetButton {
  readonly name: string;
  readonly title: string;
  /** The settings are this preset now. */
  readonly current: boolean;
}

export interface MoldPanelView {
  /** Whether the controls take changes (settings known, not locked). */
  readonly enabled: boolean;
  readonly locked: boolean;
  /** Said under the controls (the lock), or undefined. */
  readonly note: string | undefined;
  readonly rows: readonly MoldRowView[];
  readonly occupancy: boolean;
  readonly presets: readonly MoldPresetButton[];
}

export class MoldPanelModel {
  private readonly drags = new Map<MoldSliderName, SliderDrag>(MOLD_SLIDERS.map((n) => [n, new SliderDrag()]));
  private snapshot: MoldSnapshot | undefined;
  /** The toggle as this viewer last set it, shown until the server's value has had time to come back. */
  private asked: { readonly occupancy: boolean; readonly atMs: number } | undefined;

  constructor(private readonly send: (change: MoldSettingsChange) => void) {}

  /** The mold as its latest frame says. */
  take(snapshot: MoldSnapshot | undefined): void {
    this.snapshot = snapshot;
  }

  get locked(): boolean {
    return this.snapshot?.settingsLocked ?? false;
  }

  private get enabled(): boolean {
    return this.snapshot?.settings !== undefined && !this.locked;
  }

  scale(name: MoldSliderName): MoldScale {
    const s = this.snapshot;
    return moldScale(name, s ? { min: s.minAgents, max: s.maxAgents } : DEFAULT_AGENT_RANGE);
  }

  grab(name: MoldSliderName): void {
    this.drags.get(name)?.grab();
  }

  /** A slider moved to `position`: its value goes out when the throttle allows. Returns its text. */
  input(name: MoldSliderName, position: number, nowMs: number): string {
    const scale = this.scale(name);
    const value = scale.value(position);
    if (this.enabled) {
      const now = this.drags.get(name)?.input(value, nowMs);
      if (now !== undefined) this.sendSlider(name, now);
    }
    return scale.format(value);
  }

  /** The drag ended: the value that still waited goes out. */
  release(name: MoldSliderName, nowMs: number): void {
    const last = this.drags.get(name)?.release(nowMs);
    if (last !== undefined && this.enabled) this.sendSlider(name, last);
  }

  /** Values that waited for the throttle, once due; once per animation frame. */
  flush(nowMs: number): void {
    for (const [name, drag] of this.drags) {
      const v = drag.flush(nowMs);
      if (v !== undefined && this.enabled) this.sendSlider(name, v);
    }
  }

  /** The occupancy toggle; returns whether the change went out. */
  setOccupancy(on: boolean, nowMs: number): boolean {
    if (!this.enabled) return false;
    this.asked = { occupancy: on, atMs: nowMs };
    this.send({ occupancy: on });
    return true;
  }

  /** A preset's button; returns whether it went out (a name the server does not offer does not). */
  choosePreset(name: string): boolean {
    if (!this.enabled || !this.snapshot?.presets.some((p) => p.name === name)) return false;
    this.send({ preset: name });
    return true;
  }

  view(nowMs: number): MoldPanelView {
    const s = this.snapshot;
    const settings = s?.settings;
    return {
      enabled: this.enabled,
      locked: this.locked,
      note: this.locked ? LOCKED_NOTE : undefined,
      rows: MOLD_SLIDERS.map((name) => {
        const scale = this.scale(name);
        const value = settings?.[name];
        return {
          name,
          label: scale.label,
          position: value === undefined ? undefined : scale.position(value),
          text: value === undefined ? undefined : scale.format(value),
          reflect: this.drags.get(name)?.reflects(nowMs) ?? true,
        };
      }),
      occupancy: this.asked && nowMs - this.asked.atMs < ECHO_MS ? this.asked.occupancy : (settings?.occupancy ?? false),
      presets: (s?.presets ?? []).map((p) => ({ name: p.name, title: p.title, current: settings?.preset === p.name })),
    };
  }

  private sendSlider(name: MoldSliderName, value: number): void {
    const change: Partial<Record<MoldSliderName, number>> = {};
    change[name] = value;
    this.send(change);
  }
}
