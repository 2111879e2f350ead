// The rocks, drawn into their own canvas between the meadow and the light whenever the rock
// list or the window changes: grey discs lit by the moon from the top right, with a soft
// shadow to the bottom left.
import { clearedContext, fillDisc } from "./canvas-2d";
import type { Viewport } from "./viewport";

export interface RockView {
  readonly id: number;
  readonly x: number;
  readonly y: number;
  /** World units. */
  readonly radius: number;
}

export function paintRocks(canvas: HTMLCanvasElement, viewport: Viewport, rocks: readonly RockView[]): void {
  const ctx = clearedContext(canvas, viewport);
  if (!ctx) return;
  const d = viewport.dpr;
  for (const rock of rocks) {
    const c = viewport.worldToScreen(rock.x, rock.y);
    const r = rock.radius * viewport.scale * d;
    if (!(r > 0.5)) continue;
    paintRock(ctx, c.x * d, c.y * d, r);
  }
}

function paintRock(ctx: CanvasRenderingContext2D, x: number, y: number, r: number): void {
  // Shadow: the moon is at the top right.
  const shadow = ctx.createRadialGradient(x - r * 0.25, y + r * 0.25, r * 0.6, x - r * 0.25, y + r * 0.25, r * 1.35);
  shadow.addColorStop(0, "rgba(0, 0, 0, 0.55)");
  shadow.addColorStop(1, "rgba(0, 0, 0, 0)");
  fillDisc(ctx, x - r * 0.25, y + r * 0.25, r * 1.35, shadow);

  const body = ctx.createRadialGradient(x + r * 0.35, y - r * 0.4, r * 0.1, x, y, r);
  body.addColorStop(0, "#7d8486");
  body.addColorStop(0.6, "#565d5f");
  body.addColorStop(1, "#33393b");
  fillDisc(ctx, x, y, r, body);

  ctx.lineWidth = Math.max(1, r * 0.04);
  ctx.strokeStyle = "rgba(10, 14, 15, 0.6)";
  ctx.stroke();
}
