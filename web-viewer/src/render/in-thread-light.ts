// A world's light drawn on the main thread: the fallback where the browser cannot hand a
// canvas to a worker (no OffscreenCanvas, or no WebGL2 in a worker). The same renderer as the
// light worker's, called directly; it draws on the page's animation frames.
import type { LightCommand, LightReport } from "./light-messages";
import { LightRenderer, type LightSettings } from "./light-renderer";

export class InThreadLight {
  readonly where = "main thread";
  private readonly renderer: LightRenderer;

  constructor(canvas: HTMLCanvasElement, settings: LightSettings, report: (r: LightReport) => void) {
    this.renderer = new LightRenderer(canvas, settings, report);
  }

  send(command: LightCommand): void {
    this.renderer.handle(command);
  }

  /** The page's animation frame: draw if anything moved. */
  tick(nowMs: number): void {
    this.renderer.draw(nowMs);
  }
}
