// The plate on its canvas (docs/rules.md "The plate"): a dark square where the torus lies on the
// meadow, each bird's trail in its colour from the plate's ramp (older frames fainter), and each
// bird as a short stroke along its heading. Redrawn when a frame brings new birds or the view
// moves, not every animation frame: between frames nothing on the plate changes.
import { clearedContext } from "../render/canvas-2d";
import type { Viewport, WorldRect } from "../render/viewport";
import { birdHue, cssColour, plateColour } from "./plate-ramp";
import type { PlateState } from "./plate-state";
import { birdTrail } from "./plate-trails";

/** The plate's ground: near-black, a little warm. */
export const PLATE_GROUND = "#0b0a08";
/** A bird's stroke, plate units behind its head. */
export const BIRD_STROKE = 0.012;
/** The trails' parts, oldest first, and how opaque each is: a trail fades into the past. */
const TRAIL_ALPHAS = [0.18, 0.35, 0.6] as const;

export interface PlateDrawn {
  readonly birds: number;
  readonly trailPoints: number;
}

/** Each bird's colour, made once for a number of birds (it depends on nothing else). */
let colourCache: { readonly count: number; readonly colours: readonly string[] } | undefined;
function birdColours(count: number): readonly string[] {
  if (colourCache?.count !== count) colourCache = { count, colours: Array.from({ length: count }, (_, i) => cssColour(plateColour(birdHue(i, count)))) };
  return colourCache.colours;
}

export function paintPlate(canvas: HTMLCanvasElement, viewport: Viewport, state: PlateState): PlateDrawn {
  const ctx = clearedContext(canvas, viewport);
  const plate = state.plate;
  const birds = state.birds;
  if (!ctx || !plate) return { birds: 0, trailPoints: 0 };
  ctx.setTransform(viewport.dpr, 0, 0, viewport.dpr, 0, 0);
  const box = viewport.rectToScreen(plate);
  ctx.fillStyle = PLATE_GROUND;
  ctx.fillRect(box.x, box.y, box.width, box.height);
  if (!birds) return { birds: 0, trailPoints: 0 };
  ctx.save();
  ctx.beginPath();
  ctx.rect(box.x, box.y, box.width, box.height);
  ctx.clip();
  const count = birds.x.length;
  const colours = birdColours(count);
  const trailPoints = paintTrails(ctx, box, state, colours);
  ctx.globalAlpha = 1;
  ctx.lineWidth = Math.max(1.5, box.width * 0.0025);
  ctx.lineCap = "round";
  for (let i = 0; i < count; i++) {
    const x = box.x + birds.x[i]! * box.width;
    const y = box.y + birds.y[i]! * box.height;
    const h = birds.heading[i]!;
    ctx.strokeStyle = colours[i]!;
    ctx.beginPath();
    ctx.moveTo(x - Math.cos(h) * BIRD_STROKE * box.width, y - Math.sin(h) * BIRD_STROKE * box.height);
    ctx.lineTo(x, y);
    ctx.stroke();
  }
  ctx.restore();
  return { birds: count, trailPoints };
}

function paintTrails(ctx: CanvasRenderingContext2D, box: WorldRect, state: PlateState, colours: readonly string[]): number {
  const birds = state.birds;
  if (!birds || state.history.length === 0) return 0;
  ctx.lineWidth = Math.max(1, box.width * 0.0012);
  ctx.lineJoin = "round";
  let points = 0;
  const parts = TRAIL_ALPHAS.length;
  for (let i = 0; i < birds.x.length; i++) {
    ctx.strokeStyle = colours[i]!;
    for (const line of birdTrail(state.history, birds, i)) {
      points += line.length / 2;
      // The line in parts by age: its older points fainter.
      const n = line.length / 2;
      for (let part = 0; part < parts; part++) {
        const from = Math.floor((part * n) / parts);
        const to = Math.min(n - 1, Math.floor(((part + 1) * n) / parts));
        if (to <= from) continue;
        ctx.globalAlpha = TRAIL_ALPHAS[part]!;
        ctx.beginPath();
        ctx.moveTo(box.x + line[from * 2]! * box.width, box.y + line[from * 2 + 1]! * box.height);
        for (let k = from + 1; k <= to; k++) ctx.lineTo(box.x + line[k * 2]! * box.width, box.y + line[k * 2 + 1]! * box.height);
        ctx.stroke();
      }
    }
  }
  return points;
}
