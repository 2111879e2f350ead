// What passes between the page and a world's light renderer (light-renderer.ts), wherever it
// runs: commands to it and reports from it. In the light worker they are the messages posted
// each way (plain, structured-cloneable values); on the main thread the same values are handed
// over by call, so both paths speak one language.
import type { LightLayer } from "../gen/meadow/v1/viewer_pb";
import type { LightBytes } from "../net/frame-decoder";
import type { LightRamp } from "./palette";
import type { ViewportFields } from "./viewport";

/** Page → renderer. */
export type LightCommand =
  /** A frame's light (undefined: the frame had none), in the order frames arrived. */
  | { readonly type: "light"; readonly frameNumber: bigint; readonly light: LightBytes | undefined }
  | { readonly type: "ramp"; readonly ramp: LightRamp }
  | { readonly type: "frameRate"; readonly framesPerSecond: number }
  | { readonly type: "viewport"; readonly viewport: ViewportFields }
  /** Forget the light shown and every base raster (another world, a lost link, a new session). */
  | { readonly type: "reset" };

/** The first message to the worker: the canvas it draws into (transferred) and the settings so far. */
export interface LightWorkerStart {
  readonly type: "start";
  readonly canvas: OffscreenCanvas;
  readonly ramp: LightRamp;
  readonly framesPerSecond: number;
  readonly viewport: ViewportFields;
}

/** Draw now: the page's animation frame, for a worker without requestAnimationFrame. */
export interface LightWorkerTick {
  readonly type: "tick";
}

/**
 * What became of a frame's light: shown; dropped (it could not be, e.g. a delta without its base:
 * many in a row renew the link); skipped on purpose (a video frame of an upper temporal layer
 * while decoding is behind: the chain stays whole); or undecodable.
 */
export type LightOutcome = "raster" | "dropped" | "skipped" | "error";

/** The codecs a light frame comes in: LIGHT_CODEC_ZSTD_U8, LIGHT_CODEC_VP9. */
export type LightCodecName = "zstd" | "vp9";

/** Renderer → page. */
export type LightReport =
  /** Whether the light can be drawn (WebGL2 there, context not lost); `problem` says why not, when it is news for people. */
  | { readonly type: "state"; readonly available: boolean; readonly problem?: string | undefined }
  /**
   * One frame's light decoded (or not) in `ms` of this thread's time, and its codec (undefined:
   * a frame without light, or of a codec unknown here). A video frame is reported when its picture
   * comes out of the decoder, later, or at once when it is dropped.
   */
  | { readonly type: "decoded"; readonly outcome: LightOutcome; readonly reason: string; readonly ms: number; readonly codec?: LightCodecName | undefined }
  /**
   * Whether the renderer decodes light as video (VP9 with WebCodecs, on its thread): its first
   * answer, and `decodes: false` with the `problem` when its video decoder failed (video is off then).
   */
  | { readonly type: "video"; readonly decodes: boolean; readonly problem?: string | undefined }
  /** The video decoder fell behind and waits for a key frame: ask the server for one. */
  | { readonly type: "videoKey" }
  /** The first light drawn, at `epochMs` (performance.timeOrigin + now: the two threads' clocks differ). */
  | { readonly type: "firstLight"; readonly epochMs: number }
  /** Frames drawn since the last such report and the time they took, ms each. */
  | { readonly type: "drawn"; readonly durationsMs: readonly number[] };

/** The worker's first word: whether it draws on its own animation frames or waits for ticks. */
export interface LightWorkerReady {
  readonly type: "ready";
  readonly ownFrames: boolean;
}

/** A Frame's light as plain values; its bytes stay the same view (transferred, never copied). */
export function lightBytesOf(layer: LightLayer | undefined): LightBytes | undefined {
  if (!layer) return undefined;
  const b = layer.bounds;
  return {
    codec: layer.codec,
    key: layer.key,
    baseFrame: layer.baseFrame,
    width: layer.width,
    height: layer.height,
    channels: layer.channels,
    bounds: b && { x: b.x, y: b.y, width: b.width, height: b.height },
    data: layer.data,
    layer: layer.layer,
  };
}
