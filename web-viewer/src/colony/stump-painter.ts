// The land's hollow stump as the colony's home (docs/rules.md "The land · The ground"): its wood
// (land/stump-wood.ts) drawn once per size into a cached canvas; what changes, the store, is
// drawn over it every frame: a ring around the stump filled clockwise from
// the top as far as the store is full, and a warm shine of nectar in the hollow.
import { fillDisc } from "../render/canvas-2d";
import { STUMP_HOLLOW as HOLLOW, paintStumpWood } from "../land/stump-wood";
import { paintGauge } from "./gauge";

/** Fractions of the stump's radius. */
const GAUGE = 1.16;
/** Room around the stump in its cached canvas, for the shadow (of the radius). */
const MARGIN = 0.45;

/** The store's colour (r, g, b for rgba()). */
const STORE_AMBER = "255, 196, 92";

export class StumpPainter {
  private readonly cache: HTMLCanvasElement;
  private cachedRadius = 0;

  constructor(doc: Document) {
    this.cache = doc.createElement("canvas");
  }

  /** Paints at (x, y), radius r, all in device pixels; `store` 0 … 1. */
  paint(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, store: number): void {
    if (!(r > 1)) return;
    const wood = this.wood(r);
    const half = wood.width / 2;
    ctx.drawImage(wood, x - half, y - half);
    paintNectar(ctx, x, y, r * HOLLOW, store);
    paintGauge(ctx, x, y, r * GAUGE, Math.max(2, r * 0.07), store, STORE_AMBER);
  }

  private wood(r: number): HTMLCanvasElement {
    const rounded = Math.max(2, Math.round(r));
    if (rounded === this.cachedRadius) return this.cache;
    this.cachedRadius = rounded;
    const side = Math.ceil(2 * rounded * (1 + MARGIN));
    this.cache.width = this.cache.height = side;
    const ctx = this.cache.getContext("2d");
    if (ctx) paintStumpWood(ctx, side / 2, side / 2, rounded);
    return this.cache;
  }
}

/** Nectar in the hollow: a warm shine, stronger and wider the fuller the store. */
function paintNectar(ctx: CanvasRenderingContext2D, x: number, y: number, h: number, store: number): void {
  if (!(store > 0)) return;
  const r = h * (0.35 + 0.6 * Math.sqrt(store));
  const g = ctx.createRadialGradient(x, y, 0, x, y, r);
  g.addColorStop(0, `rgba(${STORE_AMBER}, ${(0.25 + 0.45 * store).toFixed(3)})`);
  g.addColorStop(1, `rgba(${STORE_AMBER}, 0)`);
  fillDisc(ctx, x, y, r, g);
}
