// The rings round a visitor's own things (own-highlight.ts says when): a soft pale ring that
// breathes out from each, on a layer of its own over every world, fading as the moment ends.
// `ownRingShapes` (world points → screen rings) is pure; `paintOwnRings` only draws them.
import { clearedContext, strokeCircle } from "../render/canvas-2d";
import type { Point, Viewport } from "../render/viewport";

export interface OwnRing {
  readonly x: number;
  readonly y: number;
  readonly radius: number;
  readonly alpha: number;
}

/** CSS px: the ring's radius at its smallest, and how much further it breathes out. */
const RING_PX = 16;
const BREATH_PX = 10;
/** Seconds a breath takes: calm, not an alarm. */
const BREATH_S = 1.1;

/** `strength`: 1 as the rings begin … 0 as they end (OwnHighlight.strength). */
export function ownRingShapes(places: readonly Point[], viewport: Viewport, strength: number, timeS: number): OwnRing[] {
  if (strength <= 0) return [];
  const breath = (timeS / BREATH_S) % 1;
  return places.map((p) => {
    const at = viewport.worldToScreen(p.x, p.y);
    // Each breath widens the ring and thins it, as a ripple does.
    return { x: at.x, y: at.y, radius: RING_PX + BREATH_PX * breath, alpha: Math.min(1, strength * 1.5) * (0.85 - 0.55 * breath) };
  });
}

export function paintOwnRings(canvas: HTMLCanvasElement, viewport: Viewport, rings: readonly OwnRing[]): void {
  const ctx = clearedContext(canvas, viewport);
  if (!ctx) return;
  ctx.setTransform(viewport.dpr, 0, 0, viewport.dpr, 0, 0);
  for (const r of rings) {
    strokeCircle(ctx, r.x, r.y, r.radius + 3, 5, `rgba(255, 236, 190, ${(r.alpha * 0.25).toFixed(3)})`);
    strokeCircle(ctx, r.x, r.y, r.radius, 2, `rgba(255, 248, 225, ${r.alpha.toFixed(3)})`);
  }
}
