// The school as it is drawn between frames (docs/rules.md "The viewer · Smooth motion"): each fish
// glides from where it was shown to its newest place over a frame interval (the shared
// FrameMotion, by the fish's index); its turn rate, the change of its heading a step, is kept per
// fish and smoothed, and bends its body; its tail beats faster the faster it swims.
import { FrameMotion, shortestTurn, type Moving } from "../render/frame-motion";

/** A fish as a frame gives it: world units, its velocity in world units a step. `id`: its index in the school. */
export interface Fish extends Moving {
  readonly vx: number;
  readonly vy: number;
}

/** A fish to draw now. */
export interface SwimmingFish {
  readonly x: number;
  readonly y: number;
  /** Radians, y down. */
  readonly heading: number;
  /** Radians from head to tail (fish-shape.ts); its sign is the way it turns. */
  readonly bend: number;
  /** The tail fin's swing off the body, radians. */
  readonly flick: number;
}

/** Body bend a radian a step of turning gives, and the most a body bends: a sharp turn is a C, never a knot. */
export const BEND_PER_TURN = 8;
export const MAX_BEND = 1.1;
/** How much of a new turn rate goes into the kept one each frame: the wire's rounding of velocities (a hundredth of a unit) is no wriggle. */
const TURN_SMOOTHING = 0.4;
/** Below this speed (world units a step) a fish's heading is not read: it barely moves. */
const STILL = 0.02;
/** Tail beats a second at rest and at full speed, and its swing (radians) at each. */
const TAIL_HZ_SLOW = 1.2;
const TAIL_HZ_FAST = 4;
const SWING_SLOW = 0.12;
const SWING_FAST = 0.4;
/** Radians between two fish's tail beats by index (the golden angle): no two beat together. */
const GOLDEN_ANGLE = 2.399963;

/** The bend of a fish turning `turnPerStep` radians a step. */
export function bendForTurn(turnPerStep: number): number {
  return Number.isFinite(turnPerStep) ? Math.max(-MAX_BEND, Math.min(MAX_BEND, turnPerStep * BEND_PER_TURN)) : 0;
}

const mixFish = (a: Fish, b: Fish, k: number): Fish => ({
  id: b.id,
  x: a.x + (b.x - a.x) * k,
  y: a.y + (b.y - a.y) * k,
  vx: a.vx + (b.vx - a.vx) * k,
  vy: a.vy + (b.vy - a.vy) * k,
});

export class SchoolMotion {
  private readonly motion = new FrameMotion<Fish>(mixFish);
  /** Per fish: its heading in the latest frame (NaN: not yet read), its smoothed turn (radians a step), its tail's phase. */
  private headings = new Float64Array(0);
  private turns = new Float64Array(0);
  private phases = new Float64Array(0);
  private lastTick: bigint | undefined;

  setFrameRate(framesPerSecond: number): void {
    this.motion.setFrameRate(framesPerSecond);
  }

  /** A frame's fish, at the meadow's tick `tick`, arrived at `nowMs`. */
  push(fish: readonly Fish[], tick: bigint, nowMs: number): void {
    if (fish.length !== this.headings.length) this.restart(fish.length);
    // One step a tick: a frame that comes after two ticks carries two steps of turning.
    const steps = this.lastTick !== undefined && tick > this.lastTick ? Number(tick - this.lastTick) : 1;
    this.lastTick = tick;
    fish.forEach((f, i) => {
      if (Math.hypot(f.vx, f.vy) < STILL) return;
      const heading = Math.atan2(f.vy, f.vx);
      const before = this.headings[i]!;
      if (!Number.isNaN(before)) this.turns[i]! += (shortestTurn(before, heading) / steps - this.turns[i]!) * TURN_SMOOTHING;
      this.headings[i] = heading;
    });
    this.motion.push(fish, nowMs);
  }

  /** Smoothed turn of fish `i`, radians a step (for tests and the debug hook). */
  turnOf(i: number): number {
    return this.turns[i] ?? 0;
  }

  /** The fish to draw at `nowMs`, `dtS` seconds after the last drawing, at `maxSpeed` world units a step. */
  sample(nowMs: number, dtS: number, maxSpeed: number): SwimmingFish[] {
    const top = maxSpeed > 0 ? maxSpeed : 1;
    return this.motion.sample(nowMs).map((f, i) => {
      const speed = Math.min(1, Math.hypot(f.vx, f.vy) / top);
      const phase = (this.phases[i] ?? 0) + dtS * 2 * Math.PI * (TAIL_HZ_SLOW + (TAIL_HZ_FAST - TAIL_HZ_SLOW) * speed);
      if (i < this.phases.length) this.phases[i] = phase % (2 * Math.PI);
      const bend = bendForTurn(this.turnOf(i));
      const swing = SWING_SLOW + (SWING_FAST - SWING_SLOW) * speed;
      // The tail beats about the body's line, and carries its curve on in a turn.
      const flick = Math.sin(phase) * swing - bend * 0.3;
      const heading = Math.hypot(f.vx, f.vy) >= STILL ? Math.atan2(f.vy, f.vx) : Number.isNaN(this.headings[i] ?? NaN) ? 0 : this.headings[i]!;
      return { x: f.x, y: f.y, heading, bend, flick };
    });
  }

  /** The link dropped, or the school was built afresh: nothing to glide from. */
  clear(): void {
    this.restart(0);
  }

  private restart(count: number): void {
    this.motion.clear();
    this.headings = new Float64Array(count).fill(Number.NaN);
    this.turns = new Float64Array(count);
    this.phases = Float64Array.from({ length: count }, (_, i) => (i * GOLDEN_ANGLE) % (2 * Math.PI));
    this.lastTick = undefined;
  }
}
