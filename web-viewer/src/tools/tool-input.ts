// Pointer input on the meadow (mouse, pen and touch alike, through pointer events): each event
// becomes a sample in world units for the gesture mapper, whose intents go to `send`. Taps off
// the world are dropped (the server would refuse them); a held predator is kept on the world's
// edge instead.
import type { Point, Viewport, WorldRect } from "../render/viewport";
import { GestureMapper, type PointerSample, type ToolIntent } from "./gesture-mapper";
import type { ToolSpec } from "./tool-catalog";

export interface ToolInputHooks {
  readonly viewport: () => Viewport;
  readonly worldBounds: () => WorldRect;
  readonly activeTool: () => ToolSpec;
  /** Returns whether the action went out (false while disconnected). */
  readonly send: (intent: ToolIntent) => boolean;
  readonly onRefused: (intent: ToolIntent) => void;
}

export class ToolInput {
  private readonly gestures = new GestureMapper();

  constructor(
    private readonly stage: HTMLElement,
    private readonly hooks: ToolInputHooks,
  ) {
    stage.addEventListener("pointerdown", (ev) => this.onDown(ev));
    stage.addEventListener("pointermove", (ev) => this.emit(this.gestures.move(this.sample(ev))));
    stage.addEventListener("pointerup", (ev) => this.emit(this.gestures.up(this.sample(ev))));
    stage.addEventListener("pointercancel", (ev) => this.emit(this.gestures.cancel(ev.pointerId)));
    stage.addEventListener("lostpointercapture", (ev) => this.emit(this.gestures.cancel(ev.pointerId)));
    stage.addEventListener("pointerleave", (ev) => this.emit(this.gestures.cancel(ev.pointerId)));
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
  }

  releaseAll(): void {
    this.emit(this.gestures.releaseAll());
  }

  private onDown(ev: PointerEvent): void {
    if (ev.pointerType === "mouse" && ev.button !== 0) return;
    const spec = this.hooks.activeTool();
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

  private emit(intents: readonly ToolIntent[]): void {
    for (const intent of intents) {
      if (!this.hooks.send(intent)) this.hooks.onRefused(intent);
    }
  }

  private unclampedWorld(ev: PointerEvent): Point {
    const box = this.stage.getBoundingClientRect();
    return this.hooks.viewport().screenToWorld(ev.clientX - box.left, ev.clientY - box.top);
  }

  private sample(ev: PointerEvent): PointerSample {
    const box = this.stage.getBoundingClientRect();
    const screen = { x: ev.clientX - box.left, y: ev.clientY - box.top };
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
