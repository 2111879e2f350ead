// The mold's marks (docs/mold.md "The model"), over its trail: an oat flake is a small pale oval
// that shrinks and fades as the mold eats it (Mark.amount 1 → 0); a held attract pointer is a soft
// warm ring that breathes (it feeds the map under it); a predator is drawn as every world draws it (render/marks.ts). One's
// own marks carry the small bright centre. `moldMarkShapes` (data → screen shapes) is pure and
// tested; `paintMoldMarks` only draws them.
import { fillDisc, strokeCircle } from "../render/canvas-2d";
import { DEFAULT_ATTRACT_RADIUS, RING_MIN_PX, paintShapes, shapesOfMarks, type PredatorShape } from "../render/marks";
import type { Viewport } from "../render/viewport";
import type { MoldMarkView } from "./mold-state";

export type MoldMarkShape =
  | { readonly kind: "flake"; readonly x: number; readonly y: number; readonly rx: number; readonly ry: number; readonly angle: number; readonly alpha: number; readonly own: boolean }
  | { readonly kind: "feed"; readonly x: number; readonly y: number; readonly radius: number; readonly alpha: number; readonly own: boolean }
  | PredatorShape;

/** World units: a flake's half-length when its mark gives no radius, and the most it is drawn (oat flakes are small). */
const FLAKE_DEFAULT_UNITS = 7;
const FLAKE_MAX_UNITS = 12;
/** A fresh flake is never smaller than this on screen (CSS px), so it is seen zoomed out. */
const FLAKE_MIN_PX = 3;
/** A flake's width over its length. */
const FLAKE_ASPECT = 0.62;
/** What is left of a flake's size and light when it is eaten up (amount 0): it shrinks and fades, never pops. */
const FLAKE_EATEN_SIZE = 0.4;
const FLAKE_EATEN_ALPHA = 0.3;
/** Seconds per breath of a held attract ring: slower than the usual attract's pulse, like the mold. */
export const FEED_BREATH_S = 2.6;
/** Radians between two flakes' turns by id (the golden angle): no two neighbours lie alike. */
const GOLDEN_ANGLE = 2.399963;

export function moldMarkShapes(marks: readonly MoldMarkView[], viewport: Viewport, timeS: number, ownSession: bigint | undefined): MoldMarkShape[] {
  const s = viewport.scale;
  return shapesOfMarks(marks, viewport, ownSession, {
    flower: (m, p, own): MoldMarkShape => {
      const left = Math.min(1, Math.max(0, m.amount));
      const size = FLAKE_EATEN_SIZE + (1 - FLAKE_EATEN_SIZE) * left;
      const rx = Math.max(Math.min(m.radius || FLAKE_DEFAULT_UNITS, FLAKE_MAX_UNITS) * s, FLAKE_MIN_PX) * size;
      const angle = ((m.id * GOLDEN_ANGLE) % Math.PI) - Math.PI / 2;
      return { kind: "flake", x: p.x, y: p.y, rx, ry: rx * FLAKE_ASPECT, angle, alpha: FLAKE_EATEN_ALPHA + (1 - FLAKE_EATEN_ALPHA) * left, own };
    },
    attract: (m, p, own): MoldMarkShape => {
      const wave = 0.5 + 0.5 * Math.sin((timeS / FEED_BREATH_S) * 2 * Math.PI);
      const base = Math.max((m.radius || DEFAULT_ATTRACT_RADIUS) * s, RING_MIN_PX);
      return { kind: "feed", x: p.x, y: p.y, radius: base * (0.94 + 0.08 * wave), alpha: 0.4 + 0.3 * wave, own };
    },
  });
}

export function paintMoldMarks(canvas: HTMLCanvasElement, viewport: Viewport, shapes: readonly MoldMarkShape[]): void {
  paintShapes(canvas, viewport, shapes, (ctx, shape) => (shape.kind === "flake" ? paintFlake(ctx, shape) : paintFeed(ctx, shape.x, shape.y, shape.radius, shape.alpha)), ["flake"]);
}

/** A rolled oat: a pale cream oval with a faint rim and a lighter fold along its length. */
function paintFlake(ctx: CanvasRenderingContext2D, f: Extract<MoldMarkShape, { kind: "flake" }>): void {
  ctx.save();
  ctx.translate(f.x, f.y);
  ctx.rotate(f.angle);
  ctx.fillStyle = `rgba(236, 222, 186, ${f.alpha.toFixed(3)})`;
  ctx.strokeStyle = `rgba(150, 120, 78, ${(f.alpha * 0.7).toFixed(3)})`;
  ctx.lineWidth = 0.8;
  ctx.beginPath();
  ctx.ellipse(0, 0, f.rx, f.ry, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  ctx.strokeStyle = `rgba(255, 250, 232, ${(f.alpha * 0.6).toFixed(3)})`;
  ctx.beginPath();
  ctx.moveTo(-f.rx * 0.6, 0);
  ctx.lineTo(f.rx * 0.6, 0);
  ctx.stroke();
  ctx.restore();
}

/** A held attract pointer: a soft warm glow inside a thin amber ring. */
function paintFeed(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, a: number): void {
  const glow = ctx.createRadialGradient(x, y, 0, x, y, r * 1.2);
  glow.addColorStop(0, `rgba(255, 196, 120, ${(a * 0.22).toFixed(3)})`);
  glow.addColorStop(0.7, `rgba(255, 170, 90, ${(a * 0.12).toFixed(3)})`);
  glow.addColorStop(1, "rgba(255, 150, 70, 0)");
  fillDisc(ctx, x, y, r * 1.2, glow);
  strokeCircle(ctx, x, y, r, 1.5, `rgba(255, 205, 140, ${a.toFixed(3)})`);
}
