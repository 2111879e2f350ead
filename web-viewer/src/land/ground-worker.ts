// The ground's painter in a worker (rendering off the main thread where the browser allows): it
// paints each tile it is sent into an OffscreenCanvas of the tile's cache pixels and sends back the
// bitmap (transferred, not copied). ground-layer.ts copies it into the cache.
import { DEFAULT_PALETTE, paletteByName } from "../render/palettes";
import { TilePainter } from "./tile-painter";
import { tilePixelBox, type TileDone, type TileJob } from "./tile-job";
import { sameRect, type WorldRect } from "../render/viewport";

interface WorkerScope {
  addEventListener(type: "message", listener: (ev: MessageEvent<TileJob>) => void): void;
  postMessage(message: TileDone, transfer: Transferable[]): void;
}

const scope = globalThis as unknown as WorkerScope;
let painter: { meadow: WorldRect; painter: TilePainter } | undefined;

scope.addEventListener("message", (ev) => {
  const job = ev.data;
  const start = performance.now();
  if (!painter || !sameRect(painter.meadow, job.meadow)) painter = { meadow: job.meadow, painter: new TilePainter(job.meadow) };
  const box = tilePixelBox(job);
  const canvas = new OffscreenCanvas(box.width, box.height);
  // Transparent outside the tile: its rounded-out edge pixels blend with the neighbours'.
  const ctx = canvas.getContext("2d");
  if (!ctx) return;
  const k = job.scale;
  ctx.setTransform(k, 0, 0, k, -job.originX * k - box.px, -job.originY * k - box.py);
  const palette = paletteByName(job.palette) ?? DEFAULT_PALETTE;
  painter.painter.paint(ctx, job.i, job.j, palette.ground, k);
  const bitmap = canvas.transferToImageBitmap();
  scope.postMessage({ generation: job.generation, i: job.i, j: job.j, px: box.px, py: box.py, bitmap, ms: performance.now() - start }, [bitmap]);
});
