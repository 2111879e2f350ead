// A world's light from a frame's bytes to pixels: decoded (LightDecoding: zstd, or VP9 video
// with WebCodecs), the two latest rasters on the GPU (LightLayer), blended by the cross-fade
// (CrossFade) at whatever rate it is drawn. One class for both places it runs: the light worker (light-worker.ts), or the main
// thread where the browser cannot hand a canvas to a worker (in-thread-light.ts). It takes the
// commands of light-messages.ts and says what happened in its reports.
import type { LightRaster } from "../net/frame-decoder";
import { CrossFade } from "./crossfade";
import { LightDecoding } from "./light-decoding";
import { LightLayer, type LightCanvas } from "./light-layer";
import type { LightCommand, LightReport } from "./light-messages";
import type { LightRamp } from "./palette";
import { browserVideoApi } from "./video-support";
import { viewportOf, type Viewport, type ViewportFields } from "./viewport";

/** Draw times are reported in batches this often, ms: a message a frame would be noise. */
const DRAWN_REPORT_MS = 250;

export interface LightSettings {
  readonly ramp: LightRamp;
  readonly framesPerSecond: number;
  readonly viewport: ViewportFields;
}

export class LightRenderer {
  private readonly decoding: LightDecoding;
  private readonly crossFade = new CrossFade();
  private layer: LightLayer | undefined;
  private ramp: LightRamp;
  private viewport: Viewport;
  /** Something changed since the last draw (a raster, the view, the palette). */
  private dirty = true;
  private firstLightDrawn = false;
  private readonly drawTimes: number[] = [];
  private lastDrawnReport = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly canvas: LightCanvas,
    settings: LightSettings,
    private readonly report: (r: LightReport) => void,
    /** A raster was just put on the GPU (a video picture comes out between commands): the light worker may draw at once. */
    private readonly rasterShown: () => void = () => undefined,
  ) {
    this.decoding = new LightDecoding((raster) => this.show(raster), report, browserVideoApi());
    this.ramp = settings.ramp;
    this.viewport = viewportOf(settings.viewport);
    this.crossFade.setFrameRate(settings.framesPerSecond);
    canvas.addEventListener("webglcontextlost", (ev) => {
      ev.preventDefault(); // Lets the browser restore the context later.
      this.layer = undefined;
      // No problem to announce: the browser gives the context back soon, and then it draws again.
      this.report({ type: "state", available: false });
    });
    canvas.addEventListener("webglcontextrestored", () => this.createLayer());
    this.createLayer();
  }

  get available(): boolean {
    return this.layer !== undefined;
  }

  handle(command: LightCommand): void {
    switch (command.type) {
      case "light":
        this.decoding.take(command.frameNumber, command.light);
        break;
      case "ramp":
        this.ramp = command.ramp;
        this.layer?.setRamp(command.ramp);
        this.dirty = true;
        break;
      case "frameRate":
        this.crossFade.setFrameRate(command.framesPerSecond);
        break;
      case "viewport":
        this.viewport = viewportOf(command.viewport);
        this.layer?.resize(this.viewport);
        this.dirty = true;
        break;
      case "reset":
        this.layer?.clear();
        this.decoding.reset();
        this.dirty = true;
        break;
    }
  }

  /** Draws if anything changed or a cross-fade is under way; `nowMs` on the clock frames were taken by. */
  draw(nowMs: number): void {
    const layer = this.layer;
    if (!layer || (!this.dirty && this.crossFade.settled(nowMs))) return;
    const start = performance.now();
    layer.draw(this.viewport, this.crossFade.mix(nowMs));
    this.dirty = false;
    this.drawTimes.push(performance.now() - start);
    if (!this.firstLightDrawn && layer.hasLight) {
      this.firstLightDrawn = true;
      this.report({ type: "firstLight", epochMs: performance.timeOrigin + performance.now() });
    }
    if (nowMs - this.lastDrawnReport >= DRAWN_REPORT_MS) {
      this.lastDrawnReport = nowMs;
      this.report({ type: "drawn", durationsMs: this.drawTimes.splice(0, this.drawTimes.length) });
    }
  }

  /** A decoded raster, now or later (a video picture): on the GPU, and the cross-fade towards it begins. */
  private show(raster: LightRaster): void {
    this.layer?.push(raster);
    // The clock the page's commands and draws are stamped with, in either thread.
    this.crossFade.arrived(performance.now());
    this.dirty = true;
    this.rasterShown();
  }

  private createLayer(): void {
    const layer = LightLayer.create(this.canvas, this.ramp);
    if (typeof layer === "string") {
      this.layer = undefined;
      this.report({ type: "state", available: false, problem: layer });
      return;
    }
    this.layer = layer;
    layer.resize(this.viewport);
    this.dirty = true;
    this.report({ type: "state", available: true });
  }
}
