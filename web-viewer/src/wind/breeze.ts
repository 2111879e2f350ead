// The breeze over the meadow (docs/rules.md "The breeze") as the frames send it, in both worlds:
// where the air moves, how strongly, how far into a gust. Motes, gust streaks, swaying flowers and
// falling seeds all move with this one air, at the speed the server drifts its seeds with, so what
// is drawn between frames agrees with where the server puts things.
import type { Breeze } from "../gen/meadow/v1/viewer_pb";

export interface BreezeView {
  /** Radians the air moves towards; 0 = east (+x), growing towards +y (down the screen). */
  readonly direction: number;
  /** 0 (calm) … 1 (the strongest gust). */
  readonly strength: number;
  /** 0 … 1: how far into a gust (0 none, 1 at its height). */
  readonly gust: number;
}

/**
 * How far a falling seed drifts over its 3 s fall in a calm and in the strongest breeze (world
 * units, docs/rules.md "The flowers · Seeds": 80 … 300): the server's drift, so the air's speed
 * here is the seeds' speed.
 */
const DRIFT_CALM = 80;
const DRIFT_STRONGEST = 300;
/** Seconds a seed floats down. */
export const SEED_FALL_S = 3;

/** A frame's breeze; undefined when it has none or it is not finite (nothing drawn moves). */
export function breezeFromProto(b: Breeze | undefined): BreezeView | undefined {
  if (!b || !Number.isFinite(b.direction) || !Number.isFinite(b.strength) || !Number.isFinite(b.gust)) return undefined;
  return { direction: b.direction, strength: unit(b.strength), gust: unit(b.gust) };
}

/** World units per second the air moves at this strength (0 … 1). */
export function airSpeed(strength: number): number {
  return (DRIFT_CALM + (DRIFT_STRONGEST - DRIFT_CALM) * unit(strength)) / SEED_FALL_S;
}

function unit(v: number): number {
  return v > 0 ? Math.min(v, 1) : 0;
}
