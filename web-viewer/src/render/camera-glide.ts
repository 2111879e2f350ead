// The view glides towards the shared camera's target (Frame.camera) with exponential smoothing:
// each frame closes 1 − e^(−dt/τ) of the gap, so the motion is the same at 30, 60 or 144 Hz.
// The centre moves linearly; width and height move in log space, so zooming out from one
// meadow to ten feels as steady as from ten to a hundred.
import type { WorldRect } from "./viewport";

/** Seconds: after τ, about 63 % of the way is done; after 3τ, 95 %. */
export const CAMERA_TIME_CONSTANT_S = 1;
/** Closer than this (world units, and relative size) counts as arrived. */
const SETTLE_UNITS = 0.01;
const SETTLE_LOG = 1e-5;

interface State {
  cx: number;
  cy: number;
  logW: number;
  logH: number;
}

export class CameraGlide {
  private now: State | undefined;
  private target: State | undefined;
  /** The target exactly as given, shown once arrived (log space would round it). */
  private targetExact: WorldRect | undefined;

  constructor(private readonly timeConstantS: number = CAMERA_TIME_CONSTANT_S) {}

  /** A new target; the very first one is taken at once (nothing to glide from). */
  aim(rect: WorldRect): void {
    if (!(rect.width > 0 && rect.height > 0)) return;
    this.target = toState(rect);
    this.targetExact = { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
    if (!this.now) this.now = { ...this.target };
  }

  /** Jump to the target (e.g. after the window was hidden for a long time). */
  snap(): void {
    if (this.target) this.now = { ...this.target };
  }

  /** Advances by `dtSeconds`; returns whether the view changed. */
  advance(dtSeconds: number): boolean {
    const n = this.now;
    const t = this.target;
    if (!n || !t || this.settled) return false;
    const dt = Math.max(0, Math.min(dtSeconds, 10));
    const k = 1 - Math.exp(-dt / this.timeConstantS);
    n.cx += (t.cx - n.cx) * k;
    n.cy += (t.cy - n.cy) * k;
    n.logW += (t.logW - n.logW) * k;
    n.logH += (t.logH - n.logH) * k;
    if (closeEnough(n, t)) this.now = { ...t };
    return k > 0;
  }

  get settled(): boolean {
    const n = this.now;
    const t = this.target;
    return !n || !t || (n.cx === t.cx && n.cy === t.cy && n.logW === t.logW && n.logH === t.logH);
  }

  /** The view now, or undefined before the first target. */
  get rect(): WorldRect | undefined {
    if (!this.now) return undefined;
    return this.settled ? this.targetExact : toRect(this.now);
  }

  get targetRect(): WorldRect | undefined {
    return this.targetExact;
  }
}

function toState(r: WorldRect): State {
  return { cx: r.x + r.width / 2, cy: r.y + r.height / 2, logW: Math.log(r.width), logH: Math.log(r.height) };
}

function toRect(s: State): WorldRect {
  const w = Math.exp(s.logW);
  const h = Math.exp(s.logH);
  return { x: s.cx - w / 2, y: s.cy - h / 2, width: w, height: h };
}

function closeEnough(a: State, b: State): boolean {
  return (
    Math.abs(a.cx - b.cx) < SETTLE_UNITS &&
    Math.abs(a.cy - b.cy) < SETTLE_UNITS &&
    Math.abs(a.logW - b.logW) < SETTLE_LOG &&
    Math.abs(a.logH - b.logH) < SETTLE_LOG
  );
}
