// The page's handle on a world's light, wherever it is drawn: in the light worker where
// the browser can hand a canvas to one (Worker, OffscreenCanvas, WebGL2 in the worker), else on
// the main thread, with the same renderer either way. It keeps the settings (palette, frame
// rate, view) so that a worker that fails can be replaced on the main thread as they stand.
import type { LightLayer } from "../gen/meadow/v1/viewer_pb";
import { InThreadLight } from "./in-thread-light";
import { lightBytesOf, type LightCommand, type LightReport } from "./light-messages";
import { lightOptions } from "./light-options";
import type { LightSettings } from "./light-renderer";
import type { LightRamp } from "./palette";
import { viewportFields, type Viewport } from "./viewport";
import { WorkerLight } from "./worker-light";

export type LightWhere = "worker" | "main thread";

/** `?light=main` keeps the light on the main thread (to compare, or where a worker misbehaves). */
export function lightInWorkerWanted(search: string): boolean {
  return lightOptions(search).inWorker;
}

/** What the page can do: give a canvas's control to a worker that draws with OffscreenCanvas. */
export function canDrawInWorker(canvas: HTMLCanvasElement): boolean {
  return typeof Worker !== "undefined" && typeof OffscreenCanvas !== "undefined" && typeof canvas.transferControlToOffscreen === "function";
}

export class LightHost {
  private path: WorkerLight | InThreadLight;
  private settings: LightSettings;
  private readonly report: (r: LightReport) => void;
  /** Settles with the renderer's first word on its canvas (WebGL2 there or not). */
  readonly ready: Promise<void>;

  constructor(
    private canvas: HTMLCanvasElement,
    settings: LightSettings,
    report: (r: LightReport) => void,
    inWorker: boolean,
  ) {
    this.settings = settings;
    let settle = (): void => {};
    this.ready = new Promise((done) => {
      settle = done;
    });
    this.report = (r) => {
      if (r.type === "state") settle();
      report(r);
    };
    this.path = inWorker && canDrawInWorker(canvas) ? this.startWorker() : new InThreadLight(canvas, settings, this.report);
  }

  get where(): LightWhere {
    return this.path.where;
  }

  /** A frame's light; its bytes go to the worker (transferred) and must not be read after. */
  take(frameNumber: bigint, light: LightLayer | undefined): void {
    this.path.send({ type: "light", frameNumber, light: lightBytesOf(light) });
  }

  setRamp(ramp: LightRamp): void {
    this.settings = { ...this.settings, ramp };
    this.path.send({ type: "ramp", ramp });
  }

  setFrameRate(framesPerSecond: number): void {
    this.settings = { ...this.settings, framesPerSecond };
    this.path.send({ type: "frameRate", framesPerSecond });
  }

  setViewport(viewport: Viewport): void {
    const fields = viewportFields(viewport);
    this.settings = { ...this.settings, viewport: fields };
    this.path.send({ type: "viewport", viewport: fields });
  }

  reset(): void {
    this.path.send({ type: "reset" } satisfies LightCommand);
  }

  /** Every animation frame of the page. */
  tick(nowMs: number): void {
    this.path.tick(nowMs);
  }

  show(visible: boolean): void {
    this.canvas.hidden = !visible;
  }

  private startWorker(): WorkerLight | InThreadLight {
    try {
      return new WorkerLight(this.canvas, this.settings, this.report, (why) => {
        this.path = this.fallBack(why);
      });
    } catch (e) {
      return this.fallBack(e instanceof Error ? e.message : String(e));
    }
  }

  private fallBack(why: string): InThreadLight {
    console.warn(`drawing the light on the main thread: ${why}`);
    // The old canvas's control may have gone to the worker: a fresh element in its place.
    const fresh = this.canvas.cloneNode(false) as HTMLCanvasElement;
    this.canvas.replaceWith(fresh);
    this.canvas = fresh;
    return new InThreadLight(fresh, this.settings, this.report);
  }
}
