// The four palettes (docs/rules.md "The viewer · Palettes"): the night meadow by default, Tropical,
// Arctic and Deep. Each gives the ground its colours (grass, patches, tufts, clover, water, lily
// pads, moonlight, edges) and a world's light its ramp (intensity after the server's tone curve →
// colour). Colours are plain numbers so the painters can build CSS strings and the light its
// texels.
import type { Rgb } from "./palette";

export type PaletteName = "night" | "tropical" | "arctic" | "deep";

/** 0…255 per channel. */
export type Rgb255 = readonly [number, number, number];

export interface GroundColors {
  /** Outside the world: the dark of the night. */
  readonly night: Rgb255;
  /** The grass under everything. */
  readonly base: Rgb255;
  readonly patchLight: Rgb255;
  readonly patchDark: Rgb255;
  /** Tuft blades: in shadow and lit by the moon. */
  readonly tuftDark: Rgb255;
  readonly tuftLit: Rgb255;
  readonly clover: Rgb255;
  /** The land's water: deep middle, shallow rim, the moon's glint. */
  readonly waterDeep: Rgb255;
  readonly waterShallow: Rgb255;
  readonly glint: Rgb255;
  readonly lily: Rgb255;
  readonly lilyFlower: Rgb255;
  /** Moonlight from the top right and how strong it is at its brightest (alpha 0…1). */
  readonly moon: Rgb255;
  readonly moonAlpha: number;
  /** How dark the world's edges get (alpha of black, 0…1). */
  readonly edgeAlpha: number;
}

export interface Palette {
  readonly name: PaletteName;
  readonly label: string;
  readonly ground: GroundColors;
  /** The light's colour stops by intensity (0…1), first stop exactly nothing. */
  readonly light: ReadonlyArray<readonly [number, Rgb]>;
}

const NIGHT: Palette = {
  name: "night",
  label: "Night meadow",
  ground: {
    night: [2, 4, 5],
    base: [13, 34, 32],
    patchLight: [58, 110, 78],
    patchDark: [0, 6, 10],
    tuftDark: [22, 56, 40],
    tuftLit: [78, 128, 96],
    clover: [46, 102, 64],
    waterDeep: [3, 12, 22],
    waterShallow: [16, 40, 50],
    glint: [190, 210, 235],
    lily: [38, 92, 52],
    lilyFlower: [236, 214, 226],
    moon: [120, 150, 190],
    moonAlpha: 0.12,
    edgeAlpha: 0.5,
  },
  // The server's tone curve is logarithmic (docs/light-codec.md): a lone firefly peaks near
  // 0.16, one firefly per light pixel is about 0.6, only dense knots reach 0.85 and above. The
  // ramp keeps the bulk of a flock a soft green glow and saves yellow and white for the knots.
  light: [
    [0.0, [0.0, 0.0, 0.0]],
    [0.08, [0.01, 0.05, 0.01]],
    [0.2, [0.05, 0.2, 0.03]],
    [0.45, [0.14, 0.37, 0.05]],
    [0.65, [0.36, 0.6, 0.1]],
    [0.8, [0.62, 0.82, 0.2]],
    [0.92, [0.9, 0.95, 0.4]],
    [1.0, [1.0, 1.0, 0.86]],
  ],
};

const TROPICAL: Palette = {
  name: "tropical",
  label: "Tropical",
  ground: {
    night: [3, 5, 4],
    base: [10, 40, 30],
    patchLight: [40, 130, 80],
    patchDark: [2, 14, 10],
    tuftDark: [16, 70, 40],
    tuftLit: [90, 170, 100],
    clover: [60, 140, 60],
    waterDeep: [2, 24, 32],
    waterShallow: [10, 70, 72],
    glint: [220, 235, 220],
    lily: [30, 110, 50],
    lilyFlower: [250, 150, 190],
    moon: [190, 170, 140],
    moonAlpha: 0.12,
    edgeAlpha: 0.45,
  },
  // Warm: ember orange through coral to a pale gold at the hottest knots.
  light: [
    [0.0, [0.0, 0.0, 0.0]],
    [0.08, [0.06, 0.02, 0.01]],
    [0.2, [0.22, 0.06, 0.03]],
    [0.45, [0.45, 0.16, 0.08]],
    [0.65, [0.75, 0.35, 0.15]],
    [0.8, [0.95, 0.6, 0.25]],
    [0.92, [1.0, 0.85, 0.5]],
    [1.0, [1.0, 1.0, 0.85]],
  ],
};

