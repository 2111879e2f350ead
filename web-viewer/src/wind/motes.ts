// Drifting motes (docs/rules.md "The breeze"): specks of pollen and dust the breeze carries over
// the meadow, in both worlds. They live in screen fractions (0 … 1 across and down the canvas) so
// they always fill the screen whatever the camera shows, and move at the air's speed in world units
// turned into pixels by the view's scale: zoomed out, the same breeze crosses the screen more
// slowly. Each mote has its own speed (gusty air is not one sheet), a gentle sideways wobble and a
// twinkle. Plain typed arrays, filled once: advancing and drawing them allocates nothing.
import type { MutablePoint } from "../render/viewport";
import { seededRandom } from "../util/hash-random";
import { airSpeed, type BreezeView } from "./breeze";

/** The most motes on any screen; fewer on a small one (see moteCount). */
export const MAX_MOTES = 240;
/** CSS px² of screen per mote: about 150 on a 1280 × 720 window. */
const AREA_PER_MOTE = 6000;
const MIN_MOTES = 30;
/** Each mote moves at this share of the air's speed, drawn between the two. */
const SPEED_LOW = 0.7;
const SPEED_HIGH = 1.3;
/** World units a mote wobbles across the wind, and its rate (radians per second), low … high. */
export const WOBBLE_UNITS = 3;
const WOBBLE_RATE_LOW = 0.6;
const WOBBLE_RATE_HIGH = 1.6;
/** A step longer than this (seconds: a page back from the background, not a slow frame) is cut short. */
export const MAX_STEP_S = 0.25;
/** The motes' own seed: the same sprinkling on every screen. */
const MOTE_SEED = 0x6d07e5;

/** How many motes a screen of this size (CSS px) shows. */
export function moteCount(cssWidth: number, cssHeight: number): number {
  const n = Math.round((Math.max(cssWidth, 0) * Math.max(cssHeight, 0)) / AREA_PER_MOTE);
  return Math.min(MAX_MOTES, Math.max(MIN_MOTES, n));
}

/** x mod 1 in [0, 1): a mote leaving one edge comes back in at the other. */
export function wrapUnit(x: number): number {
  return x - Math.floor(x);
}

/** A step of `dtS` seconds, cut short to MAX_STEP_S (never negative). */
export function clampStep(dtS: number): number {
  return Math.min(Math.max(dtS, 0), MAX_STEP_S);
}

/**
 * How far the air carries something in `dt` seconds at `speed` times its speed, as fractions of
 * a screen of `cssWidth` × `cssHeight` CSS px showing `pxPerUnit` CSS px per world unit (across
 * into x, down into y); false, with nothing written, when there is no screen or no time.
 */
export function screenDrift(out: MutablePoint, breeze: BreezeView, dt: number, speed: number, pxPerUnit: number, cssWidth: number, cssHeight: number): boolean {
  if (!(dt > 0) || !(cssWidth > 0) || !(cssHeight > 0)) return false;
  const px = airSpeed(breeze.strength) * speed * pxPerUnit * dt;
  out.x = (Math.cos(breeze.direction) * px) / cssWidth;
  out.y = (Math.sin(breeze.direction) * px) / cssHeight;
  return true;
}

export class MoteField {
  /** Screen fractions. */
  readonly u = new Float32Array(MAX_MOTES);
  readonly v = new Float32Array(MAX_MOTES);
  /** Share of the air's speed. */
  readonly speed = new Float32Array(MAX_MOTES);
  /** Radians: where in its wobble and twinkle it starts; radians per second of the wobble. */
  readonly phase = new Float32Array(MAX_MOTES);
  readonly rate = new Float32Array(MAX_MOTES);
  /** 0 … 1: its size and brightness among the motes. */
  readonly weight = new Float32Array(MAX_MOTES);
  /** Motes in use on the screen now. */
  count = MIN_MOTES;
  private readonly step: MutablePoint = { x: 0, y: 0 };

  constructor(seed = MOTE_SEED) {
    const random = seededRandom(seed);
    for (let i = 0; i < MAX_MOTES; i++) {
      this.u[i] = random();
      this.v[i] = random();
      this.speed[i] = SPEED_LOW + (SPEED_HIGH - SPEED_LOW) * random();
      this.phase[i] = random() * Math.PI * 2;
      this.rate[i] = WOBBLE_RATE_LOW + (WOBBLE_RATE_HIGH - WOBBLE_RATE_LOW) * random();
      this.weight[i] = random();
    }
  }

  /**
   * Carries the motes `dtS` seconds along the breeze on a screen of `cssWidth` × `cssHeight`
   * CSS px showing `pxPerUnit` CSS px per world unit.
   */
  advect(breeze: BreezeView, dtS: number, pxPerUnit: number, cssWidth: number, cssHeight: number): void {
    this.count = moteCount(cssWidth, cssHeight);
    if (!screenDrift(this.step, breeze, clampStep(dtS), 1, pxPerUnit, cssWidth, cssHeight)) return;
    const { x: du, y: dv } = this.step;
    for (let i = 0; i < this.count; i++) {
      const k = this.speed[i] ?? 1;
      this.u[i] = wrapUnit((this.u[i] ?? 0) + du * k);
      this.v[i] = wrapUnit((this.v[i] ?? 0) + dv * k);
    }
  }
}
