// Fingers on a phone's meadow: which touches are the tool's and which move the view
// (docs/rules.md "The viewer · Phones": drag pans, pinch zooms), as people expect from maps. One
// finger is the tool's: a tap acts; with a tap tool a finger that drags instead pans the view (a
// drag is never a tap); with a held tool (the predator, a world's held attract) the finger is the tool
// and the view stays. Two fingers pan and pinch with any tool (a held tool lets go); from then on
// every finger only moves the view until all are lifted, so a finger left behind after a pinch
// never drops a rock. Free of the DOM: positions are stage CSS pixels.
import type { Point } from "../render/viewport";
import { DEFAULT_GESTURE_OPTIONS } from "./gesture-mapper";

/** What a finger's move does to the view. */
export type ViewMove =
  | { readonly kind: "pan"; readonly dx: number; readonly dy: number }
  | { readonly kind: "pinch"; readonly from: readonly [Point, Point]; readonly to: readonly [Point, Point] };

/** Who a finger that touched down belongs to. */
export type FingerRole = "tool" | "view";

export class TouchNavigation {
  /** Fingers down, in the order they came, at their latest positions. */
  private readonly fingers = new Map<number, Point>();
  /** Two fingers came down: only the view moves until all are lifted. */
  private viewOnly = false;
  /** The one finger of a tap tool: where it came down, and whether it has started panning. */
  private drag: { readonly id: number; readonly start: Point; panning: boolean; readonly canPan: boolean } | undefined;

  constructor(private readonly slopPx: number = DEFAULT_GESTURE_OPTIONS.tapSlopPx) {}

  get fingersDown(): number {
    return this.fingers.size;
  }

  /**
   * A finger touched down. `toolPans`: the tool takes taps, so one finger dragging pans. Returns
   * "view" once the finger belongs to the view (the second finger, and every one after it; the
   * caller lets the first finger's tool go).
   */
  down(id: number, at: Point, toolPans: boolean): FingerRole {
    this.fingers.set(id, at);
    if (this.fingers.size >= 2) {
      this.viewOnly = true;
      this.drag = undefined;
    }
    if (this.viewOnly) return "view";
    this.drag = { id, start: at, panning: false, canPan: toolPans };
    return "tool";
  }

  /** A finger moved: how the view moves with it, if it does. */
  move(id: number, at: Point): ViewMove | undefined {
    const before = this.fingers.get(id);
    if (!before) return undefined;
    this.fingers.set(id, at);
    if (this.viewOnly) {
      const [a, b] = this.firstTwo();
      if (!a || !b) return { kind: "pan", dx: at.x - before.x, dy: at.y - before.y };
      if (id !== a.id && id !== b.id) return undefined;
      const from: [Point, Point] = [a.id === id ? before : a.at, b.id === id ? before : b.at];
      return { kind: "pinch", from, to: [a.at, b.at] };
    }
    const d = this.drag;
    if (!d || d.id !== id || !d.canPan) return undefined;
    if (!d.panning) {
      if (Math.hypot(at.x - d.start.x, at.y - d.start.y) <= this.slopPx) return undefined;
      // The land that was under the finger when it came down follows it from here on.
      d.panning = true;
      return { kind: "pan", dx: at.x - d.start.x, dy: at.y - d.start.y };
    }
    return { kind: "pan", dx: at.x - before.x, dy: at.y - before.y };
  }

  /** A finger lifted or was cancelled. */
  up(id: number): void {
    this.fingers.delete(id);
    if (this.drag?.id === id) this.drag = undefined;
    if (this.fingers.size === 0) this.viewOnly = false;
  }

  /** Whether a finger is the view's (so its events are not the tool's). */
  isView(id: number): boolean {
    return this.viewOnly && this.fingers.has(id);
  }

  private firstTwo(): [{ id: number; at: Point } | undefined, { id: number; at: Point } | undefined] {
    const it = this.fingers.entries();
    const pick = (): { id: number; at: Point } | undefined => {
      const n = it.next();
      return n.done ? undefined : { id: n.value[0], at: n.value[1] };
    };
    const a = pick();
    return [a, pick()];
  }
}
