// A tool that follows the mouse with no button held (docs/rules.md "The tools · Pointing": on a
// desktop the predator follows the mouse while its tool is chosen), in the phases the server
// already takes for a held pointer: DOWN when the mouse comes over the world, MOVE as it moves
// (throttled like a held drag, and only when it moved), UP when it leaves the world or the stage,
// or when the tool, the world or the window's focus changes. Free of the DOM so it can be tested.
import { ToolAction_Phase } from "../gen/meadow/v1/viewer_pb";
import type { Point } from "../render/viewport";
import { Throttle } from "../util/throttle";
import { DEFAULT_GESTURE_OPTIONS, type ToolIntent } from "./gesture-mapper";
import type { ToolSpec } from "./tool-catalog";

interface Following {
  readonly spec: ToolSpec;
  lastSent: Point;
}

export class HoverMapper {
  private following: Following | undefined;
  private readonly moves: Throttle<Point>;

  constructor(moveIntervalMs: number = DEFAULT_GESTURE_OPTIONS.moveIntervalMs) {
    this.moves = new Throttle<Point>(moveIntervalMs);
  }

  /** Whether a tool follows the mouse now (its mark is on the meadow). */
  get active(): boolean {
    return this.following !== undefined;
  }

  /**
   * The mouse is at `world` (clamped to the world for a MOVE); `inside`: whether it lies in the
   * world at all (the server takes a DOWN only there). Outside, the tool lets go.
   */
  move(spec: ToolSpec, world: Point, inside: boolean, timeMs: number): ToolIntent[] {
    const f = this.following;
    if (!inside) return this.release();
    if (f && f.spec.name !== spec.name) return [...this.release(), ...this.move(spec, world, inside, timeMs)];
    if (!f) {
      this.following = { spec, lastSent: world };
      this.moves.reset();
      // The DOWN counts as the first of the moves for the throttle.
      this.moves.push(world, timeMs);
      return [{ spec, phase: ToolAction_Phase.DOWN, position: world }];
    }
    if (samePoint(world, f.lastSent) && !this.moves.hasWaiting) return [];
    const now = this.moves.push(world, timeMs);
    return now ? this.sendMove(f, now) : [];
  }

  /** A MOVE that waited for the throttle; call once per animation frame. */
  flush(nowMs: number): ToolIntent[] {
    const f = this.following;
    if (!f) return [];
    const due = this.moves.take(nowMs);
    return due ? this.sendMove(f, due) : [];
  }

  /** The mouse left, the tool or world changed, the window lost focus: UP where it was last sent. */
  release(): ToolIntent[] {
    const f = this.following;
    if (!f) return [];
    this.following = undefined;
    this.moves.reset();
    return [{ spec: f.spec, phase: ToolAction_Phase.UP, position: f.lastSent }];
  }

  private sendMove(f: Following, position: Point): ToolIntent[] {
    if (samePoint(position, f.lastSent)) return [];
    f.lastSent = position;
    return [{ spec: f.spec, phase: ToolAction_Phase.MOVE, position }];
  }
}

function samePoint(a: Point, b: Point): boolean {
  return a.x === b.x && a.y === b.y;
}
