// The ground under the camera: the meadow is painted once for the whole world into a cached
// canvas (at about the screen's detail, capped), and each frame that the view moves that
// picture is placed through the same world → screen mapping as the light and the marks.
// Outside the world's bounds is the dark of the night.
import { paintGround } from "./meadow-painter";
import type { Viewport, WorldRect } from "./viewport";
import { sameRect } from "./viewport";

const NIGHT = "#020405";
/** Largest side and area of the cached ground, device pixels. */
const MAX_SIDE = 4096;
const MAX_AREA = 12_000_000;
/** Repaint for more detail once the view needs this much more than the cache has. */
const DETAIL_STEP = 1.3;

/** Device pixels per world unit for the cached ground of `world`, given the detail wanted. */
export function groundScale(world: WorldRect, wanted: number): number {
  const bySide = MAX_SIDE / Math.max(world.width, world.height, 1);
  const byArea = Math.sqrt(MAX_AREA / Math.max(world.width * world.height, 1));
  return Math.max(1e-3, Math.min(wanted, bySide, byArea));
}

export class GroundLayer {
  private readonly cache: HTMLCanvasElement;
  private cachedWorld: WorldRect | undefined;
  private cachedScale = 0;

  constructor(private readonly canvas: HTMLCanvasElement) {
    this.cache = canvas.ownerDocument.createElement("canvas");
  }

  /**
   * `detail`: device pixels per world unit the ground should have, at least; pass the larger of
   * the view's now and where the camera is gliding to, so a glide inwards does not repaint at
   * every step.
   */
  draw(world: WorldRect, viewport: Viewport, detail: number = viewport.scale * viewport.dpr): void {
    this.prepare(world, detail);
    const c = this.canvas;
    if (c.width !== viewport.deviceWidth) c.width = viewport.deviceWidth;
    if (c.height !== viewport.deviceHeight) c.height = viewport.deviceHeight;
    const ctx = c.getContext("2d", { alpha: false });
    if (!ctx) return;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = NIGHT;
    ctx.fillRect(0, 0, c.width, c.height);
    const r = viewport.rectToScreen(world);
    const d = viewport.dpr;
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = "high";
    ctx.drawImage(this.cache, r.x * d, r.y * d, r.width * d, r.height * d);
  }

  private prepare(world: WorldRect, detail: number): void {
    const k = groundScale(world, detail);
    const sameWorld = this.cachedWorld !== undefined && sameRect(world, this.cachedWorld);
    if (sameWorld && k <= this.cachedScale * DETAIL_STEP) return;
    this.cachedWorld = world;
    this.cachedScale = k;
    this.cache.width = Math.max(1, Math.ceil(world.width * k));
    this.cache.height = Math.max(1, Math.ceil(world.height * k));
    const ctx = this.cache.getContext("2d", { alpha: false });
    if (!ctx) return;
    ctx.setTransform(k, 0, 0, k, -world.x * k, -world.y * k);
    paintGround(ctx, world, k);
  }
}
