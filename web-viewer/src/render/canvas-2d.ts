// Small helpers the 2D layers share (rocks, marks, the worlds' own).
import { fitCanvas, type Viewport } from "./viewport";

/** The canvas sized to the viewport, its transform reset and cleared; undefined without 2D. */
export function clearedContext(canvas: HTMLCanvasElement, viewport: Viewport): CanvasRenderingContext2D | undefined {
  fitCanvas(canvas, viewport);
  const ctx = canvas.getContext("2d");
  if (!ctx) return undefined;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  return ctx;
}

/** Clears a canvas whatever its transform (e.g. when its layer is put away). */
export function clearCanvas(canvas: HTMLCanvasElement): void {
  const ctx = canvas.getContext("2d");
  if (!ctx) return;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
}

/** A filled circle. */
export function fillDisc(ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D, x: number, y: number, r: number, fill: string | CanvasGradient): void {
  ctx.fillStyle = fill;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
}

/** A circle's outline. */
export function strokeCircle(ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D, x: number, y: number, r: number, lineWidth: number, stroke: string): void {
  ctx.lineWidth = lineWidth;
  ctx.strokeStyle = stroke;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.stroke();
}
