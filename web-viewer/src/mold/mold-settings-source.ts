// What the mold's settings panel (built from the mold's schema, settings/settings-panel.ts) needs
// of the mold's view (docs/mold.md "The model"): the settings now from its frames, by the schema's
// names; where its sliders give the interesting values more room:
//   agents: logarithmic between the fewest and the most a viewer may ask for on this engine (a few
//     hundred to tens of thousands: each stretch of the slider multiplies them alike);
//   decay: 0 … 0.3 over most of the slider (networks live there; above it the trail is gone
//     within a few steps);
//   deposit: 0 … 0.1 over most of the slider, for the same reason (its default is 0.04).
import type { SettingsNow, SettingsSource } from "../settings/settings-panel-model";
import type { ScaleShape, ValueRange } from "../settings/slider-scale";
import type { MoldState } from "./mold-state";

const SHAPES: Readonly<Record<string, ScaleShape>> = {
  agents: { kind: "log" },
  deposit: { kind: "knee", knee: 0.1, share: 0.6 },
  decay: { kind: "knee", knee: 0.3, share: 0.7 },
};

const HINTS: Readonly<Record<string, string>> = {
  occupancy: "Jones's occupancy rule: a blocked agent turns at random and leaves no trail",
};

export function moldSettingsSource(state: MoldState): SettingsSource {
  return {
    title: "the mold",
    now(): SettingsNow | undefined {
      const snapshot = state.snapshot;
      const s = snapshot?.settings;
      if (!snapshot || !s) return undefined;
      return {
        values: {
          agents: s.agents,
          sensor_angle: s.sensorAngle,
          turn_angle: s.turnAngle,
          sensor_distance: s.sensorDistance,
          deposit: s.deposit,
          decay: s.decay,
          diffusion: s.diffusion,
          occupancy: s.occupancy ? 1 : 0,
        },
        preset: s.preset,
        locked: snapshot.settingsLocked,
      };
    },
    shape: (name) => SHAPES[name],
    range(name): ValueRange | undefined {
      // The engine's ceiling for viewers, as the frames say (the schema's is any sender's).
      const s = state.snapshot;
      return name === "agents" && s && s.minAgents > 0 && s.maxAgents >= s.minAgents ? { min: s.minAgents, max: s.maxAgents } : undefined;
    },
    hint: (name) => HINTS[name],
  };
}
