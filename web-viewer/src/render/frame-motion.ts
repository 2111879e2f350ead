// Smooth things at any refresh rate (docs/rules.md "The viewer · Smooth motion"): what is drawn
// glides from what was on screen when the newest frame arrived to that frame, over one frame
// interval, matched by id. Starting from what was shown (not from the previous frame) means a frame
// that comes early or late never makes a thing jump back. The interval is the one frames really
// arrive at (smoothed, within half to twice the server's), so slower frames still give unbroken
// motion rather than glide-and-wait. A thing new in the frame appears where it is; one missing from
// it is gone. Each world's movers say how one of theirs is mixed.
import { CrossFade } from "./crossfade";

/** A step longer than this (world units) between two frames is a jump, not a flight: no glide. */
export const MAX_GLIDE_UNITS = 120;

/** Something the frames move, known by its id. */
export interface Moving {
  readonly id: number;
  readonly x: number;
  readonly y: number;
}

/** `a` moved towards `b` by `k` (0 = a, 1 = b). */
export type Mix<T> = (a: T, b: T, k: number) => T;

/** The things of `to`, each moved back towards its `from` self by 1 − t (0 = from, 1 = to). */
export function interpolateById<T extends Moving>(from: readonly T[], to: readonly T[], t: number, mix: Mix<T>): T[] {
  const k = t > 0 ? Math.min(t, 1) : 0;
  if (k >= 1 || from.length === 0) return to.slice();
  const before = new Map<number, T>();
  for (const f of from) before.set(f.id, f);
  return to.map((b) => {
    const a = before.get(b.id);
    if (!a || Math.hypot(b.x - a.x, b.y - a.y) > MAX_GLIDE_UNITS) return b;
    return mix(a, b, k);
  });
}

/** The signed turn (radians, −π … π) from heading a to heading b the short way round. */
export function shortestTurn(a: number, b: number): number {
  const d = (b - a) % (2 * Math.PI);
  if (d > Math.PI) return d - 2 * Math.PI;
  if (d < -Math.PI) return d + 2 * Math.PI;
  return d;
}

/** How much of each new gap between arrivals goes into the smoothed interval. */
const GAP_WEIGHT = 0.2;

export class FrameMotion<T extends Moving> {
  private readonly fade = new CrossFade();
  private from: readonly T[] = [];
  private to: readonly T[] = [];
  /** The server's frame interval, and the one frames are seen to arrive at (ms). */
  private nominalMs = 1000 / 30;
  private intervalMs = this.nominalMs;
  private lastArrival: number | undefined;

  constructor(private readonly mix: Mix<T>) {}

  setFrameRate(framesPerSecond: number): void {
    if (!(framesPerSecond > 0)) return;
    this.nominalMs = this.intervalMs = 1000 / framesPerSecond;
    this.fade.setFrameRate(framesPerSecond);
  }

  /** A frame's things arrived at `nowMs`. */
  push(things: readonly T[], nowMs: number): void {
    this.from = this.sample(nowMs);
    this.to = things;
    if (this.lastArrival !== undefined) {
      const gap = nowMs - this.lastArrival;
      const smoothed = this.intervalMs + (gap - this.intervalMs) * GAP_WEIGHT;
      this.intervalMs = Math.min(Math.max(smoothed, this.nominalMs / 2), this.nominalMs * 2);
      this.fade.setFrameRate(1000 / this.intervalMs);
    }
    this.lastArrival = nowMs;
    this.fade.arrived(nowMs);
  }

  /** The things to draw at `nowMs`. */
  sample(nowMs: number): T[] {
    return interpolateById(this.from, this.to, this.fade.mix(nowMs), this.mix);
  }

  clear(): void {
    this.from = [];
    this.to = [];
    this.lastArrival = undefined;
    this.intervalMs = this.nominalMs;
    this.fade.setFrameRate(1000 / this.nominalMs);
  }
}
