// The mold's trail as colour, one ramp per palette (docs/rules.md "The viewer · Palettes"). Its
// light is the trail itself, 0 … 1 of a full cell, linear (not a logarithmic tone curve).
// The trail is clamped at 1, and with a strong deposit (the "lace" preset deposits a full cell)
// most of a strand sits at the clamp: so the top of each ramp is a pale but still coloured cream,
// never white, or the whole network would read white-hot. Each ramp is added onto the meadow like
// any world's light, so its first stop is exactly nothing and every stop brightens.
//   night: a living yellow-orange plasmodium: dark → deep orange → yellow → pale cream at full.
//   tropical: a coral fungus: magenta → coral → peach → cream.
//   arctic: a lichen on the frost: olive → lemon → ice white.
//   deep: a glow of the deep sea: dark teal → aqua → pale mint white.
import type { LightRamp } from "../render/palette";
import type { Palette, PaletteName } from "../render/palettes";

export const MOLD_RAMPS: Readonly<Record<PaletteName, LightRamp>> = {
  night: [
    [0.0, [0.0, 0.0, 0.0]],
    [0.04, [0.03, 0.012, 0.0]],
    [0.15, [0.16, 0.06, 0.01]],
    [0.35, [0.55, 0.22, 0.03]],
    [0.55, [0.88, 0.46, 0.07]],
    [0.75, [1.0, 0.7, 0.16]],
    [0.9, [1.0, 0.85, 0.42]],
    [1.0, [1.0, 0.95, 0.76]],
  ],
  tropical: [
    [0.0, [0.0, 0.0, 0.0]],
    [0.04, [0.03, 0.0, 0.012]],
    [0.15, [0.15, 0.02, 0.07]],
    [0.35, [0.52, 0.08, 0.24]],
    [0.55, [0.9, 0.3, 0.35]],
    [0.75, [1.0, 0.6, 0.45]],
    [0.9, [1.0, 0.8, 0.64]],
    [1.0, [1.0, 0.92, 0.82]],
  ],
  arctic: [
    [0.0, [0.0, 0.0, 0.0]],
    [0.04, [0.015, 0.018, 0.0]],
    [0.15, [0.07, 0.08, 0.02]],
    [0.35, [0.3, 0.34, 0.06]],
    [0.55, [0.62, 0.7, 0.18]],
    [0.75, [0.86, 0.92, 0.45]],
    [0.9, [0.93, 0.97, 0.66]],
    [1.0, [0.96, 1.0, 0.84]],
  ],
  deep: [
    [0.0, [0.0, 0.0, 0.0]],
    [0.04, [0.0, 0.015, 0.015]],
    [0.15, [0.0, 0.07, 0.07]],
    [0.35, [0.02, 0.28, 0.26]],
    [0.55, [0.08, 0.62, 0.5]],
    [0.75, [0.4, 0.9, 0.75]],
    [0.9, [0.66, 0.98, 0.86]],
    [1.0, [0.84, 1.0, 0.94]],
  ],
};

/** The mold's trail ramp for a palette. */
export function moldRamp(palette: Palette): LightRamp {
  return MOLD_RAMPS[palette.name];
}
