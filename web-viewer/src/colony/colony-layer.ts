// The colony on screen, in two canvases: the things (the stump with its store, the flowers with
// their nectar) painted over the meadow like the rocks, and the light (colony-light.ts) added
// onto everything. The light is redrawn every animation frame while the colony is watched, the
// things when a frame or the view changes them; both are cleared when it is not watched.
import { clearCanvas, clearedContext } from "../render/canvas-2d";
import { sameViewport, type Viewport } from "../render/viewport";
import type { LiveEffect } from "./colony-effects";
import type { ColonySnapshot, FireflyView } from "./colony-snapshot";
import { paintColonyLight } from "./colony-light";
import { paintFlower } from "./flower-painter";
import { GlowSprites } from "./glow-sprites";
import { StumpPainter } from "./stump-painter";

export class ColonyLayer {
  private readonly sprites: GlowSprites;
  private readonly stump: StumpPainter;
  private shown = false;
  /** What the things canvas shows now. */
  private thingsOf: { readonly colony: ColonySnapshot; readonly viewport: Viewport } | undefined;
  /** Fireflies drawn in the latest frame (in view), for the debug hook. */
  drawn = 0;

  constructor(
    private readonly things: HTMLCanvasElement,
    private readonly light: HTMLCanvasElement,
  ) {
    this.sprites = new GlowSprites(light.ownerDocument);
    this.stump = new StumpPainter(things.ownerDocument);
  }

  draw(viewport: Viewport, colony: ColonySnapshot, fireflies: readonly FireflyView[], effects: readonly LiveEffect[], timeS: number): void {
    // The things change with the frames only: repainted when a new one came or the view moved.
    const painted = this.thingsOf;
    if (!painted || painted.colony !== colony || !sameViewport(painted.viewport, viewport)) {
      this.paintThings(viewport, colony);
      this.thingsOf = { colony, viewport };
    }
    this.drawn = paintColonyLight(this.light, viewport, { fireflies, flowers: colony.flowers, effects }, timeS, this.sprites);
    this.shown = true;
  }

  clear(): void {
    if (!this.shown) return;
    clearCanvas(this.things);
    clearCanvas(this.light);
    this.shown = false;
    this.thingsOf = undefined;
    this.drawn = 0;
  }

  private paintThings(viewport: Viewport, colony: ColonySnapshot): void {
    const ctx = clearedContext(this.things, viewport);
    if (!ctx) return;
    const d = viewport.dpr;
    const k = viewport.scale * d;
    if (colony.stump) {
      const p = viewport.worldToScreen(colony.stump.x, colony.stump.y);
      this.stump.paint(ctx, p.x * d, p.y * d, colony.stump.radius * k, colony.store);
    }
    for (const fl of colony.flowers) {
      const p = viewport.worldToScreen(fl.x, fl.y);
      paintFlower(ctx, p.x * d, p.y * d, k, d, fl);
    }
  }
}
