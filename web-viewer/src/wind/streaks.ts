// Gust streaks (docs/rules.md "The breeze"): while a gust blows, thin pale lines race downwind
// across the meadow, more of them and longer the further into the gust (and the stronger the
// breeze). Each streak lives a short while, fading in and out, then starts again somewhere else;
// they move faster than the motes, as the gust's air does. Screen fractions like the motes, typed
// arrays filled once; the pure helpers say how many, how long and how bright.
import type { MutablePoint } from "../render/viewport";
import { seededRandom } from "../util/hash-random";
import type { BreezeView } from "./breeze";
import { clampStep, screenDrift, wrapUnit } from "./motes";

export const MAX_STREAKS = 28;
/** World units: a streak's length at the start of a gust, and what a full gust adds. */
const LENGTH_MIN = 30;
const LENGTH_GUST = 110;
/** Streaks move this many times the air's speed. */
export const STREAK_SPEED = 2;
/** Lives per second, low … high: a streak is seen for about a second. */
const LIFE_RATE_LOW = 0.7;
const LIFE_RATE_HIGH = 1.4;
/** Alpha of a streak at its brightest in a full gust. */
const STREAK_ALPHA = 0.4;
const STREAK_SEED = 0x9a57;

/** Streaks shown this far into a gust (0 … 1): none without one, all at its height. */
export function streakCount(gust: number): number {
  if (!(gust > 0)) return 0;
  return Math.max(1, Math.round(MAX_STREAKS * Math.min(gust, 1)));
}

/** World units: longer the further into the gust and the stronger the breeze. */
export function streakLength(breeze: BreezeView): number {
  return (LENGTH_MIN + LENGTH_GUST * breeze.gust) * (0.6 + 0.4 * breeze.strength);
}

/** A streak's alpha at `life` (0 … 1 of its life: fades in and out) this far into a gust. */
export function streakAlpha(life: number, gust: number): number {
  if (!(life > 0 && life < 1) || !(gust > 0)) return 0;
  return STREAK_ALPHA * Math.min(gust, 1) * Math.sin(Math.PI * life);
}

export class StreakField {
  readonly u = new Float32Array(MAX_STREAKS);
  readonly v = new Float32Array(MAX_STREAKS);
  /** 0 … 1 of its life, and lives per second. */
  readonly life = new Float32Array(MAX_STREAKS);
  readonly rate = new Float32Array(MAX_STREAKS);
  /** −1 … 1: how it bends across the wind. */
  readonly bend = new Float32Array(MAX_STREAKS);
  private readonly random: () => number;
  private readonly step: MutablePoint = { x: 0, y: 0 };

  constructor(seed = STREAK_SEED) {
    this.random = seededRandom(seed);
    for (let i = 0; i < MAX_STREAKS; i++) this.respawn(i, this.random());
  }

  /** Carries the streaks along (the same arguments as MoteField.advect). */
  advect(breeze: BreezeView, dtS: number, pxPerUnit: number, cssWidth: number, cssHeight: number): void {
    const dt = clampStep(dtS);
    if (!screenDrift(this.step, breeze, dt, STREAK_SPEED, pxPerUnit, cssWidth, cssHeight)) return;
    const { x: du, y: dv } = this.step;
    for (let i = 0; i < MAX_STREAKS; i++) {
      const life = (this.life[i] ?? 0) + dt * (this.rate[i] ?? 1);
      if (life >= 1) {
        this.respawn(i, life - 1);
        continue;
      }
      this.life[i] = life;
      this.u[i] = wrapUnit((this.u[i] ?? 0) + du);
      this.v[i] = wrapUnit((this.v[i] ?? 0) + dv);
    }
  }

  private respawn(i: number, life: number): void {
    const random = this.random;
    this.u[i] = random();
    this.v[i] = random();
    this.life[i] = Math.min(Math.max(life, 0), 0.999);
    this.rate[i] = LIFE_RATE_LOW + (LIFE_RATE_HIGH - LIFE_RATE_LOW) * random();
    this.bend[i] = random() * 2 - 1;
  }
}
