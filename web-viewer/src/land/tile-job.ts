// One tile of ground to paint off the main thread (ground-worker.ts), and where its pixels go in
// the cached ground: the tile's box rounded out to whole cache pixels, so the bitmap the worker
// sends lands on the cache's pixel grid and the main thread only copies it in.
import type { PaletteName } from "../render/palettes";
import { tileRect } from "./ground-tiles";
import type { WorldRect } from "../render/viewport";

export interface TileJob {
  /** Which cache (a new world size, detail or palette starts a new one); stale answers are dropped. */
  readonly generation: number;
  readonly i: number;
  readonly j: number;
  readonly meadow: WorldRect;
  /** The cache's world origin and its device pixels per world unit. */
  readonly originX: number;
  readonly originY: number;
  readonly scale: number;
  readonly palette: PaletteName;
}

export interface TileDone {
  readonly generation: number;
  readonly i: number;
  readonly j: number;
  /** Where the bitmap's top left goes in the cache, whole pixels. */
  readonly px: number;
  readonly py: number;
  readonly bitmap: ImageBitmap;
  /** The worker's painting time, ms. */
  readonly ms: number;
}

export interface PixelBox {
  readonly px: number;
  readonly py: number;
  readonly width: number;
  readonly height: number;
}

/** The cache pixels a tile covers, rounded outwards (at least one pixel each way). */
export function tilePixelBox(job: Pick<TileJob, "i" | "j" | "meadow" | "originX" | "originY" | "scale">): PixelBox {
  const r = tileRect(job.i, job.j, job.meadow);
  const k = job.scale;
  const px = Math.floor((r.x - job.originX) * k);
  const py = Math.floor((r.y - job.originY) * k);
  const x1 = Math.ceil((r.x + r.width - job.originX) * k);
  const y1 = Math.ceil((r.y + r.height - job.originY) * k);
  return { px, py, width: Math.max(1, x1 - px), height: Math.max(1, y1 - py) };
}
