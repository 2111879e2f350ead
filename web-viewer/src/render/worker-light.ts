// The page's side of the light worker (light-worker.ts): hands it the canvas's control and
// posts it every command, a frame's light bytes transferred rather than copied. It gives up (and
// says so through `onFailed`, once) when the worker cannot start, fails, or finds no WebGL2 for
// the canvas; the canvas then belongs to the worker for good, so the host draws on a new one.
import type { LightCommand, LightReport, LightWorkerReady, LightWorkerStart, LightWorkerTick } from "./light-messages";
import type { LightSettings } from "./light-renderer";

export class WorkerLight {
  readonly where = "worker";
  private readonly worker: Worker;
  /** Whether the worker draws on its own animation frames; undefined until it says. */
  private ownFrames: boolean | undefined;
  private started = false;
  private failed = false;

  constructor(
    canvas: HTMLCanvasElement,
    settings: LightSettings,
    private readonly report: (r: LightReport) => void,
    private readonly onFailed: (why: string) => void,
  ) {
    const offscreen = canvas.transferControlToOffscreen();
    this.worker = new Worker(new URL("./light-worker.ts", import.meta.url), { type: "module" });
    this.worker.addEventListener("message", (ev: MessageEvent<LightReport | LightWorkerReady>) => this.onMessage(ev.data));
    this.worker.addEventListener("error", (ev) => {
      ev.preventDefault();
      this.fail(`the light worker failed (${ev.message})`);
    });
    const start: LightWorkerStart = { type: "start", canvas: offscreen, ...settings };
    this.worker.postMessage(start, [offscreen]);
  }

  send(command: LightCommand): void {
    if (this.failed) return;
    // The bytes are a view into the WebSocket message's buffer, which nothing else reads now.
    const transfer = command.type === "light" && command.light ? [command.light.data.buffer as ArrayBuffer] : [];
    this.worker.postMessage(command, transfer);
  }

  /** The page's animation frame: only a worker without its own needs it. */
  tick(): void {
    if (this.ownFrames === false && !this.failed) this.worker.postMessage({ type: "tick" } satisfies LightWorkerTick);
  }

  private onMessage(message: LightReport | LightWorkerReady): void {
    if (this.failed) return;
    if (message.type === "ready") {
      this.ownFrames = message.ownFrames;
      return;
    }
    // The first word on the canvas decides: no WebGL2 there means drawing on the main thread.
    if (message.type === "state" && !this.started) {
      this.started = true;
      if (!message.available) {
        this.fail(message.problem ?? "no WebGL2 in the light worker");
        return;
      }
    }
    this.report(message);
  }

  private fail(why: string): void {
    if (this.failed) return;
    this.failed = true;
    this.worker.terminate();
    this.onFailed(why);
  }
}
