// The marks of every viewer's tools, on top of the light (docs/rules.md "The viewer · Layers"),
// redrawn every frame: an attract mark is a softly pulsing ring, food crumbs are small warm specks,
// a predator is a reddish ring as wide as its reach; an eaten crumb sparks briefly. One's own marks
// carry a small bright centre. `markShapes` (data → screen shapes) is pure and tested; `paintMarks`
// only draws them.
import type { MarkView } from "../net/proto-mapping";
import { clearedContext, fillDisc, strokeCircle } from "./canvas-2d";
import type { Point, Viewport } from "./viewport";

/** A predator on screen: every world draws it alike. */
export interface PredatorShape {
  readonly kind: "predator";
  readonly x: number;
  readonly y: number;
  readonly radius: number;
  readonly alpha: number;
  readonly own: boolean;
}

export type MarkShape =
  | { readonly kind: "attract"; readonly x: number; readonly y: number; readonly radius: number; readonly alpha: number; readonly own: boolean }
  | { readonly kind: "crumb"; readonly x: number; readonly y: number; readonly radius: number; readonly alpha: number; readonly own: boolean }
  | PredatorShape
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
export const RING_MIN_PX = 7;
/** Seconds per pulse of an attract ring. */
export const PULSE_S = 1.8;

export function markShapes(marks: readonly MarkView[], viewport: Viewport, timeS: number, ownSession: bigint | undefined): MarkShape[] {
  const s = viewport.scale;
  return shapesOfMarks(marks, viewport, ownSession, {
    attract: (m, p, own): MarkShape => {
      // Marks pulse out of step with each other, by id, so many rings do not throb together.
      const phase = (timeS / PULSE_S + (m.id % 7) / 7) * 2 * Math.PI;
      const wave = 0.5 + 0.5 * Math.sin(phase);
      const base = Math.max((m.radius || DEFAULT_ATTRACT_RADIUS) * s, RING_MIN_PX);
      return { kind: "attract", x: p.x, y: p.y, radius: base * (0.92 + 0.1 * wave), alpha: 0.35 + 0.35 * wave, own };
    },
    flower: (_m, p, own): MarkShape => ({ kind: "crumb", x: p.x, y: p.y, radius: Math.max(CRUMB_RADIUS * s, CRUMB_MIN_PX), alpha: 0.9, own }),
  });
}

/** How one world shapes a mark of one tool, given where it is on screen and whether it is one's own. */
export type MarkShaper<M extends MarkView, S> = (mark: M, at: Point, own: boolean) => S;

/**
 * Every world's marks (data → screen shapes), in their order: each world shapes its attract
 * and flower marks its own way; a predator is the same everywhere; rocks arrive in their own
 * message and have their own layer, a world's own creatures are its own.
 */
export function shapesOfMarks<M extends MarkView, S>(
  marks: readonly M[],
  viewport: Viewport,
  ownSession: bigint | undefined,
  shapers: { readonly attract: MarkShaper<M, S>; readonly flower: MarkShaper<M, S> },
): (S | PredatorShape)[] {
  const out: (S | PredatorShape)[] = [];
  const s = viewport.scale;
  for (const m of marks) {
    const p = viewport.worldToScreen(m.x, m.y);
    const own = ownSession !== undefined && ownSession !== 0n && m.owner === ownSession;
    switch (m.tool) {
      case "attract":
      case "flower":
        out.push(shapers[m.tool](m, p, own));
        break;
      case "predator":
        out.push({ kind: "predator", x: p.x, y: p.y, radius: Math.max((m.radius || DEFAULT_PREDATOR_RADIUS) * s, RING_MIN_PX), alpha: 0.6, own });
        break;
      case "rock":
      case "frog":
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
  paintShapes(canvas, viewport, shapes, (ctx, shape) => RING_PAINTERS[shape.kind](ctx, shape.x, shape.y, shape.radius, shape.alpha), ["crumb", "spark"]);
}

/** The marks drawn as rings and crumbs, by kind (at x, y, radius r, alpha a). */
const RING_PAINTERS = {
  attract: paintAttract,
  crumb: paintCrumb,
  spark: paintSpark,
} as const;

/**
 * Every world's marks layer: the canvas cleared, each shape painted in CSS pixels (predators
 * alike in every world, the world's own shapes by `paint`), then one's own marks' small bright
 * centre on every shape but those of the kinds `undotted`.
 */
export function paintShapes<S extends { readonly kind: string; readonly x: number; readonly y: number; readonly own: boolean }>(
  canvas: HTMLCanvasElement,
  viewport: Viewport,
  shapes: readonly (S | PredatorShape)[],
  paint: (ctx: CanvasRenderingContext2D, shape: S) => void,
  undotted: readonly S["kind"][],
): void {
  const ctx = clearedContext(canvas, viewport);
  if (!ctx) return;
  const d = viewport.dpr;
  ctx.setTransform(d, 0, 0, d, 0, 0);
  for (const shape of shapes) {
    if (isPredator(shape)) paintPredator(ctx, shape.x, shape.y, shape.radius, shape.alpha);
    else paint(ctx, shape);
    if (shape.own && !(undotted as readonly string[]).includes(shape.kind)) paintOwnDot(ctx, shape.x, shape.y);
  }
}

function isPredator(shape: { readonly kind: string }): shape is PredatorShape {
  return shape.kind === "predator";
}

function paintAttract(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, a: number): void {
  const glow = ctx.createRadialGradient(x, y, r * 0.6, x, y, r * 1.25);
  glow.addColorStop(0, "rgba(190, 240, 200, 0)");
  glow.addColorStop(0.55, `rgba(190, 240, 200, ${(a * 0.25).toFixed(3)})`);
  glow.addColorStop(1, "rgba(190, 240, 200, 0)");
  fillDisc(ctx, x, y, r * 1.25, glow);
  strokeCircle(ctx, x, y, r, 1.5, `rgba(205, 245, 215, ${a.toFixed(3)})`);
}

function paintCrumb(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, a: number): void {
  const halo = ctx.createRadialGradient(x, y, 0, x, y, r * 2.6);
  halo.addColorStop(0, `rgba(255, 200, 120, ${(a * 0.45).toFixed(3)})`);
  halo.addColorStop(1, "rgba(255, 160, 80, 0)");
  fillDisc(ctx, x, y, r * 2.6, halo);
  fillDisc(ctx, x, y, r, `rgba(255, 214, 150, ${a.toFixed(3)})`);
}

/** A predator: a reddish ring as wide as its reach, a bright centre (every world draws it so). */
function paintPredator(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, a: number): void {
  const inner = ctx.createRadialGradient(x, y, 0, x, y, r);
  inner.addColorStop(0, `rgba(230, 70, 50, ${(a * 0.22).toFixed(3)})`);
  inner.addColorStop(1, "rgba(230, 70, 50, 0)");
  fillDisc(ctx, x, y, r, inner);
  strokeCircle(ctx, x, y, r, 1.5, `rgba(240, 95, 70, ${a.toFixed(3)})`);
  fillDisc(ctx, x, y, 3, `rgba(255, 120, 90, ${Math.min(1, a + 0.3).toFixed(3)})`);
}

function paintSpark(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, a: number): void {
  strokeCircle(ctx, x, y, r, 1.2, `rgba(255, 210, 140, ${a.toFixed(3)})`);
}

/** One's own mark's small bright centre. */
export function paintOwnDot(ctx: CanvasRenderingContext2D, x: number, y: number): void {
  fillDisc(ctx, x, y, 1.6, "rgba(255, 255, 240, 0.85)");
}
