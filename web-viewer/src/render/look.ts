// A phone's own look at the shared camera (docs/rules.md "The viewer · Phones": the meadow
// fills the screen in portrait and landscape; drag pans, pinch zooms). The camera's view (16:9) is
// cropped to the screen's shape so the meadow covers it with no black bands, then zoomed and moved
// by this viewer's fingers, never past the camera's view. The look is kept relative to the camera
// (a zoom over the cropped view, the centre's offset as a share of the camera's size), so when the
// world grows and the camera glides out, the look glides with it. Pure.
import type { Point, WorldRect } from "./viewport";

export interface Look {
  /** 1: the crop of the camera's view that covers the screen; 2: half as wide; … */
  readonly zoom: number;
  /** The view's centre from the camera's, in shares of the camera's width and height. */
  readonly u: number;
  readonly v: number;
}

/** Where a look starts: the middle of the camera's view, covering the screen. */
export const HOME_LOOK: Look = { zoom: 1, u: 0, v: 0 };
/** The closest a pinch goes: a quarter of the covering crop's width. */
export const MAX_LOOK_ZOOM = 4;

/** The world rectangle shown: the screen's shape, inside the camera's view. */
export function lookedView(camera: WorldRect, cssWidth: number, cssHeight: number, look: Look): WorldRect {
  if (!(cssWidth > 0 && cssHeight > 0 && camera.width > 0 && camera.height > 0)) return camera;
  const { width, height } = viewSize(camera, cssWidth / cssHeight, look.zoom);
  const cx = within(camera.x + camera.width * (0.5 + look.u), camera.x + width / 2, camera.x + camera.width - width / 2);
  const cy = within(camera.y + camera.height * (0.5 + look.v), camera.y + height / 2, camera.y + camera.height - height / 2);
  return { x: cx - width / 2, y: cy - height / 2, width, height };
}

/** The screen the look is for, CSS px. */
export interface Screen {
  readonly width: number;
  readonly height: number;
}

/**
 * The look moved by a finger's drag of (dx, dy) CSS px. Worked out from the look itself, not
 * from the view last drawn, so several moves between two animation frames all count.
 */
export function pannedLook(look: Look, camera: WorldRect, screen: Screen, dx: number, dy: number): Look {
  const view = lookedView(camera, screen.width, screen.height, look);
  const s = screen.width > 0 ? screen.width / view.width : 1;
  // The land follows the finger: the view's centre moves the other way.
  const centre = { x: view.x + view.width / 2 - dx / s, y: view.y + view.height / 2 - dy / s };
  return clampLook(lookAt(camera, look.zoom, centre), camera, screen.width, screen.height);
}

/**
 * The look after two fingers moved from `from` to `to` (CSS px): zoomed by how much further
 * apart they are, and moved so that the land under their midpoint stays under it.
 */
export function pinchedLook(look: Look, camera: WorldRect, screen: Screen, from: readonly [Point, Point], to: readonly [Point, Point]): Look {
  const view = lookedView(camera, screen.width, screen.height, look);
  if (!(screen.width > 0 && view.width > 0)) return look;
  const before = Math.hypot(from[0].x - from[1].x, from[0].y - from[1].y);
  const after = Math.hypot(to[0].x - to[1].x, to[0].y - to[1].y);
  const zoom = within(look.zoom * (before > 0 && after > 0 ? after / before : 1), 1, MAX_LOOK_ZOOM);
  const s = screen.width / view.width;
  const s2 = (s * zoom) / within(look.zoom, 1, MAX_LOOK_ZOOM);
  const m0 = midpoint(from[0], from[1]);
  const m1 = midpoint(to[0], to[1]);
  // The land under the fingers' midpoint before they moved (the view fills the screen).
  const held = { x: view.x + m0.x / s, y: view.y + m0.y / s };
  // The screen's middle shows the view's centre; the held land lies (m1 − middle) / s2 from it.
  const centre = { x: held.x - (m1.x - screen.width / 2) / s2, y: held.y - (m1.y - screen.height / 2) / s2 };
  return clampLook(lookAt(camera, zoom, centre), camera, screen.width, screen.height);
}

/** The look with its zoom in range and its centre where the view stays inside the camera's. */
export function clampLook(look: Look, camera: WorldRect, cssWidth: number, cssHeight: number): Look {
  const zoom = within(Number.isFinite(look.zoom) ? look.zoom : 1, 1, MAX_LOOK_ZOOM);
  if (!(cssWidth > 0 && cssHeight > 0 && camera.width > 0 && camera.height > 0)) return { zoom, u: 0, v: 0 };
  const view = lookedView(camera, cssWidth, cssHeight, { zoom, u: finite(look.u), v: finite(look.v) });
  return lookAt(camera, zoom, { x: view.x + view.width / 2, y: view.y + view.height / 2 });
}

/** The size of the view: the screen's shape (`aspect` = width / height) inside the camera's, over `zoom`. */
function viewSize(camera: WorldRect, aspect: number, zoom: number): { width: number; height: number } {
  let width = camera.width;
  let height = width / aspect;
  if (height > camera.height) {
    height = camera.height;
    width = height * aspect;
  }
  const z = within(zoom, 1, MAX_LOOK_ZOOM);
  return { width: width / z, height: height / z };
}

function lookAt(camera: WorldRect, zoom: number, centre: Point): Look {
  return { zoom, u: (centre.x - camera.x) / camera.width - 0.5, v: (centre.y - camera.y) / camera.height - 0.5 };
}

function midpoint(a: Point, b: Point): Point {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

function within(v: number, lo: number, hi: number): number {
  return hi < lo ? (lo + hi) / 2 : Math.min(hi, Math.max(lo, v));
}

function finite(v: number): number {
  return Number.isFinite(v) ? v : 0;
}
