// The live trails on screen: each stroke of LiveTrails as a thin line in its firefly's hue,
// faded by its age, in world space through the same viewport as the swarm's light and marks.
// Its canvas lies over the light and the rocks' rims and under the marks of the tools.
import { clearedContext } from "../render/canvas-2d";
import { cssRgb } from "../render/css-color";
import type { Viewport } from "../render/viewport";
import type { TrailStroke } from "./live-trails";

/** World units a trail is wide, held between these CSS px on screen (a hair far out, never a ribbon close in). */
const TRAIL_WIDTH = 1.6;
const MIN_WIDTH_PX = 1.2;
const MAX_WIDTH_PX = 3;
/** The newest stretch's opacity: the light under it still shows through. */
const PEAK_ALPHA = 0.9;

export function paintTrails(canvas: HTMLCanvasElement, viewport: Viewport, strokes: readonly TrailStroke[]): void {
  const ctx = clearedContext(canvas, viewport);
  if (!ctx || strokes.length === 0) return;
  const d = viewport.dpr;
  const k = viewport.scale;
  ctx.setTransform(d, 0, 0, d, 0, 0);
  ctx.lineWidth = Math.min(MAX_WIDTH_PX, Math.max(MIN_WIDTH_PX, TRAIL_WIDTH * k));
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  const ox = viewport.offsetX - viewport.view.x * k;
  const oy = viewport.offsetY - viewport.view.y * k;
  for (const s of strokes) {
    const [r, g, b] = s.color;
    ctx.strokeStyle = cssRgb(r * 255, g * 255, b * 255);
    ctx.globalAlpha = PEAK_ALPHA * s.alpha;
    ctx.beginPath();
    ctx.moveTo(ox + (s.xy[0] ?? 0) * k, oy + (s.xy[1] ?? 0) * k);
    for (let i = 2; i + 1 < s.xy.length; i += 2) ctx.lineTo(ox + (s.xy[i] ?? 0) * k, oy + (s.xy[i + 1] ?? 0) * k);
    ctx.stroke();
  }
  ctx.globalAlpha = 1;
}
