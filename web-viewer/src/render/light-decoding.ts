// A world light's frames to rasters, whatever codec each came in: zstd frames (net/frame-decoder.ts)
// at once, VP9 frames (video-light-decoder.ts) later, when their pictures come out of the
// decoder. One session may see both: the server starts a viewer on zstd frames and moves it to
// video at a key frame, and back to zstd (at a zstd key frame) when the viewer's offer changes.
// So a raster is shown only when it is newer than the one shown: a video picture that comes out
// late never replaces the raster of a later zstd frame. It reports each frame's outcome (with its
// codec) and whether this thread decodes video: WebCodecs' answer first, then, if the decoder
// fails, `decodes: false` with the reason. Frame numbers only grow within one stream of frames; a
// number that does not begins another stream, and what was kept of the old one goes: the server
// numbers a replay of the night's frames in a range of their own, so back to live they fall (its
// first frame then is a key frame).
import { LightCodec } from "../gen/meadow/v1/viewer_pb";
import { LightDecoder, lightShape, type LightBytes, type LightRaster } from "../net/frame-decoder";
import type { LightCodecName, LightReport } from "./light-messages";
import { VideoLightDecoder } from "./video-light-decoder";
import { canDecodeVideoLight, type VideoCodecApi } from "./video-support";

export class LightDecoding {
  private readonly zstd = new LightDecoder();
  private readonly video: VideoLightDecoder;
  /** The frame number of the raster shown last; undefined after a reset. */
  private shownFrame: bigint | undefined;
  /** The number of the latest frame taken; undefined after a reset. */
  private takenFrame: bigint | undefined;

  constructor(
    private readonly show: (raster: LightRaster) => void,
    private readonly report: (r: LightReport) => void,
    api: VideoCodecApi | undefined,
  ) {
    this.video = new VideoLightDecoder(api, {
      picture: (raster, ms) => this.shown(raster, "vp9", ms),
      failed: (reason) => this.videoFailed(reason),
      needsKey: () => this.report({ type: "videoKey" }),
    });
    void canDecodeVideoLight(api).then((decodes) => {
      // A decoder that failed before the answer came has said the last word already.
      if (this.video.failed === undefined) this.report({ type: "video", decodes });
    });
  }

  take(frameNumber: bigint, light: LightBytes | undefined): void {
    const start = performance.now();
    if (this.takenFrame !== undefined && frameNumber <= this.takenFrame) this.reset();
    this.takenFrame = frameNumber;
    if (light?.codec === LightCodec.VP9) {
      this.takeVideo(frameNumber, light, start);
      return;
    }
    const result = this.zstd.decode(frameNumber, light);
    const ms = performance.now() - start;
    if (result.kind === "raster") this.shown(result.raster, "zstd", ms);
    else this.report({ type: "decoded", outcome: result.kind, reason: result.reason, ms, codec: codecName(light) });
  }

  /** Forget every base and the video's chain: the next frame of either codec is a key frame. */
  reset(): void {
    this.zstd.reset();
    this.video.reset();
    this.shownFrame = undefined;
    this.takenFrame = undefined;
  }

  private takeVideo(frameNumber: bigint, light: LightBytes, start: number): void {
    const shape = lightShape(light);
    const taken = typeof shape === "string" ? { kind: "error" as const, reason: shape } : this.video.decode(frameNumber, light, shape.bounds);
    // Queued: reported when its picture comes out; failed: reported by videoFailed.
    if (taken.kind === "queued" || taken.kind === "failed") return;
    this.report({ type: "decoded", outcome: taken.kind, reason: taken.reason, ms: performance.now() - start, codec: "vp9" });
  }

  private shown(raster: LightRaster, codec: LightCodecName, ms: number): void {
    if (this.shownFrame !== undefined && raster.frameNumber <= this.shownFrame) {
      this.report({ type: "decoded", outcome: "dropped", reason: "a later frame's light is shown already", ms, codec });
      return;
    }
    this.shownFrame = raster.frameNumber;
    this.show(raster);
    this.report({ type: "decoded", outcome: "raster", reason: "", ms, codec });
  }

  private videoFailed(reason: string): void {
    this.report({ type: "decoded", outcome: "error", reason, ms: 0, codec: "vp9" });
    this.report({ type: "video", decodes: false, problem: reason });
  }
}

function codecName(light: LightBytes | undefined): LightCodecName | undefined {
  if (light?.codec === LightCodec.ZSTD_U8) return "zstd";
  if (light?.codec === LightCodec.VP9) return "vp9";
  return undefined;
}
