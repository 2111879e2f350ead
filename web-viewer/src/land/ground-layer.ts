// The ground under the camera. The land is painted tile by tile (tile-painter.ts) into a cached
// canvas covering the whole world, at about the screen's detail (capped), never every frame.
// When the world grows, the land already painted is kept and only the new tiles are painted, a
// few each animation frame within a time budget, from the middle outwards, while the camera
// rises: never a frozen frame. Where the browser allows, a worker paints the tiles
// (tile-worker.ts, ground-worker.ts) and the main thread only copies each finished tile in;
// elsewhere the tiles are painted here, on the main thread, within the same budget. Each frame that the view moves, the picture is placed through
// the same world → screen mapping as the light and the marks, and the moonlight from the top
// right and the darker edges of the world are laid over it. Outside the world is the night.
import { TilePainter } from "./tile-painter";
import { TileWorker } from "./tile-worker";
import { rectInside, tileRect, tilesCovering, type TileIndex } from "./ground-tiles";
import { DEFAULT_PALETTE, css, type Palette } from "../render/palettes";
import type { Viewport, WorldRect } from "../render/viewport";
import { DEFAULT_WORLD, sameRect } from "../render/viewport";

/** Largest side and area of the cached ground, device pixels (memory: 12 M px ≈ 48 MB). */
const MAX_SIDE = 4096;
const MAX_AREA = 12_000_000;
/** Repaint for more detail once the view needs this much more than the cache has. */
const DETAIL_STEP = 1.3;
/**
 * Milliseconds of tile painting per animation frame: a third of a 60 Hz frame, so the light,
 * a world's 2D layers and the air still fit in the rest. At least one tile is painted per frame.
 */
export const GROUND_BUDGET_MS = 5;
/**
 * The very first painting's budget, ms: before it there is no land to look at at all, so one
 * longer frame while the page starts (a meadow is ~60 ms here) beats a bare ground filling in
 * tile by tile for seconds on a slow device. Growing, shrinking and palettes use the small budget.
 */
export const FIRST_PAINT_BUDGET_MS = 150;
/** Tiles handed to the worker at once: enough to keep it busy between frames, few enough that the middle-outwards order holds. */
const WORKER_IN_FLIGHT = 4;

/** Device pixels per world unit for the cached ground of `world`, given the detail wanted. */
export function groundScale(world: WorldRect, wanted: number): number {
  const bySide = MAX_SIDE / Math.max(world.width, world.height, 1);
  const byArea = Math.sqrt(MAX_AREA / Math.max(world.width * world.height, 1));
  return Math.max(1e-3, Math.min(wanted, bySide, byArea));
}

/**
 * The tiles a new cache of `world` at `scale` must paint, from the middle outwards: all of them,
 * except those the previous cache (`before`, at `beforeScale`) already holds in enough detail.
 */
export function tilesToPaint(world: WorldRect, scale: number, meadow: WorldRect, before?: { world: WorldRect; scale: number }): TileIndex[] {
  const all = tilesCovering(world, meadow);
  if (!before || before.scale * DETAIL_STEP < scale) return all;
  return all.filter((t) => !rectInside(clipTo(tileRect(t.i, t.j, meadow), world), before.world));
}

function clipTo(r: WorldRect, to: WorldRect): WorldRect {
  const x = Math.max(r.x, to.x);
  const y = Math.max(r.y, to.y);
  return { x, y, width: Math.max(0, Math.min(r.x + r.width, to.x + to.width) - x), height: Math.max(0, Math.min(r.y + r.height, to.y + to.height) - y) };
}

