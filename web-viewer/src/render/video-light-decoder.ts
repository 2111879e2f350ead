// A world light's VP9 frames (LIGHT_CODEC_VP9) decoded by WebCodecs' VideoDecoder, on the thread
// that draws the light (its worker, or the main thread). The decoder is configured at the first
// key frame with its size and again whenever a key frame brings another size; chunks go in in
// the order frames came, and their pictures come out later, in that order, each matched to its
// frame's tag (video-frame-tags.ts) and copied out as a raster's planes (video-planes.ts).
//
// A decoder that fails (configure refused, a decode error, a picture that cannot be read) is
// closed and video stays off for this light: `failed` says so, and the page then offers the
// server zstd alone. One the browser reclaims (a page long in the background) is no failure: a
// new one starts at the next key frame.
import type { LightBytes, LightRaster } from "../net/frame-decoder";
import { VideoFrameTags, type VideoFrameTag } from "./video-frame-tags";
import { copyLightPlanes } from "./video-planes";
import { VP9_CODEC, type VideoCodecApi, type VideoDecoderLike, type VideoFrameLike } from "./video-support";
import type { WorldRect } from "./viewport";

/**
 * Pictures in the decoder (chunks sent, pictures not out yet) from which decoding counts as
 * behind: frames of the upper temporal layers are skipped then, until the next layer-0 frame.
 * No frame refers to an upper-layer frame across a layer-0 frame (docs/light-codec.md "Video",
 * "Temporal layers"), so the chain stays whole and the light moves in fewer steps for a while. It
 * happens in bursts: while the worker is held up (its WebGL on a software GPU), frames queue as
 * messages and the pictures come out only after all of them went in.
 */
export const PICTURES_BEHIND = 4;
/**
 * Pictures in the decoder at most: three seconds of frames at 30 a second, and more with the
 * upper layers skipped. A burst after the worker was held up is decoded whole (a picture takes
 * the decoder about a millisecond; its WebGL context alone held a worker up 7 s on a loaded
 * software GPU), but past this even the layer-0 frames are too many for this thread, so frames
 * are dropped until the next key frame, which starts without the backlog.
 */
export const MAX_PICTURES_IN_FLIGHT = 90;

/** The error WebCodecs closes a decoder with when the browser reclaims it. */
const RECLAIMED = "QuotaExceededError";

export interface VideoLightEvents {
  /** A picture decoded as a raster; `ms`: this thread's time copying it out. */
  picture(raster: LightRaster, ms: number): void;
  /** The decoder failed: closed, and video is off for this light. */
  failed(reason: string): void;
  /**
   * Decoding fell so far behind that it waits for a key frame: the server sends one soon when the
   * viewer says hello again (it restarts a viewer's video), rather than at its next periodic key.
   */
  needsKey(): void;
}

export type VideoTake =
  /** In the decoder: its picture comes through `picture` later. */
  | { readonly kind: "queued" }
  | { readonly kind: "dropped"; readonly reason: string }
  /** An upper-layer frame left out while decoding is behind. */
  | { readonly kind: "skipped"; readonly reason: string }
  /** The decoder failed on it (and said so through `failed`). */
  | { readonly kind: "failed" };

export class VideoLightDecoder {
  private decoder: VideoDecoderLike | undefined;
  /** The picture size the decoder is configured for. */
  private configured: { readonly width: number; readonly height: number } | undefined;
  private readonly tags = new VideoFrameTags();
  /** After a start, a reset or a backlog: delta frames are useless until the next key frame. */
  private waitingForKey = true;
  /** Upper-layer frames are left out until the next layer-0 frame (decoding was behind at one of them). */
  private skippingUpperLayers = false;
  private failure: string | undefined;
  /** Pictures are copied out one after the other, so that rasters leave in the order pictures came. */
  private copying: Promise<void> = Promise.resolve();
  private scratch: Uint8Array<ArrayBuffer> = new Uint8Array(0);
  /** Grows at each reset and failure: a picture copied out across one is not shown. */
  private generation = 0;

  constructor(
    private readonly api: VideoCodecApi | undefined,
    private readonly events: VideoLightEvents,
  ) {}

  /** Why video is off for this light; undefined while it works. */
  get failed(): string | undefined {
    return this.failure;
  }

  decode(frameNumber: bigint, light: LightBytes, bounds: WorldRect): VideoTake {
    if (this.failure !== undefined) return { kind: "dropped", reason: "video is off since its decoder failed" };
    const api = this.api;
    if (!api) {
      this.fail("no WebCodecs VideoDecoder on this thread");
      return { kind: "failed" };
    }
    if (light.key) {
      if (!this.startAt(api, light.width, light.height)) return { kind: "failed" };
    } else {
      const refused = this.refusedDelta(light);
      if (refused) return refused;
    }
    const decoder = this.decoder;
    if (!decoder) return { kind: "failed" };
    const tag: VideoFrameTag = { frameNumber, width: light.width, height: light.height, channels: light.channels, bounds };
    const timestamp = this.tags.add(tag);
    try {
      decoder.decode(api.createChunk({ type: light.key ? "key" : "delta", timestamp, data: light.data }));
    } catch (e) {
      this.fail(`VideoDecoder.decode: ${messageOf(e)}`);
      return { kind: "failed" };
    }
    return { kind: "queued" };
  }

