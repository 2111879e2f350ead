// Pointer input on the meadow (mouse, pen and touch alike, through pointer events): each event
// becomes a sample in world units for the gesture mapper, whose intents go to `send`. Taps off
// the world are dropped (the server would refuse them); a held predator is kept on the world's
// edge instead. A mouse over the meadow drives a tool that follows it unpressed (the predator on
// a desktop: HoverMapper). On a touch screen whose view the fingers move (the meadow covering
// it), TouchNavigation tells the tool's finger from those that pan and pinch.
import type { Point, Viewport, WorldRect } from "../render/viewport";
import { GestureMapper, type PointerSample, type ToolIntent } from "./gesture-mapper";
import { HoverMapper } from "./hover-mapper";
import type { ToolSpec } from "./tool-catalog";
import { TouchNavigation, type ViewMove } from "./touch-navigation";

/** The view fingers move (app/local-look.ts). */
export interface ViewMover {
  /** Whether fingers move the view here (the meadow covers a touch screen). */
  readonly covers: boolean;
  pan(dx: number, dy: number): void;
  pinch(from: readonly [Point, Point], to: readonly [Point, Point]): void;
}

export interface ToolInputHooks {
  readonly viewport: () => Viewport;
  readonly worldBounds: () => WorldRect;
  readonly activeTool: () => ToolSpec;
  /** Whether the active tool follows a mouse that hovers over the meadow in the world shown. */
  readonly hovers: () => boolean;
  /** Returns whether the action went out (false while disconnected). */
  readonly send: (intent: ToolIntent) => boolean;
  readonly onRefused: (intent: ToolIntent) => void;
  /** The view fingers pan and pinch; undefined: fingers are the tool's alone. */
  readonly view?: ViewMover;
}

export class ToolInput {
  private readonly gestures = new GestureMapper();
  private readonly hover = new HoverMapper();
  private readonly fingers = new TouchNavigation();
  /** Where the mouse is over the stage (CSS px), undefined once it left: a tool chosen later follows it at once. */
  private mouseAt: Point | undefined;

