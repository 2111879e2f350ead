// The marks of every viewer's tools, on top of the light (SPEC §7), redrawn every frame: an
// attract mark is a softly pulsing ring, food crumbs are small warm specks, a predator is a
// reddish ring as wide as its reach; an eaten crumb sparks briefly. One's own marks carry a
// small bright centre.
// `markShapes` (data → screen shapes) is pure and tested; `paintMarks` only draws them.
import type { MarkView } from "../net/proto-mapping";
import { clearedContext } from "./canvas-2d";
import type { Viewport } from "./viewport";

export type MarkShape =
  | { readonly kind: "attract"; readonly x: number; readonly y: number; readonly radius: number; readonly alpha: number; readonly own: boolean }
  | { readonly kind: "crumb"; readonly x: number; readonly y: number; readonly radius: number; readonly alpha: number; readonly own: boolean }
  | { readonly kind: "predator"; readonly x: number; readonly y: number; readonly radius: number; readonly alpha: number; readonly own: boolean }
  | { readonly kind: "spark"; readonly x: number; readonly y: number; readonly radius: number; readonly alpha: number; readonly own: boolean };

/** A crumb eaten at a world position, at a time (seconds, the same clock as `timeS`). */
export interface Spark {
  readonly x: number;
  readonly y: number;
  readonly atS: number;
}

/** Seconds a spark of an eaten crumb lasts. */
export const SPARK_S = 0.6;

/** World units, used when a mark comes without a radius. */
export const DEFAULT_ATTRACT_RADIUS = 40;
export const DEFAULT_PREDATOR_RADIUS = 120;
/** A crumb is drawn this big (world units), never smaller than CRUMB_MIN_PX on screen. */
const CRUMB_RADIUS = 3;
const CRUMB_MIN_PX = 1.6;
/** Rings never shrink below this many CSS pixels, so they stay visible zoomed far out. */
const RING_MIN_PX = 7;
/** Seconds per pulse of an attract ring. */
export const PULSE_S = 1.8;

export function markShapes(marks: readonly MarkView[], viewport: Viewport, timeS: number, ownSession: bigint | undefined): MarkShape[] {
  const out: MarkShape[] = [];
  const s = viewport.scale;
  for (const m of marks) {
    const p = viewport.worldToScreen(m.x, m.y);
    const own = ownSession !== undefined && ownSession !== 0n && m.owner === ownSession;
    switch (m.tool) {
      case "attract": {
        // Marks pulse out of step with each other, by id, so many rings do not throb together.
        const phase = (timeS / PULSE_S + (m.id % 7) / 7) * 2 * Math.PI;
        const wave = 0.5 + 0.5 * Math.sin(phase);
        const base = Math.max((m.radius || DEFAULT_ATTRACT_RADIUS) * s, RING_MIN_PX);
        out.push({ kind: "attract", x: p.x, y: p.y, radius: base * (0.92 + 0.1 * wave), alpha: 0.35 + 0.35 * wave, own });
        break;
      }
      case "flower":
        out.push({ kind: "crumb", x: p.x, y: p.y, radius: Math.max(CRUMB_RADIUS * s, CRUMB_MIN_PX), alpha: 0.9, own });
        break;
      case "predator":
        out.push({ kind: "predator", x: p.x, y: p.y, radius: Math.max((m.radius || DEFAULT_PREDATOR_RADIUS) * s, RING_MIN_PX), alpha: 0.6, own });
        break;
      case "rock":
        // Rocks arrive in their own message and have their own layer.
        break;
    }
  }
  return out;
}

/** Eaten crumbs: a warm ring that widens and fades. Sparks older than SPARK_S are left out. */
export function sparkShapes(sparks: readonly Spark[], viewport: Viewport, timeS: number): MarkShape[] {
  const out: MarkShape[] = [];
  for (const k of sparks) {
    const age = (timeS - k.atS) / SPARK_S;
    if (!(age >= 0 && age < 1)) continue;
    const p = viewport.worldToScreen(k.x, k.y);
    out.push({ kind: "spark", x: p.x, y: p.y, radius: 2 + 10 * age, alpha: 0.8 * (1 - age), own: false });
  }
  return out;
}

export function paintMarks(canvas: HTMLCanvasElement, viewport: Viewport, shapes: readonly MarkShape[]): void {
  const ctx = clearedContext(canvas, viewport);
  if (!ctx) return;
  const d = viewport.dpr;
  ctx.setTransform(d, 0, 0, d, 0, 0);
  for (const shape of shapes) {
    switch (shape.kind) {
      case "attract":
        paintAttract(ctx, shape.x, shape.y, shape.radius, shape.alpha);
        break;
      case "crumb":
        paintCrumb(ctx, shape.x, shape.y, shape.radius, shape.alpha);
        break;
      case "predator":
        paintPredator(ctx, shape.x, shape.y, shape.radius, shape.alpha);
        break;
      case "spark":
        paintSpark(ctx, shape.x, shape.y, shape.radius, shape.alpha);
        break;
    }
    if (shape.own && shape.kind !== "crumb" && shape.kind !== "spark") paintOwnDot(ctx, shape.x, shape.y);
  }
}

function paintAttract(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, a: number): void {
  const glow = ctx.createRadialGradient(x, y, r * 0.6, x, y, r * 1.25);
  glow.addColorStop(0, "rgba(190, 240, 200, 0)");
  glow.addColorStop(0.55, `rgba(190, 240, 200, ${(a * 0.25).toFixed(3)})`);
  glow.addColorStop(1, "rgba(190, 240, 200, 0)");
  ctx.fillStyle = glow;
  ctx.beginPath();
  ctx.arc(x, y, r * 1.25, 0, Math.PI * 2);
  ctx.fill();
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = `rgba(205, 245, 215, ${a.toFixed(3)})`;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.stroke();
}

function paintCrumb(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, a: number): void {
  const halo = ctx.createRadialGradient(x, y, 0, x, y, r * 2.6);
  halo.addColorStop(0, `rgba(255, 200, 120, ${(a * 0.45).toFixed(3)})`);
  halo.addColorStop(1, "rgba(255, 160, 80, 0)");
  ctx.fillStyle = halo;
  ctx.beginPath();
  ctx.arc(x, y, r * 2.6, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = `rgba(255, 214, 150, ${a.toFixed(3)})`;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
}

/** A predator: a reddish ring as wide as its reach, a bright centre (every world draws it so). */
export function paintPredator(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, a: number): void {
  const inner = ctx.createRadialGradient(x, y, 0, x, y, r);
  inner.addColorStop(0, `rgba(230, 70, 50, ${(a * 0.22).toFixed(3)})`);
  inner.addColorStop(1, "rgba(230, 70, 50, 0)");
  ctx.fillStyle = inner;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = `rgba(240, 95, 70, ${a.toFixed(3)})`;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.stroke();
  ctx.fillStyle = `rgba(255, 120, 90, ${Math.min(1, a + 0.3).toFixed(3)})`;
  ctx.beginPath();
  ctx.arc(x, y, 3, 0, Math.PI * 2);
  ctx.fill();
}

function paintSpark(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, a: number): void {
  ctx.lineWidth = 1.2;
  ctx.strokeStyle = `rgba(255, 210, 140, ${a.toFixed(3)})`;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.stroke();
}

/** One's own mark's small bright centre. */
export function paintOwnDot(ctx: CanvasRenderingContext2D, x: number, y: number): void {
  ctx.fillStyle = "rgba(255, 255, 240, 0.85)";
  ctx.beginPath();
  ctx.arc(x, y, 1.6, 0, Math.PI * 2);
  ctx.fill();
}
