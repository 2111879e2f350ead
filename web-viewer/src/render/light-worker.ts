// A world's light drawn in a worker (rendering off the main thread where
// the browser allows): the page hands it the light canvas's control (an OffscreenCanvas) and then
// every frame's light bytes (transferred); it decodes them (zstd here, VP9 video with the worker's
// own WebCodecs) and draws with WebGL2 on its own animation frames, so neither the decoding nor the
// drawing ever holds up the page. Where a worker has no requestAnimationFrame it draws on the
// page's ticks instead.
import { LightRenderer } from "./light-renderer";
import type { LightCommand, LightReport, LightWorkerReady, LightWorkerStart, LightWorkerTick } from "./light-messages";

/**
 * When whatever paces the drawing (animation frames, the page's ticks) has not come for this
 * long, ms, a frame's light is drawn as soon as it is decoded, at most this often: a compositor
 * too busy to ask for frames (headless Chromium under load asked for one a second) must not freeze it.
 */
const STALLED_MS = 100;

interface WorkerScope {
  addEventListener(type: "message", listener: (ev: MessageEvent<LightWorkerStart | LightWorkerTick | LightCommand>) => void): void;
  postMessage(message: LightReport | LightWorkerReady): void;
  requestAnimationFrame?: (callback: (time: number) => void) => number;
}

const scope = globalThis as unknown as WorkerScope;
let renderer: LightRenderer | undefined;
let lastDrawAt = Number.NEGATIVE_INFINITY;

scope.addEventListener("message", (ev) => {
  const message = ev.data;
  if (message.type === "start") {
    start(message);
    return;
  }
  if (message.type === "tick") {
    draw(performance.now());
    return;
  }
  renderer?.handle(message);
});

/** A raster reached the GPU (a zstd frame as it came, a video picture later): drawn now if the pacing stalled. */
function rasterShown(): void {
  const now = performance.now();
  if (now - lastDrawAt > STALLED_MS) draw(now);
}

function draw(now: number): void {
  lastDrawAt = now;
  renderer?.draw(now);
}

function start(message: LightWorkerStart): void {
  const frame = scope.requestAnimationFrame?.bind(scope);
  scope.postMessage({ type: "ready", ownFrames: frame !== undefined });
  renderer = new LightRenderer(message.canvas, message, (report) => scope.postMessage(report), rasterShown);
  if (!frame) return;
  // performance.now(), not the callback's time: frames are stamped with it on arrival.
  const loop = (): void => {
    draw(performance.now());
    frame(loop);
  };
  frame(loop);
}
