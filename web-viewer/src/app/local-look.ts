// This viewer's own look at the meadow on a touch screen (render/look.ts): the meadow covers the
// screen, and fingers pan and zoom it (tools/touch-navigation.ts decides which fingers do).
// Touch screens only (the media query's coarse pointer): a desktop, a gallery wall and a kiosk
// show the shared camera's whole view, as every other viewer does.
import { HOME_LOOK, lookedView, pannedLook, pinchedLook, type Look, type Screen } from "../render/look";
import type { Point, WorldRect } from "../render/viewport";

/** Screens whose main pointer is a finger. */
export const COVER_QUERY = "(pointer: coarse)";

export class LocalLook {
  look: Look = HOME_LOOK;
  private readonly query: MediaQueryList | undefined;

  constructor(
    view: Window,
    /** The camera's view now (gliding) and the stage's size, CSS px. */
    private readonly camera: () => WorldRect,
    private readonly screen: () => Screen,
    /** False in kiosk mode: a gallery wall shows the whole view whatever its screen. */
    allowed = true,
  ) {
    this.query = allowed ? view.matchMedia?.(COVER_QUERY) : undefined;
  }

  /** Whether the meadow covers the screen and fingers move the view. */
  get covers(): boolean {
    return this.query?.matches ?? false;
  }

  /** The world rectangle shown for the camera's view `camera` on a screen of `width` × `height` CSS px. */
  view(camera: WorldRect, width: number, height: number): WorldRect {
    return this.covers ? lookedView(camera, width, height, this.look) : camera;
  }

  pan(dx: number, dy: number): void {
    this.look = pannedLook(this.look, this.camera(), this.screen(), dx, dy);
  }

  pinch(from: readonly [Point, Point], to: readonly [Point, Point]): void {
    this.look = pinchedLook(this.look, this.camera(), this.screen(), from, to);
  }
}
