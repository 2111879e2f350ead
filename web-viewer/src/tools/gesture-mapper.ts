// Pointer gestures → tool actions, free of the DOM so it can be tested: a tap (press and release
// without travelling) is one TAP for the tap tools; the predator sends DOWN on press, MOVE while
// held (throttled, and only when it moved) and UP on release, cancel or leave. One pointer at a
// time: a second finger is ignored until the first is lifted.
import { ToolAction_Phase } from "../gen/meadow/v1/viewer_pb";
import type { Point } from "../render/viewport";
import { Throttle } from "../util/throttle";
import type { ToolSpec } from "./tool-catalog";

export interface ToolIntent {
  readonly spec: ToolSpec;
  readonly phase: ToolAction_Phase;
  /** World units. */
  readonly position: Point;
}

export interface PointerSample {
  readonly pointerId: number;
  /** Stage CSS pixels (for the tap slop). */
  readonly screen: Point;
  /** World units, already clamped to the world by the caller for held tools. */
  readonly world: Point;
  readonly timeMs: number;
}

export interface GestureOptions {
  /** A press that travels further than this (CSS px) is not a tap. */
  readonly tapSlopPx: number;
  /** Least time between two MOVEs (about 30 a second). */
  readonly moveIntervalMs: number;
}

export const DEFAULT_GESTURE_OPTIONS: GestureOptions = { tapSlopPx: 12, moveIntervalMs: 1000 / 30 };

interface Press {
  readonly pointerId: number;
  readonly spec: ToolSpec;
  readonly start: PointerSample;
  travelled: boolean;
  lastSent: Point;
}

export class GestureMapper {
  private press: Press | undefined;
  private readonly moves: Throttle<Point>;

  constructor(private readonly options: GestureOptions = DEFAULT_GESTURE_OPTIONS) {
    this.moves = new Throttle<Point>(options.moveIntervalMs);
  }

  get holding(): boolean {
    return this.press !== undefined;
  }

  down(spec: ToolSpec, s: PointerSample): ToolIntent[] {
    if (this.press) return [];
    this.press = { pointerId: s.pointerId, spec, start: s, travelled: false, lastSent: s.world };
    if (spec.gesture !== "hold") return [];
    this.moves.reset();
    // The DOWN counts as the first of the moves for the throttle.
    this.moves.push(s.world, s.timeMs);
    return [{ spec, phase: ToolAction_Phase.DOWN, position: s.world }];
  }

  move(s: PointerSample): ToolIntent[] {
    const p = this.press;
    if (!p || p.pointerId !== s.pointerId) return [];
    const d = Math.hypot(s.screen.x - p.start.screen.x, s.screen.y - p.start.screen.y);
    if (d > this.options.tapSlopPx) p.travelled = true;
    if (p.spec.gesture !== "hold") return [];
    if (samePoint(s.world, p.lastSent) && !this.moves.hasWaiting) return [];
    const now = this.moves.push(s.world, s.timeMs);
    return now ? this.sendMove(p, now) : [];
  }

  /** Sends a MOVE that waited for the throttle; call once per animation frame. */
  flush(nowMs: number): ToolIntent[] {
    const p = this.press;
    if (!p || p.spec.gesture !== "hold") return [];
    const due = this.moves.take(nowMs);
    return due ? this.sendMove(p, due) : [];
  }

  up(s: PointerSample): ToolIntent[] {
    const p = this.press;
    if (!p || p.pointerId !== s.pointerId) return [];
    this.press = undefined;
    if (p.spec.gesture === "hold") {
      this.moves.reset();
      return [{ spec: p.spec, phase: ToolAction_Phase.UP, position: s.world }];
    }
    const d = Math.hypot(s.screen.x - p.start.screen.x, s.screen.y - p.start.screen.y);
    if (p.travelled || d > this.options.tapSlopPx) return [];
    return [{ spec: p.spec, phase: ToolAction_Phase.TAP, position: p.start.world }];
  }

  /** The pointer was cancelled or left: a held tool lets go, a tap never happened. */
  cancel(pointerId: number): ToolIntent[] {
    const p = this.press;
    if (!p || p.pointerId !== pointerId) return [];
    this.press = undefined;
    this.moves.reset();
    if (p.spec.gesture !== "hold") return [];
    return [{ spec: p.spec, phase: ToolAction_Phase.UP, position: p.lastSent }];
  }

  /** Whatever is held is let go (window lost focus, link dropped, tool switched). */
  releaseAll(): ToolIntent[] {
    return this.press ? this.cancel(this.press.pointerId) : [];
  }

  private sendMove(p: Press, position: Point): ToolIntent[] {
    if (samePoint(position, p.lastSent)) return [];
    p.lastSent = position;
    return [{ spec: p.spec, phase: ToolAction_Phase.MOVE, position }];
  }
}

function samePoint(a: Point, b: Point): boolean {
  return a.x === b.x && a.y === b.y;
}
