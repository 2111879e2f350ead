// The live trails layer's memory (docs/rules.md "The swarm · Trails"): the recent path of each
// firefly the server follows, from the TrailPoints after each swarm frame, as pieces of line that
// fade with age. The line is lifted (a new piece starts) where a firefly could not have flown: a
// jump further than the fastest firefly flies between the two frames (it left over an edge, or the
// world moved it), a frame it missed, a tick that went backwards (a new session), or world bounds
// that changed a lot. Each firefly keeps one hue on the cosine ramp for its life, from a hash of
// its id. Bounded: at most MAX_IDS fireflies, MAX_POINTS_PER_ID points each. Pure and tested;
// trails-layer.ts draws the strokes.
import { cosineRamp } from "../render/cosine-ramp";
import type { Rgb } from "../render/palette";
import type { WorldRect } from "../render/viewport";
import { hash2 } from "../util/hash-random";
import type { TrailSample } from "./trail-points";

/** Ticks of path shown (1/60 s each): about 2.5 s. */
export const TRAIL_TICKS = 150;
/** The most fireflies followed and points kept per firefly (30 frames a second fill 75). */
export const MAX_IDS = 1024;
export const MAX_POINTS_PER_ID = 128;
/**
 * World units a firefly flies in a step at most, at speed factor 1
 * (docs/rules.md "The swarm · Always": 1.8 … 3.2).
 */
const FASTEST_STEP = 3.2;
/** How many times the fastest flight between two frames counts as a jump (quantisation, turns, a slowed swarm). */
const JUMP_SLACK = 6;
/** World bounds that move or change size by more than this share lift every line. */
const BOUNDS_CHANGE = 0.1;
/** Age bands a path's fade is drawn in: one stroke per band and piece, not one per segment. */
export const FADE_BANDS = 8;
/** Seeds the hash that picks each firefly's hue. */
const HUE_SEED = 0x7a11;

/** How fast the swarm runs now, to tell a flight from a jump. */
export interface TrailPace {
  /** Swarm steps per tick (its pace, 60·√(meadows wide) steps a second, over 60 ticks a second). */
  readonly stepsPerTick: number;
  /** The speed band's factor, 0.5 … 2. */
  readonly speed: number;
}

export const USUAL_PACE: TrailPace = { stepsPerTick: 1, speed: 1 };

/** One piece of fading line to draw: world x, y pairs in one colour and alpha. */
export interface TrailStroke {
  readonly id: number;
  readonly color: Rgb;
  /** 0 … 1: the newer the brighter. */
  readonly alpha: number;
  readonly xy: readonly number[];
}

interface Point {
  readonly x: number;
  readonly y: number;
  readonly tick: number;
  /** The line is lifted between the point before and this one. */
  readonly lifted: boolean;
}

interface Path {
  readonly color: Rgb;
  readonly points: Point[];
  /** The frame of its latest point. */
  lastFrame: number;
}

/** A firefly's hue: the same every time its id is seen. */
export function trailColor(id: number): Rgb {
  return cosineRamp(hash2(id, HUE_SEED) / 2 ** 32);
}

/** World units between two frames' positions beyond which a firefly jumped rather than flew. */
export function jumpLimit(ticks: number, pace: TrailPace): number {
  const steps = Math.max(1, ticks * Math.max(pace.stepsPerTick, 0));
  return JUMP_SLACK * FASTEST_STEP * Math.max(1, pace.speed) * steps;
}

export class LiveTrails {
  private readonly paths = new Map<number, Path>();
  private bounds: WorldRect | undefined;
  private lastFrame: number | undefined;
  /** The newest tick seen: ages count back from it. */
  latestTick: number | undefined;
  /** Something changed since `strokes` was last asked (what is drawn must be redrawn). */
  changed = false;

  get ids(): number {
    return this.paths.size;
  }

  /** Points kept, all fireflies together. */
  get points(): number {
    let n = 0;
    for (const p of this.paths.values()) n += p.points.length;
    return n;
  }

