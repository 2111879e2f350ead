// A world's settings now as its frames carry them by the schema's names (Frame.settings, the
// preset they are in Frame.settings_preset, the operator's lock in Frame.locks): what a world's
// settings panel shows for a world whose own message does not carry them.
import type { Frame } from "../gen/meadow/v1/viewer_pb";
import type { SettingsNow } from "./settings-panel-model";

/** The settings a frame carries; undefined when it carries none. */
export function frameSettingsNow(frame: Frame): SettingsNow | undefined {
  if (frame.settings.length === 0) return undefined;
  const values: Record<string, number> = {};
  for (const v of frame.settings) {
    if (v.name !== "" && Number.isFinite(v.value)) values[v.name] = v.value;
  }
  return { values, preset: frame.settingsPreset, locked: frame.locks?.settings ?? false };
}
