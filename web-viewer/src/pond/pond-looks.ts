// The pond's palettes as colours (docs/rules.md "The pond": its presets change only its palette and
// light), kept dim enough for the night meadow around them:
//   tropical: warm turquoise water, orange and yellow fish;
//   arctic: pale blue-grey water, silver-white fish;
//   deep: dark navy water, faint fish that glow.
import type { Rgb255 } from "../render/palettes";
import type { PondPaletteName } from "./pond-state";

export interface PondLook {
  /** The water: deepest in the middle, shallower to the shore; the moon's glint on it and how strong. */
  readonly waterDeep: Rgb255;
  readonly waterShallow: Rgb255;
  readonly glint: Rgb255;
  readonly glintAlpha: number;
  readonly pad: Rgb255;
  readonly padFlower: Rgb255;
  /** The fish's colours, taken in turn by index, and how opaque a fish is. */
  readonly fish: readonly Rgb255[];
  readonly fishAlpha: number;
  /** A soft halo round each fish (alpha; 0: none): fish that give light. */
  readonly glow: number;
  /** A fish's shadow on the bottom (alpha; 0: none, the water too dark to show one). */
  readonly shadow: number;
  readonly crumb: Rgb255;
}

export const POND_LOOKS: Readonly<Record<PondPaletteName, PondLook>> = {
  tropical: {
    waterDeep: [10, 58, 66],
    waterShallow: [24, 104, 102],
    glint: [255, 236, 200],
    glintAlpha: 0.18,
    pad: [44, 102, 50],
    padFlower: [250, 190, 210],
    fish: [
      [255, 140, 48],
      [255, 198, 64],
      [255, 166, 82],
      [246, 118, 58],
    ],
    fishAlpha: 0.95,
    glow: 0,
    shadow: 0.32,
    crumb: [255, 238, 200],
  },
  arctic: {
    waterDeep: [50, 68, 82],
    waterShallow: [96, 118, 130],
    glint: [236, 246, 255],
    glintAlpha: 0.22,
    pad: [68, 96, 84],
    padFlower: [236, 240, 248],
    fish: [
      [232, 238, 242],
      [204, 214, 224],
      [246, 248, 250],
    ],
    fishAlpha: 0.92,
    glow: 0,
    shadow: 0.28,
    crumb: [250, 248, 238],
  },
  deep: {
    waterDeep: [4, 10, 30],
    waterShallow: [12, 26, 60],
    glint: [140, 170, 255],
    glintAlpha: 0.08,
    pad: [18, 42, 40],
    padFlower: [150, 170, 210],
    fish: [
      [120, 230, 255],
      [150, 200, 255],
      [110, 255, 220],
    ],
    fishAlpha: 0.55,
    glow: 0.2,
    shadow: 0,
    crumb: [220, 236, 255],
  },
};
