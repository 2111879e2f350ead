// How a colony firefly looks (docs/rules.md "The colony · Hunger", "The flowers · What shows"):
// light is life, so its glow is as bright as its energy; a full one is bright green, a tired one
// shifts towards ember colours; a flash is a brighter, wider pulse; a carrier glows amber with a
// pink drop of nectar at its head; a dying one fades with `fade`; the dormant spark is a faint
// ember breathing in the stump; one with a seed stuck on it has a small cream dot at its side (its
// right, as it flies). Pure (data → colour, strength, size), so it can be tested; colony-light.ts
// draws it.
import { rampColor, type Rgb } from "../render/palette";
import type { MutablePoint } from "../render/viewport";
import type { FireflyView } from "./colony-snapshot";

export interface FireflyLook {
  /** 0 … 1 per channel. */
  readonly color: Rgb;
  /** Strength of the glow, 0 … 1 (the sprite's alpha; the light is added onto the meadow). */
  readonly strength: number;
  /** World units: the glow's radius. */
  readonly radius: number;
  /** A carrier's drop of nectar: where it sits (world units) and its radius. */
  readonly drop: { readonly x: number; readonly y: number; readonly radius: number } | undefined;
}

/** Energy → colour: ember when empty, through orange and yellow-green to bright green when full. */
const ENERGY_RAMP: ReadonlyArray<readonly [number, Rgb]> = [
  [0.0, [0.75, 0.2, 0.08]],
  [0.15, [1.0, 0.36, 0.12]],
  [0.35, [1.0, 0.62, 0.2]],
  [0.6, [0.8, 0.92, 0.28]],
  [1.0, [0.52, 1.0, 0.34]],
];
export const CARRIER_AMBER: Rgb = [1.0, 0.7, 0.24];
export const NECTAR_PINK: Rgb = [1.0, 0.45, 0.68];
const SPARK_EMBER: Rgb = [0.9, 0.34, 0.12];
/** A flash pulls the colour this far towards pale yellow-white at its peak. */
const FLASH_WHITE: Rgb = [1.0, 1.0, 0.82];
const FLASH_WHITENING = 0.45;

/** The faintest glow of a living firefly with no energy left (so it is still seen at all). */
const MIN_STRENGTH = 0.2;
/** What full energy adds to the strength. */
const ENERGY_STRENGTH = 0.72;
/** What a flash at its peak adds to the strength and to the radius (×). */
const FLASH_STRENGTH = 0.6;
const FLASH_GROWTH = 0.9;
/** World units: the glow of an empty and of a full firefly. */
const RADIUS_EMPTY = 11;
const RADIUS_FULL = 20;
/** The dormant spark: strength around which it breathes, how much, and how fast (radians/s). */
const SPARK_STRENGTH = 0.24;
const SPARK_BREATH = 0.08;
const SPARK_RATE = 1.3;
const SPARK_RADIUS = 12;
/** The drop of nectar: how far ahead of the centre (world units) and how big. */
const DROP_AHEAD = 4.5;
const DROP_RADIUS = 2.2;
/** The seed's dot: how far to the side of the centre (world units), how big, its colour. */
const SEED_SIDE = 5;
export const SEED_DOT_RADIUS = 1.7;
export const SEED_CREAM: Rgb = [1.0, 0.95, 0.8];

export function energyColor(energy: number): Rgb {
  return rampColor(ENERGY_RAMP, energy);
}

/** `timeS`: seconds on any steady clock; only the dormant spark's breathing uses it. */
export function fireflyLook(f: FireflyView, timeS: number): FireflyLook {
  if (f.activity === "dormant") {
    const breath = Math.sin(timeS * SPARK_RATE + f.id);
    return { color: SPARK_EMBER, strength: SPARK_STRENGTH + SPARK_BREATH * breath, radius: SPARK_RADIUS, drop: undefined };
  }
  const carrying = f.activity === "carrying";
  const base = carrying ? CARRIER_AMBER : energyColor(f.energy);
  const flash = f.flash;
  const color = mix(base, FLASH_WHITE, flash * FLASH_WHITENING);
  const fade = f.activity === "dying" ? f.fade : 1;
  const strength = Math.min(1, (MIN_STRENGTH + ENERGY_STRENGTH * f.energy + FLASH_STRENGTH * flash) * fade);
  const radius = (RADIUS_EMPTY + (RADIUS_FULL - RADIUS_EMPTY) * f.energy) * (1 + FLASH_GROWTH * flash);
  const drop = carrying
    ? { x: f.x + Math.cos(f.heading) * DROP_AHEAD, y: f.y + Math.sin(f.heading) * DROP_AHEAD, radius: DROP_RADIUS }
    : undefined;
  return { color, strength, radius, drop };
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

/** Where a firefly's seed sits (world units), into `out`: at its side, square to its heading. */
export function seedDotAt(out: MutablePoint, f: FireflyView): MutablePoint {
  out.x = f.x - Math.sin(f.heading) * SEED_SIDE;
  out.y = f.y + Math.cos(f.heading) * SEED_SIDE;
  return out;
}