export class GroundLayer {
  /** The cache shown, and a spare to paint the next world size into. */
  private cache: HTMLCanvasElement;
  private spare: HTMLCanvasElement;
  private cachedWorld: WorldRect | undefined;
  private cachedScale = 0;
  private queue: TileIndex[] = [];
  /** Whether the cache has ever held painted land (until then the first-paint budget applies). */
  private everPainted = false;
  /** Counts caches and palettes: a worker's answer for an older one is dropped. */
  private generation = 0;
  /** Finished tiles copied into the cache since the screen last showed it. */
  private fresh = false;
  private readonly worker: TileWorker | undefined;
  private painter: TilePainter;
  private palette: Palette = DEFAULT_PALETTE;
  /** Tiles painted since the page loaded, and the time spent painting them (ms), for the debug hook. */
  tilesPainted = 0;
  paintMs = 0;
  /** The longest a single frame spent painting tiles after the first painting (ms): the budget at work. */
  longestFrameMs = 0;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private meadow: WorldRect = DEFAULT_WORLD,
    private readonly clock: () => number = () => performance.now(),
    useWorker = true,
  ) {
    this.worker = useWorker ? new TileWorker() : undefined;
    const doc = canvas.ownerDocument;
    this.cache = doc.createElement("canvas");
    this.spare = doc.createElement("canvas");
    this.painter = new TilePainter(meadow);
  }

  /** Tiles still to paint (queued or with the worker). */
  get pending(): number {
    return this.queue.length + (this.worker?.busy ?? 0);
  }

  /** Whether draw() has work: tiles to paint or painted ones the screen has not shown yet. */
  get needsDraw(): boolean {
    return this.pending > 0 || this.fresh;
  }

  /** Whether the tiles are painted off the main thread. */
  get inWorker(): boolean {
    return this.worker?.available ?? false;
  }

  get paletteName(): string {
    return this.palette.name;
  }

  /** A new palette: every tile is painted again (from the middle outwards). */
  setPalette(palette: Palette): void {
    if (palette.name === this.palette.name) return;
    this.palette = palette;
    this.generation += 1;
    if (this.cachedWorld) this.queue = tilesCovering(this.cachedWorld, this.meadow);
  }

  /** The meadow, which the land's tiles, ponds and stump are laid out from (the Welcome's). */
  setMeadow(meadow: WorldRect): void {
    if (sameRect(meadow, this.meadow)) return;
    this.meadow = meadow;
    this.painter = new TilePainter(meadow);
    this.generation += 1;
    if (this.cachedWorld) this.queue = tilesCovering(this.cachedWorld, meadow);
  }

  /**
   * `detail`: device pixels per world unit the ground should have, at least; pass the larger of
   * the view's now and where the camera is gliding to, so a glide inwards does not repaint at
   * every step.
   */
  draw(world: WorldRect, viewport: Viewport, detail: number = viewport.scale * viewport.dpr): void {
    this.prepare(world, detail);
    this.paintSome();
    const c = this.canvas;
    if (c.width !== viewport.deviceWidth) c.width = viewport.deviceWidth;
    if (c.height !== viewport.deviceHeight) c.height = viewport.deviceHeight;
    const ctx = c.getContext("2d", { alpha: false });
    if (!ctx) return;
    this.fresh = false;
    const colors = this.palette.ground;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = css(colors.night);
    ctx.fillRect(0, 0, c.width, c.height);
    const at = this.cachedWorld ?? world;
    const r = viewport.rectToScreen(at);
    const d = viewport.dpr;
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = "high";
    ctx.drawImage(this.cache, r.x * d, r.y * d, r.width * d, r.height * d);
    paintOverlays(ctx, r.x * d, r.y * d, r.width * d, r.height * d, this.palette);
  }

  /** A new cache when the world changed or more detail is wanted; the old land is kept in it. */
  private prepare(world: WorldRect, detail: number): void {
    const k = groundScale(world, detail);
    const sameWorld = this.cachedWorld !== undefined && sameRect(world, this.cachedWorld);
    if (sameWorld && k <= this.cachedScale * DETAIL_STEP) return;
    const before = this.cachedWorld ? { world: this.cachedWorld, scale: this.cachedScale } : undefined;
    // Tiles the worker finished for the old cache go into it first, so they are carried over.
    const old = this.cache.getContext("2d", { alpha: false });
    if (old) this.copyDone(old);
    const next = this.spare;
    next.width = Math.max(1, Math.ceil(world.width * k));
    next.height = Math.max(1, Math.ceil(world.height * k));
    const ctx = next.getContext("2d", { alpha: false });
    if (!ctx) return;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = css(this.palette.ground.base);
    ctx.fillRect(0, 0, next.width, next.height);
    if (before) {
      // What was painted stays where it lies on the land until its tiles are painted again.
      ctx.imageSmoothingEnabled = true;
      ctx.drawImage(this.cache, (before.world.x - world.x) * k, (before.world.y - world.y) * k, before.world.width * k, before.world.height * k);
    }
    ctx.setTransform(k, 0, 0, k, -world.x * k, -world.y * k);
    // Tiles still waiting from the previous size are painted too: their old pixels are base colour.
    const key = (t: TileIndex): string => `${t.i},${t.j}`;
    const wanted = new Set([...tilesToPaint(world, k, this.meadow, before), ...this.queue, ...(this.worker?.inFlightTiles() ?? [])].map(key));
    this.generation += 1;
    this.queue = tilesCovering(world, this.meadow).filter((t) => wanted.has(key(t)));
    this.spare = this.cache;
    this.cache = next;
    this.cachedWorld = world;
    this.cachedScale = k;
  }

  /** Paints tiles from the queue until this frame's budget is spent (at least one), or has the worker paint them. */
  private paintSome(): void {
    const ctx = this.cache.getContext("2d", { alpha: false });
    if (!ctx || !this.cachedWorld) return;
    if (this.worker && (this.worker.available || this.worker.busy > 0)) {
      this.collectFromWorker(ctx);
      if (this.worker.available) return;
      // The worker failed: what it had is painted here.
      this.queue.unshift(...this.worker.takeLost().map((t) => ({ i: t.i, j: t.j })));
    }
    if (this.queue.length === 0) return;
    const k = this.cachedScale;
    const w = this.cachedWorld;
    ctx.setTransform(k, 0, 0, k, -w.x * k, -w.y * k);
    const budget = this.everPainted ? GROUND_BUDGET_MS : FIRST_PAINT_BUDGET_MS;
    const start = this.clock();
    let now = start;
    do {
      const t = this.queue.shift();
      if (!t) break;
      this.painter.paint(ctx, t.i, t.j, this.palette.ground, k);
      this.tilesPainted += 1;
      now = this.clock();
    } while (this.queue.length > 0 && now - start < budget);
    this.fresh = true;
    this.paintMs += now - start;
    if (this.everPainted) this.longestFrameMs = Math.max(this.longestFrameMs, now - start);
    if (this.queue.length === 0) this.everPainted = true;
  }

  /** Copies the worker's finished tiles of this generation into `ctx` (the cache); older ones are dropped. */
  private copyDone(ctx: CanvasRenderingContext2D): void {
    const done = this.worker?.takeDone() ?? [];
    if (done.length > 0) ctx.setTransform(1, 0, 0, 1, 0, 0);
    for (const d of done) {
      if (d.generation === this.generation) {
        ctx.drawImage(d.bitmap, d.px, d.py);
        this.tilesPainted += 1;
        this.paintMs += d.ms;
        this.fresh = true;
      }
      d.bitmap.close();
    }
  }

  /** Copies the worker's finished tiles into the cache and hands it the next ones. */
  private collectFromWorker(ctx: CanvasRenderingContext2D): void {
    const worker = this.worker;
    const w = this.cachedWorld;
    if (!worker || !w) return;
    const start = this.clock();
    this.copyDone(ctx);
    while (worker.available && this.queue.length > 0 && worker.busy < WORKER_IN_FLIGHT) {
      const t = this.queue.shift();
      if (!t) break;
      worker.send({ generation: this.generation, i: t.i, j: t.j, meadow: this.meadow, originX: w.x, originY: w.y, scale: this.cachedScale, palette: this.palette.name });
    }
    const spent = this.clock() - start;
    if (this.everPainted) this.longestFrameMs = Math.max(this.longestFrameMs, spent);
    if (this.queue.length === 0 && worker.busy === 0) this.everPainted = true;
  }
}

/** Moonlight from the world's top right and darker edges, over the world's rectangle (device px). */
function paintOverlays(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, palette: Palette): void {
  const colors = palette.ground;
  const r = Math.max(w, h);
  const moon = ctx.createRadialGradient(x + w, y, 0, x + w, y, r);
  moon.addColorStop(0, css(colors.moon, colors.moonAlpha));
  moon.addColorStop(1, css(colors.moon, 0));
  ctx.fillStyle = moon;
  ctx.fillRect(x, y, w, h);
  const cx = x + w / 2;
  const cy = y + h / 2;
  const edges = ctx.createRadialGradient(cx, cy, Math.min(w, h) * 0.35, cx, cy, Math.hypot(w, h) / 2);
  edges.addColorStop(0, "rgba(0, 0, 0, 0)");
  edges.addColorStop(1, `rgba(0, 0, 0, ${colors.edgeAlpha})`);
  ctx.fillStyle = edges;
  ctx.fillRect(x, y, w, h);
}
