// Smooth fireflies at any refresh rate (SPEC §7): what is drawn glides from what was on screen
// when the newest frame arrived to that frame, over one frame interval, matched by id. Starting
// from what was shown (not from the previous frame) means a frame that comes early or late
// never makes a firefly jump back. The interval is the one frames really arrive at (smoothed,
// within half to twice the server's), so slower frames still give unbroken motion rather than
// glide-and-wait. A firefly new in the frame appears where it is; one missing from it is gone
// (its fade-out was in the frames before).
import { CrossFade } from "../render/crossfade";
import type { FireflyView } from "./colony-snapshot";

/** A step longer than this (world units) between two frames is a jump, not a flight: no glide. */
export const MAX_GLIDE_UNITS = 120;

/** The fireflies of `to`, each moved back towards its `from` self by 1 − t (0 = from, 1 = to). */
export function interpolateFireflies(from: readonly FireflyView[], to: readonly FireflyView[], t: number): FireflyView[] {
  const k = t > 0 ? Math.min(t, 1) : 0;
  if (k >= 1 || from.length === 0) return to.slice();
  const before = new Map<number, FireflyView>();
  for (const f of from) before.set(f.id, f);
  return to.map((b) => {
    const a = before.get(b.id);
    if (!a || Math.hypot(b.x - a.x, b.y - a.y) > MAX_GLIDE_UNITS) return b;
    return {
      ...b,
      x: a.x + (b.x - a.x) * k,
      y: a.y + (b.y - a.y) * k,
      heading: a.heading + shortestTurn(a.heading, b.heading) * k,
      energy: a.energy + (b.energy - a.energy) * k,
      flash: a.flash + (b.flash - a.flash) * k,
      fade: a.fade + (b.fade - a.fade) * k,
    };
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

export class FireflyMotion {
  private readonly fade = new CrossFade();
  private from: readonly FireflyView[] = [];
  private to: readonly FireflyView[] = [];
  /** The server's frame interval, and the one frames are seen to arrive at (ms). */
  private nominalMs = 1000 / 30;
  private intervalMs = this.nominalMs;
  private lastArrival: number | undefined;

  setFrameRate(framesPerSecond: number): void {
    if (!(framesPerSecond > 0)) return;
    this.nominalMs = this.intervalMs = 1000 / framesPerSecond;
    this.fade.setFrameRate(framesPerSecond);
  }

  /** A frame's fireflies arrived at `nowMs`. */
  push(fireflies: readonly FireflyView[], nowMs: number): void {
    this.from = this.sample(nowMs);
    this.to = fireflies;
    if (this.lastArrival !== undefined) {
      const gap = nowMs - this.lastArrival;
      const smoothed = this.intervalMs + (gap - this.intervalMs) * GAP_WEIGHT;
      this.intervalMs = Math.min(Math.max(smoothed, this.nominalMs / 2), this.nominalMs * 2);
      this.fade.setFrameRate(1000 / this.intervalMs);
    }
    this.lastArrival = nowMs;
    this.fade.arrived(nowMs);
  }

  /** The fireflies to draw at `nowMs`. */
  sample(nowMs: number): FireflyView[] {
    return interpolateFireflies(this.from, this.to, this.fade.mix(nowMs));
  }

  clear(): void {
    this.from = [];
    this.to = [];
    this.lastArrival = undefined;
    this.intervalMs = this.nominalMs;
    this.fade.setFrameRate(1000 / this.nominalMs);
  }
}