  add(sample: TrailSample, pace: TrailPace = USUAL_PACE): void {
    if (this.lastFrame !== undefined && sample.frame <= this.lastFrame && sample.tick >= (this.latestTick ?? 0)) return;
    // Time went backwards: a new session or a restarted server. What was kept is another meadow's.
    if (this.latestTick !== undefined && sample.tick < this.latestTick) this.clear();
    const liftAll = this.bounds !== undefined && boundsMoved(this.bounds, sample.bounds);
    this.bounds = sample.bounds;
    this.lastFrame = sample.frame;
    this.latestTick = sample.tick;
    for (let i = 0; i < sample.ids.length; i++) {
      const id = sample.ids[i] ?? 0;
      const x = sample.xs[i] ?? 0;
      const y = sample.ys[i] ?? 0;
      if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
      let path = this.paths.get(id);
      if (!path) {
        if (this.paths.size >= MAX_IDS) continue;
        path = { color: trailColor(id), points: [], lastFrame: sample.frame };
        this.paths.set(id, path);
      }
      const prev = path.points.at(-1);
      const lifted =
        prev === undefined ||
        liftAll ||
        path.lastFrame !== sample.frame - 1 ||
        Math.hypot(x - prev.x, y - prev.y) > jumpLimit(sample.tick - prev.tick, pace);
      path.points.push({ x, y, tick: sample.tick, lifted });
      path.lastFrame = sample.frame;
      if (path.points.length > MAX_POINTS_PER_ID) path.points.splice(0, path.points.length - MAX_POINTS_PER_ID);
    }
    this.dropOld(sample.tick);
    this.changed = true;
  }

  /** The pieces to draw now, each in one of FADE_BANDS alphas by the age of its newer end. */
  strokes(): TrailStroke[] {
    this.changed = false;
    const now = this.latestTick;
    const out: TrailStroke[] = [];
    if (now === undefined) return out;
    for (const [id, path] of this.paths) {
      let xy: number[] = [];
      let band = -1;
      const flush = (): void => {
        if (xy.length >= 4) out.push({ id, color: path.color, alpha: bandAlpha(band), xy });
      };
      for (const p of path.points) {
        const b = fadeBand(now - p.tick);
        if (p.lifted || b !== band) {
          const last = xy.slice(-2);
          flush();
          // A new band goes on from where the last one ended; a lifted line starts afresh.
          xy = p.lifted || last.length < 2 ? [] : last;
          band = b;
        }
        xy.push(p.x, p.y);
      }
      flush();
    }
    return out;
  }

  clear(): void {
    this.paths.clear();
    this.bounds = undefined;
    this.lastFrame = undefined;
    this.latestTick = undefined;
    this.changed = true;
  }

  /** Points older than the trail's length go, and fireflies with none left. */
  private dropOld(now: number): void {
    for (const [id, path] of this.paths) {
      const pts = path.points;
      let old = 0;
      while (old < pts.length && now - (pts[old]?.tick ?? now) > TRAIL_TICKS) old++;
      if (old === pts.length) this.paths.delete(id);
      else if (old > 0) pts.splice(0, old);
    }
  }
}

/** 0 (newest) … FADE_BANDS − 1 (about to go). */
function fadeBand(ageTicks: number): number {
  return Math.min(FADE_BANDS - 1, Math.max(0, Math.floor((ageTicks / TRAIL_TICKS) * FADE_BANDS)));
}

function bandAlpha(band: number): number {
  return 1 - band / FADE_BANDS;
}

function boundsMoved(a: WorldRect, b: WorldRect): boolean {
  const w = Math.max(a.width, 1e-6);
  const h = Math.max(a.height, 1e-6);
  return (
    Math.abs(b.width - a.width) > BOUNDS_CHANGE * w ||
    Math.abs(b.height - a.height) > BOUNDS_CHANGE * h ||
    Math.abs(b.x - a.x) > BOUNDS_CHANGE * w ||
    Math.abs(b.y - a.y) > BOUNDS_CHANGE * h
  );
}