  /** Why a delta frame is not decoded; undefined when it is. */
  private refusedDelta(light: LightBytes): VideoTake | undefined {
    if (this.waitingForKey || !this.decoder) return { kind: "dropped", reason: "video frame before a key frame" };
    if (this.configured?.width !== light.width || this.configured.height !== light.height) {
      return { kind: "dropped", reason: "video frame of another size than its key frame" };
    }
    const inFlight = this.inFlight(this.decoder);
    if (light.layer > 0) {
      if (!this.skippingUpperLayers && inFlight < PICTURES_BEHIND) return undefined;
      this.skippingUpperLayers = true;
      return { kind: "skipped", reason: `video decoding behind: a layer-${light.layer} frame skipped` };
    }
    if (inFlight >= MAX_PICTURES_IN_FLIGHT) {
      this.waitingForKey = true;
      this.events.needsKey();
      return { kind: "dropped", reason: "video decoding behind: waiting for the next key frame" };
    }
    this.skippingUpperLayers = false;
    return undefined;
  }

  /** Another world, a lost link: what is being decoded is moot, and the next frame is a key. */
  reset(): void {
    this.generation += 1;
    this.tags.clear();
    this.waitingForKey = true;
    this.skippingUpperLayers = false;
    this.configured = undefined;
    if (this.decoder?.state === "configured") this.decoder.reset();
  }

  /** A key frame: a decoder configured for its size, without a backlog. False: it failed. */
  private startAt(api: VideoCodecApi, width: number, height: number): boolean {
    this.waitingForKey = false;
    this.skippingUpperLayers = false;
    const decoder = this.decoder ?? this.create(api);
    if (!decoder) return false;
    try {
      if (this.inFlight(decoder) >= MAX_PICTURES_IN_FLIGHT) {
        // What is queued is late already; the key frame needs none of it.
        decoder.reset();
        this.tags.clear();
        this.generation += 1;
      }
      if (decoder.state !== "configured" || this.configured?.width !== width || this.configured.height !== height) {
        decoder.configure({ codec: VP9_CODEC, codedWidth: width, codedHeight: height, optimizeForLatency: true });
        this.configured = { width, height };
      }
    } catch (e) {
      this.fail(`VideoDecoder.configure: ${messageOf(e)}`);
      return false;
    }
    return true;
  }

  private create(api: VideoCodecApi): VideoDecoderLike | undefined {
    try {
      const decoder = api.createDecoder({
        output: (frame) => this.onPicture(frame),
        error: (e) => this.onError(decoder, e),
      });
      this.decoder = decoder;
      return decoder;
    } catch (e) {
      this.fail(`VideoDecoder: ${messageOf(e)}`);
      return undefined;
    }
  }

  /** Pictures not out yet: ours (tags) or, should it count more, the decoder's own queue. */
  private inFlight(decoder: VideoDecoderLike): number {
    return Math.max(decoder.decodeQueueSize, this.tags.size);
  }

  private onError(decoder: VideoDecoderLike, error: Error): void {
    if (decoder !== this.decoder) return;
    if (error.name === RECLAIMED) {
      this.decoder = undefined;
      this.reset();
      return;
    }
    this.fail(`VideoDecoder: ${error.message || error.name}`);
  }

  private onPicture(frame: VideoFrameLike): void {
    const tag = this.tags.take(frame.timestamp);
    if (!tag || this.failure !== undefined) {
      frame.close();
      return;
    }
    const generation = this.generation;
    // Never rejected: one picture that could not be shown must not hold up those after it.
    this.copying = this.copying
      .then(() => this.copyOut(frame, tag, generation))
      .catch((e: unknown) => this.fail(`showing a video picture: ${messageOf(e)}`));
  }

  private async copyOut(frame: VideoFrameLike, tag: VideoFrameTag, generation: number): Promise<void> {
    const start = performance.now();
    let planes: Uint8Array | string;
    try {
      const copied = await copyLightPlanes(frame, tag, this.scratch);
      this.scratch = copied.scratch;
      planes = copied.planes;
    } catch (e) {
      planes = `copying a video picture: ${messageOf(e)}`;
    } finally {
      frame.close();
    }
    if (generation !== this.generation || this.failure !== undefined) return;
    if (typeof planes === "string") this.fail(planes);
    else this.events.picture({ ...tag, pixels: planes }, performance.now() - start);
  }

  private fail(reason: string): void {
    if (this.failure !== undefined) return;
    this.failure = reason;
    this.generation += 1;
    this.tags.clear();
    const decoder = this.decoder;
    this.decoder = undefined;
    if (decoder && decoder.state !== "closed") decoder.close();
    this.events.failed(reason);
  }
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message || e.name : String(e);
}
