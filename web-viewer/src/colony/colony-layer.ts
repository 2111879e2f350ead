// The colony on screen, in three canvases: the things (the stump with its store, the flowers at
// their stage of life with their nectar) painted over the meadow like the rocks, the frogs
// (frog-painter.ts) over them, and the light (colony-light.ts) added onto everything. The light
// is redrawn every animation frame while the colony is watched, the frogs every animation frame
// while there are any; the things when a frame or the view changes them, and every animation
// frame while a breeze sways flowers; all are cleared when it is not watched.
import { clearCanvas, clearedContext } from "../render/canvas-2d";
import { sameViewport, type MutablePoint, type Point, type Viewport } from "../render/viewport";
import type { BreezeView } from "../wind/breeze";
import type { ColonySnapshot, FrogView } from "./colony-snapshot";
import { ColonyLightScratch, paintColonyLight, type ColonyMotion } from "./colony-light";
import { flowerLook, newFlowerLook } from "./flower-look";
import { paintFlower } from "./flower-painter";
import { paintFrogs } from "./frog-painter";
import { swayOffset } from "./flower-sway";
import { GlowSprites } from "./glow-sprites";
import { StumpPainter } from "./stump-painter";

export class ColonyLayer {
  private readonly sprites: GlowSprites;
  private readonly stump: StumpPainter;
  private readonly scratch = new ColonyLightScratch();
  private readonly look = newFlowerLook();
  private readonly sway: MutablePoint = { x: 0, y: 0 };
  private shown = false;
  /** What the things canvas shows now. */
  private thingsOf: { colony: ColonySnapshot; viewport: Viewport } | undefined;
  /** Fireflies and frogs drawn in the latest frame (in view), for the debug hook. */
  drawn = 0;
  frogsDrawn = 0;

  constructor(
    private readonly things: HTMLCanvasElement,
    private readonly light: HTMLCanvasElement,
    private readonly frogs: HTMLCanvasElement,
  ) {
    this.sprites = new GlowSprites(light.ownerDocument);
    this.stump = new StumpPainter(things.ownerDocument);
  }

  draw(viewport: Viewport, colony: ColonySnapshot, motion: ColonyMotion, timeS: number): void {
    // The things change with the frames, and with time only while the breeze sways flowers.
    const painted = this.thingsOf;
    const swaying = motion.breeze !== undefined && colony.flowers.length > 0;
    if (!painted || swaying || painted.colony !== colony || !sameViewport(painted.viewport, viewport)) {
      this.paintThings(viewport, colony, motion.breeze, timeS);
      if (painted) {
        painted.colony = colony;
        painted.viewport = viewport;
      } else this.thingsOf = { colony, viewport };
    }
    this.drawn = paintColonyLight(this.light, viewport, colony, motion, timeS, this.sprites, this.scratch);
    this.shown = true;
  }

  /** The frogs as they are now; `showReach` while the frog tool is chosen. */
  drawFrogs(viewport: Viewport, frogs: readonly FrogView[], catches: ReadonlyMap<number, Point>, showReach: boolean): void {
    // Once the last frog is gone its canvas is cleared once, then left alone.
    if (frogs.length === 0 && this.frogsDrawn === 0) return;
    this.frogsDrawn = paintFrogs(this.frogs, viewport, frogs, catches, showReach);
    this.shown = true;
  }

  clear(): void {
    if (!this.shown) return;
    clearCanvas(this.things);
    clearCanvas(this.light);
    clearCanvas(this.frogs);
    this.shown = false;
    this.thingsOf = undefined;
    this.drawn = 0;
    this.frogsDrawn = 0;
  }

  private paintThings(viewport: Viewport, colony: ColonySnapshot, breeze: BreezeView | undefined, timeS: number): void {
    const ctx = clearedContext(this.things, viewport);
    if (!ctx) return;
    const d = viewport.dpr;
    const k = viewport.scale * d;
    if (colony.stump) {
      const p = viewport.worldToScreen(colony.stump.x, colony.stump.y);
      this.stump.paint(ctx, p.x * d, p.y * d, colony.stump.radius * k, colony.store);
    }
    const look = this.look;
    const sway = this.sway;
    const ox = (viewport.offsetX - viewport.view.x * viewport.scale) * d;
    const oy = (viewport.offsetY - viewport.view.y * viewport.scale) * d;
    for (const fl of colony.flowers) {
      flowerLook(look, fl);
      swayOffset(sway, breeze, fl.id, timeS, look.give);
      const x = ox + fl.x * k;
      const y = oy + fl.y * k;
      const hx = x + (sway.x + Math.cos(look.droopAngle) * look.droop) * k;
      const hy = y + (sway.y + Math.sin(look.droopAngle) * look.droop) * k;
      paintFlower(ctx, x, y, hx, hy, k, d, fl.id, fl.nectar, look);
    }
  }
}
