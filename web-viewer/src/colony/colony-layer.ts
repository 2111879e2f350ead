// The colony on screen, in two canvases: the things (the stump with its store, the flowers with
// their nectar) painted over the meadow like the rocks, and the light (colony-light.ts) added
// onto everything. Both are redrawn every animation frame while the colony is watched, and
// cleared when it is not.
import { clearCanvas, clearedContext } from "../render/canvas-2d";
import type { Viewport } from "../render/viewport";
import type { ColonySnapshot, FireflyView } from "./colony-snapshot";
import { paintColonyLight } from "./colony-light";
import { paintFlower } from "./flower-painter";
import { GlowSprites } from "./glow-sprites";
import { StumpPainter } from "./stump-painter";

export class ColonyLayer {
  private readonly sprites: GlowSprites;
  private readonly stump: StumpPainter;
  private shown = false;
  /** Fireflies drawn in the latest frame (in view), for the debug hook. */
  drawn = 0;

  constructor(
    private readonly things: HTMLCanvasElement,
    private readonly light: HTMLCanvasElement,
  ) {
    this.sprites = new GlowSprites(light.ownerDocument);
    this.stump = new StumpPainter(things.ownerDocument);
  }

  draw(viewport: Viewport, colony: ColonySnapshot, fireflies: readonly FireflyView[], timeS: number): void {
    this.paintThings(viewport, colony);
    this.drawn = paintColonyLight(this.light, viewport, fireflies, colony.flowers, timeS, this.sprites);
    this.shown = true;
  }

  clear(): void {
    if (!this.shown) return;
    clearCanvas(this.things);
    clearCanvas(this.light);
    this.shown = false;
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