const ARCTIC: Palette = {
  name: "arctic",
  label: "Arctic",
  ground: {
    night: [3, 4, 7],
    base: [30, 40, 52],
    patchLight: [110, 130, 150],
    patchDark: [6, 10, 18],
    tuftDark: [44, 58, 72],
    tuftLit: [130, 150, 170],
    clover: [70, 100, 100],
    waterDeep: [6, 14, 30],
    waterShallow: [40, 64, 90],
    glint: [230, 240, 255],
    lily: [60, 96, 96],
    lilyFlower: [230, 240, 250],
    moon: [170, 190, 230],
    moonAlpha: 0.16,
    edgeAlpha: 0.5,
  },
  // Cold: deep teal, then cyan, then ice white.
  light: [
    [0.0, [0.0, 0.0, 0.0]],
    [0.08, [0.0, 0.03, 0.05]],
    [0.2, [0.02, 0.12, 0.2]],
    [0.45, [0.05, 0.3, 0.42]],
    [0.65, [0.2, 0.55, 0.7]],
    [0.8, [0.45, 0.8, 0.9]],
    [0.92, [0.75, 0.93, 1.0]],
    [1.0, [0.95, 1.0, 1.0]],
  ],
};

const DEEP: Palette = {
  name: "deep",
  label: "Deep",
  ground: {
    night: [1, 1, 4],
    base: [8, 14, 36],
    patchLight: [40, 60, 120],
    patchDark: [0, 0, 8],
    tuftDark: [16, 26, 60],
    tuftLit: [60, 84, 150],
    clover: [36, 70, 110],
    waterDeep: [1, 3, 14],
    waterShallow: [12, 24, 60],
    glint: [200, 200, 255],
    lily: [30, 70, 90],
    lilyFlower: [200, 180, 250],
    moon: [140, 120, 220],
    moonAlpha: 0.12,
    edgeAlpha: 0.55,
  },
  // Abyssal: violet into electric blue, the hottest knots a pale lilac white.
  light: [
    [0.0, [0.0, 0.0, 0.0]],
    [0.08, [0.03, 0.01, 0.06]],
    [0.2, [0.12, 0.04, 0.26]],
    [0.45, [0.22, 0.12, 0.55]],
    [0.65, [0.3, 0.35, 0.85]],
    [0.8, [0.5, 0.62, 0.98]],
    [0.92, [0.8, 0.85, 1.0]],
    [1.0, [0.98, 0.95, 1.0]],
  ],
};

export const PALETTES: readonly Palette[] = [NIGHT, TROPICAL, ARCTIC, DEEP];
export const DEFAULT_PALETTE: Palette = NIGHT;

export function paletteByName(name: string | null | undefined): Palette | undefined {
  const n = name?.trim().toLowerCase();
  return PALETTES.find((p) => p.name === n);
}

/** The palette after `current` in PALETTES, wrapping round (the p key). */
export function nextPalette(current: Palette): Palette {
  const i = PALETTES.findIndex((p) => p.name === current.name);
  return PALETTES[(i + 1) % PALETTES.length] ?? DEFAULT_PALETTE;
}

/** An rgb() / rgba() CSS string. */
export function css(c: Rgb255, alpha = 1): string {
  return alpha >= 1 ? `rgb(${c[0]}, ${c[1]}, ${c[2]})` : `rgba(${c[0]}, ${c[1]}, ${c[2]}, ${alpha.toFixed(3)})`;
}
