// A world's light from a frame's bytes to pixels: decoded (LightDecoder), the two latest
// rasters on the GPU (LightLayer), blended by the cross-fade (CrossFade) at whatever rate it is
// drawn. One class for both places it runs: the light worker (light-worker.ts), or the main
// thread where the browser cannot hand a canvas to a worker (in-thread-light.ts). It takes the
// commands of light-messages.ts and says what happened in its reports.
import { LightDecoder, type LightBytes } from "../net/frame-decoder";
import { CrossFade } from "./crossfade";
import { LightLayer, type LightCanvas } from "./light-layer";
import type { LightCommand, LightReport } from "./light-messages";
import type { LightRamp } from "./palette";
import { viewportOf, type Viewport, type ViewportFields } from "./viewport";

/** Draw times are reported in batches this often, ms: a message a frame would be noise. */
const DRAWN_REPORT_MS = 250;

export interface LightSettings {
  readonly ramp: LightRamp;
  readonly framesPerSecond: number;
  readonly viewport: ViewportFields;
}

export class LightRenderer {
  private readonly decoder = new LightDecoder();
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
  ) {
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

  handle(command: LightCommand, nowMs: number): void {
    switch (command.type) {
      case "light":
        this.take(command.frameNumber, command.light, nowMs);
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
        this.decoder.reset();
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

  private take(frameNumber: bigint, light: LightBytes | undefined, nowMs: number): void {
    const start = performance.now();
    const result = this.decoder.decode(frameNumber, light);
    const ms = performance.now() - start;
    if (result.kind === "raster") {
      this.layer?.push(result.raster);
      this.crossFade.arrived(nowMs);
      this.dirty = true;
      this.report({ type: "decoded", outcome: "raster", reason: "", ms });
    } else this.report({ type: "decoded", outcome: result.kind, reason: result.reason, ms });
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
