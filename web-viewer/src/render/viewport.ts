// The one world → screen mapping every layer and tool shares: the camera's view (a world
// rectangle) fitted into the window, aspect kept, centred; what lies around the view on screen
// is still world, shown if there is land there. Screen units are CSS pixels relative to the
// stage; multiply by `dpr` for canvas device pixels.

export interface WorldRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** A point that painters fill in place, so the hot paths allocate nothing. */
export interface MutablePoint {
  x: number;
  y: number;
}

/** One meadow, used until the server's Welcome says otherwise. */
export const DEFAULT_WORLD: WorldRect = { x: 0, y: 0, width: 1600, height: 900 };

export class Viewport {
  /** CSS pixels per world unit. */
  readonly scale: number;
  /** Screen position (CSS px) of the view's top-left corner. */
  readonly offsetX: number;
  readonly offsetY: number;

  constructor(
    /** The world rectangle fitted into the window (the camera's view). */
    readonly view: WorldRect,
    readonly cssWidth: number,
    readonly cssHeight: number,
    readonly dpr: number = 1,
  ) {
    const w = Math.max(view.width, 1e-6);
    const h = Math.max(view.height, 1e-6);
    this.scale = Math.max(0, Math.min(cssWidth / w, cssHeight / h));
    this.offsetX = (cssWidth - view.width * this.scale) / 2;
    this.offsetY = (cssHeight - view.height * this.scale) / 2;
  }

  worldToScreen(x: number, y: number): Point {
    return {
      x: this.offsetX + (x - this.view.x) * this.scale,
      y: this.offsetY + (y - this.view.y) * this.scale,
    };
  }

  screenToWorld(x: number, y: number): Point {
    const s = this.scale > 0 ? this.scale : 1;
    return {
      x: this.view.x + (x - this.offsetX) / s,
      y: this.view.y + (y - this.offsetY) / s,
    };
  }

  /** A world rectangle on screen, CSS px. */
  rectToScreen(r: WorldRect): WorldRect {
    const p = this.worldToScreen(r.x, r.y);
    return { x: p.x, y: p.y, width: r.width * this.scale, height: r.height * this.scale };
  }

  /** Whether a world point lies in the camera's view. */
  inView(p: Point): boolean {
    const w = this.view;
    return p.x >= w.x && p.y >= w.y && p.x <= w.x + w.width && p.y <= w.y + w.height;
  }

  /** Canvas backing-store size for this viewport, whole device pixels. */
  get deviceWidth(): number {
    return Math.max(1, Math.round(this.cssWidth * this.dpr));
  }

  get deviceHeight(): number {
    return Math.max(1, Math.round(this.cssHeight * this.dpr));
  }
}

export function sameRect(a: WorldRect, b: WorldRect): boolean {
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}

/** Same view, window size and pixel ratio: nothing needs redrawing for the mapping. */
export function sameViewport(a: Viewport, b: Viewport): boolean {
  return sameRect(a.view, b.view) && a.cssWidth === b.cssWidth && a.cssHeight === b.cssHeight && a.dpr === b.dpr;
}

/** The fields of a Viewport, as posted to a worker (which builds its own with `viewportOf`). */
export interface ViewportFields {
  readonly view: WorldRect;
  readonly cssWidth: number;
  readonly cssHeight: number;
  readonly dpr: number;
}

export function viewportFields(v: Viewport): ViewportFields {
  return { view: v.view, cssWidth: v.cssWidth, cssHeight: v.cssHeight, dpr: v.dpr };
}

export function viewportOf(f: ViewportFields): Viewport {
  return new Viewport(f.view, f.cssWidth, f.cssHeight, f.dpr);
}

/**
 * Gives a canvas (a page's, or an OffscreenCanvas in a worker) the viewport's backing-store
 * size, only when it differs: resizing clears it.
 */
export function fitCanvas(canvas: { width: number; height: number }, viewport: Viewport): void {
  if (canvas.width !== viewport.deviceWidth) canvas.width = viewport.deviceWidth;
  if (canvas.height !== viewport.deviceHeight) canvas.height = viewport.deviceHeight;
}