  constructor(
    private readonly stage: HTMLElement,
    private readonly hooks: ToolInputHooks,
  ) {
    stage.addEventListener("pointerdown", (ev) => this.onDown(ev));
    stage.addEventListener("pointermove", (ev) => this.onMove(ev));
    stage.addEventListener("pointerup", (ev) => this.onEnd(ev, "up"));
    stage.addEventListener("pointercancel", (ev) => this.onEnd(ev, "cancel"));
    stage.addEventListener("lostpointercapture", (ev) => this.emit(this.gestures.cancel(ev.pointerId)));
    stage.addEventListener("pointerleave", (ev) => {
      if (ev.pointerType === "mouse") {
        this.mouseAt = undefined;
        this.emit(this.hover.release());
      }
      this.onEnd(ev, "cancel");
    });
    window.addEventListener("blur", () => this.releaseAll());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") this.releaseAll();
    });
    // No long-press menu or text selection on phones while the predator is held.
    stage.addEventListener("contextmenu", (ev) => ev.preventDefault());
  }

  /** Sends a MOVE that waited for the throttle; called once per animation frame. */
  flush(nowMs: number): void {
    this.emit(this.gestures.flush(nowMs));
    this.emit(this.hover.flush(nowMs));
  }

  /** Whatever is held or follows the mouse lets go (tool or world changed, focus or link lost). */
  releaseAll(): void {
    this.emit(this.gestures.releaseAll());
    this.emit(this.hover.release());
  }

  /** The tool or the world changed: a tool that follows the mouse starts where the mouse is, without waiting for it to move. */
  followMouseNow(): void {
    if (!this.mouseAt || !this.hooks.hovers()) return;
    const world = this.hooks.viewport().screenToWorld(this.mouseAt.x, this.mouseAt.y);
    const bounds = this.hooks.worldBounds();
    this.emit(this.hover.move(this.hooks.activeTool(), clampToRect(world, bounds), inside(bounds, world), performance.now()));
  }

  /** Whether a tool follows the mouse now, for the debug hook. */
  get hovering(): boolean {
    return this.hover.active;
  }

  private onDown(ev: PointerEvent): void {
    if (ev.pointerType === "mouse" && ev.button !== 0) return;
    // A tool that follows the mouse is already on the meadow: a press changes nothing.
    if (ev.pointerType === "mouse" && this.hooks.hovers()) return;
    const spec = this.hooks.activeTool();
    if (this.fingersMoveView(ev)) {
      const role = this.fingers.down(ev.pointerId, this.screenOf(ev), spec.gesture === "tap");
      if (role === "view") {
        // A second finger: the first one's tool lets go (a tap never happened), the view moves.
        this.emit(this.gestures.releaseAll());
        return;
      }
    }
    const sample = this.sample(ev);
    if (!inside(this.hooks.worldBounds(), this.unclampedWorld(ev))) return;
    if (spec.gesture === "hold") {
      try {
        this.stage.setPointerCapture(ev.pointerId);
      } catch {
        // A pointer that is already gone cannot be captured; its up or cancel follows.
      }
    }
    this.emit(this.gestures.down(spec, sample));
  }

  private onMove(ev: PointerEvent): void {
    if (ev.pointerType === "mouse") this.mouseAt = this.screenOf(ev);
    if (ev.pointerType === "mouse" && this.hooks.hovers()) {
      const sample = this.sample(ev);
      this.emit(this.hover.move(this.hooks.activeTool(), sample.world, inside(this.hooks.worldBounds(), this.unclampedWorld(ev)), sample.timeMs));
      return;
    }
    if (this.fingersMoveView(ev)) {
      this.moveView(this.fingers.move(ev.pointerId, this.screenOf(ev)));
      if (this.fingers.isView(ev.pointerId)) return;
    }
    this.emit(this.gestures.move(this.sample(ev)));
  }

  private onEnd(ev: PointerEvent, how: "up" | "cancel"): void {
    const viewFinger = this.fingers.isView(ev.pointerId);
    this.fingers.up(ev.pointerId);
    if (viewFinger) return;
    this.emit(how === "up" ? this.gestures.up(this.sample(ev)) : this.gestures.cancel(ev.pointerId));
  }

  private fingersMoveView(ev: PointerEvent): boolean {
    return ev.pointerType === "touch" && this.hooks.view?.covers === true;
  }

  private moveView(move: ViewMove | undefined): void {
    const view = this.hooks.view;
    if (!move || !view) return;
    if (move.kind === "pan") view.pan(move.dx, move.dy);
    else view.pinch(move.from, move.to);
  }

  private emit(intents: readonly ToolIntent[]): void {
    for (const intent of intents) {
      if (!this.hooks.send(intent)) this.hooks.onRefused(intent);
    }
  }

  private screenOf(ev: PointerEvent): Point {
    const box = this.stage.getBoundingClientRect();
    return { x: ev.clientX - box.left, y: ev.clientY - box.top };
  }

  private unclampedWorld(ev: PointerEvent): Point {
    const s = this.screenOf(ev);
    return this.hooks.viewport().screenToWorld(s.x, s.y);
  }

  private sample(ev: PointerEvent): PointerSample {
    const screen = this.screenOf(ev);
    const world = clampToRect(this.hooks.viewport().screenToWorld(screen.x, screen.y), this.hooks.worldBounds());
    return { pointerId: ev.pointerId, screen, world, timeMs: performance.now() };
  }
}

export function inside(r: WorldRect, p: Point): boolean {
  return p.x >= r.x && p.y >= r.y && p.x <= r.x + r.width && p.y <= r.y + r.height;
}

export function clampToRect(p: Point, r: WorldRect): Point {
  return {
    x: Math.min(Math.max(p.x, r.x), r.x + r.width),
    y: Math.min(Math.max(p.y, r.y), r.y + r.height),
  };
}
