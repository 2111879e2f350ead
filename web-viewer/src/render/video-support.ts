// The little of WebCodecs the light's video decoding uses (LIGHT_CODEC_VP9), behind one
// interface so that tests can hand in stand-ins (Node has no WebCodecs), and the question the
// Hello's offer rests on: can this thread decode the server's VP9?

/** WebCodecs' name of the VP9 the server sends: profile 0, level 1.0, 8-bit (so 4:2:0). */
export const VP9_CODEC = "vp09.00.10.08";

/** The picture size the probe asks about: a light raster as large as the server makes them. */
const PROBE_WIDTH = 480;
const PROBE_HEIGHT = 270;

/** What the light reads of a decoded picture (a VideoFrame). */
export type VideoFrameLike = Pick<VideoFrame, "format" | "timestamp" | "visibleRect" | "allocationSize" | "copyTo" | "close">;

/** What the light does with a decoder (a VideoDecoder). */
export type VideoDecoderLike = Pick<VideoDecoder, "state" | "decodeQueueSize" | "configure" | "decode" | "reset" | "close">;

export interface VideoDecoderCallbacks {
  output(frame: VideoFrameLike): void;
  error(error: Error): void;
}

export interface VideoCodecApi {
  isConfigSupported(config: VideoDecoderConfig): Promise<VideoDecoderSupport>;
  createDecoder(callbacks: VideoDecoderCallbacks): VideoDecoderLike;
  createChunk(init: EncodedVideoChunkInit): EncodedVideoChunk;
}

/** The browser's WebCodecs on this thread (a worker's or the page's); undefined without them. */
export function browserVideoApi(): VideoCodecApi | undefined {
  if (typeof VideoDecoder === "undefined" || typeof EncodedVideoChunk === "undefined") return undefined;
  return {
    isConfigSupported: (config) => VideoDecoder.isConfigSupported(config),
    createDecoder: (callbacks) => new VideoDecoder({ output: (frame) => callbacks.output(frame), error: (e) => callbacks.error(e) }),
    createChunk: (init) => new EncodedVideoChunk(init),
  };
}

/** Whether `api` decodes the server's VP9; never throws (no answer counts as no). */
export async function canDecodeVideoLight(api: VideoCodecApi | undefined): Promise<boolean> {
  if (!api) return false;
  try {
    const support = await api.isConfigSupported({ codec: VP9_CODEC, codedWidth: PROBE_WIDTH, codedHeight: PROBE_HEIGHT });
    return support.supported === true;
  } catch {
    return false;
  }
}
