// Stand-ins for WebCodecs (Node has none): a VideoDecoder whose pictures the test hands out when
// it likes (pictures come out later and in order, as a real decoder's do), decoded pictures
// (VideoFrame) laid out as I420 or NV12 with padded rows, and a way to put them where the
// viewer's own code looks for WebCodecs (globalThis), for tests that go through it.
import { vi } from "vitest";
import type { VideoCodecApi, VideoDecoderCallbacks, VideoDecoderLike, VideoFrameLike } from "../../src/render/video-support";

/** How the stand-in decoder behaves. */
export interface FakeBehaviour {
  /** isConfigSupported's answer, or "throws". */
  supported?: boolean | "throws";
  /** Throws from configure. */
  configureThrows?: Error;
  /** Reported through the error callback after every decode (a broken stream). */
  decodeError?: Error;
}

export interface FakeChunk {
  readonly type: EncodedVideoChunkType;
  readonly timestamp: number;
  readonly data: Uint8Array;
}

/** A decoded picture: its bytes as copyTo writes them and where its planes lie. */
export interface FakePicture {
  readonly format: VideoPixelFormat;
  readonly width: number;
  readonly height: number;
  readonly bytes: Uint8Array;
  readonly layouts: PlaneLayout[];
}

export class FakeFrame implements VideoFrameLike {
  closed = false;
  readonly format: VideoPixelFormat;
  readonly visibleRect: DOMRectReadOnly;

  constructor(
    readonly timestamp: number,
    private readonly picture: FakePicture,
  ) {
    this.format = picture.format;
    this.visibleRect = { x: 0, y: 0, width: picture.width, height: picture.height } as DOMRectReadOnly;
  }

  allocationSize(): number {
    return this.picture.bytes.length;
  }

  copyTo(destination: AllowSharedBufferSource): Promise<PlaneLayout[]> {
    const into = destination instanceof Uint8Array ? destination : new Uint8Array(destination as ArrayBuffer);
    into.set(this.picture.bytes);
    return Promise.resolve(this.picture.layouts.map((l) => ({ ...l })));
  }

  close(): void {
    this.closed = true;
  }
}

export class FakeDecoder implements VideoDecoderLike {
  state: CodecState = "unconfigured";
  decodeQueueSize = 0;
  readonly configs: VideoDecoderConfig[] = [];
  /** Every chunk decoded, in order. */
  readonly chunks: FakeChunk[] = [];
  /** Chunks whose pictures are not out yet. */
  pending: FakeChunk[] = [];
  resets = 0;
  readonly frames: FakeFrame[] = [];

  constructor(
    private readonly callbacks: VideoDecoderCallbacks,
    private readonly behaviour: FakeBehaviour,
  ) {}

  configure(config: VideoDecoderConfig): void {
    if (this.state === "closed") throw new Error("InvalidStateError: closed");
    if (this.behaviour.configureThrows) throw this.behaviour.configureThrows;
    this.configs.push(config);
    this.state = "configured";
  }

  decode(chunk: EncodedVideoChunk): void {
    if (this.state !== "configured") throw new Error("InvalidStateError: not configured");
    const c = chunk as unknown as FakeChunk;
    this.chunks.push(c);
    this.pending.push(c);
    const error = this.behaviour.decodeError;
    // As a browser's decoder: the error comes later, not from decode().
    if (error) queueMicrotask(() => this.fail(error));
  }

  reset(): void {
    this.state = "unconfigured";
    this.pending = [];
    this.resets += 1;
  }

  close(): void {
    this.state = "closed";
    this.pending = [];
  }

  /** The next pending chunk's picture comes out. */
  emit(picture: FakePicture): FakeFrame {
    const chunk = this.pending.shift();
    if (!chunk) throw new Error("no chunk waits for a picture");
    return this.emitStamped(chunk.timestamp, picture);
  }

  /** A picture stamped `timestamp` comes out, whatever waits. */
  emitStamped(timestamp: number, picture: FakePicture): FakeFrame {
    const frame = new FakeFrame(timestamp, picture);
    this.frames.push(frame);
    this.callbacks.output(frame);
    return frame;
  }

  /** The next pending chunk gives no picture. */
  skip(): void {
    this.pending.shift();
  }

  fail(error: Error): void {
    if (this.state === "closed") return;
    this.state = "closed";
    this.callbacks.error(error);
  }
}

/** WebCodecs as an injected VideoCodecApi; `decoders` lists those made. */
export function fakeVideoApi(behaviour: FakeBehaviour = {}): { api: VideoCodecApi; decoders: FakeDecoder[] } {
  const decoders: FakeDecoder[] = [];
  const api: VideoCodecApi = {
    isConfigSupported: (config) => (behaviour.supported === "throws" ? Promise.reject(new Error("probe failed")) : Promise.resolve({ supported: behaviour.supported ?? true, config })),
    createDecoder: (callbacks) => {
      const d = new FakeDecoder(callbacks, behaviour);
      decoders.push(d);
      return d;
    },
    createChunk: (init) => ({ type: init.type, timestamp: init.timestamp, data: init.data }) as unknown as EncodedVideoChunk,
  };
  return { api, decoders };
}

/** The same stand-ins as globalThis.VideoDecoder and EncodedVideoChunk (undo with vi.unstubAllGlobals). */
export function installFakeWebCodecs(behaviour: FakeBehaviour = {}): FakeDecoder[] {
  const { api, decoders } = fakeVideoApi(behaviour);
  // `new` on a function that returns an object gives that object.
  const VideoDecoderStub = Object.assign(
    function VideoDecoder(init: VideoDecoderInit) {
      return api.createDecoder({ output: (f) => init.output(f as VideoFrame), error: (e) => init.error(e as DOMException) });
    },
    { isConfigSupported: (config: VideoDecoderConfig) => api.isConfigSupported(config) },
  );
  const EncodedVideoChunkStub = function EncodedVideoChunk(init: EncodedVideoChunkInit) {
    return api.createChunk(init);
  };
  vi.stubGlobal("VideoDecoder", VideoDecoderStub);
  vi.stubGlobal("EncodedVideoChunk", EncodedVideoChunkStub);
  return decoders;
}

/** Padding at the end of each row, bytes: decoders align rows, so strides exceed widths. */
const ROW_PADDING = 3;
/** The second chroma plane's value everywhere (the server leaves it flat). */
const FLAT_CHROMA = 128;

/**
 * An I420 picture (or NV12, its chroma interleaved) of `width` × `height`: luma from `luma(x, y)`,
 * the first chroma plane (ceil(w/2) × ceil(h/2), the hot light) from `heat(cx, cy)`, the second flat; every row padded.
 */
export function picture(
  width: number,
  height: number,
  luma: (x: number, y: number) => number,
  heat: (cx: number, cy: number) => number,
  format: "I420" | "NV12" = "I420",
): FakePicture {
  const cw = Math.ceil(width / 2);
  const ch = Math.ceil(height / 2);
  const yStride = width + ROW_PADDING;
  const layouts: PlaneLayout[] = [{ offset: 0, stride: yStride }];
  const bytes: number[] = new Array<number>(yStride * height).fill(0);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) bytes[y * yStride + x] = luma(x, y);
  if (format === "I420") {
    const cStride = cw + ROW_PADDING;
    for (const plane of [0, 1]) {
      const offset = bytes.length;
      layouts.push({ offset, stride: cStride });
      for (let cy = 0; cy < ch; cy++) for (let cx = 0; cx < cStride; cx++) bytes.push(cx < cw ? (plane === 0 ? heat(cx, cy) : FLAT_CHROMA) : 0);
    }
  } else {
    const cStride = 2 * cw + ROW_PADDING;
    const offset = bytes.length;
    layouts.push({ offset, stride: cStride });
    for (let cy = 0; cy < ch; cy++) {
      for (let i = 0; i < cStride; i++) bytes.push(i < 2 * cw ? (i % 2 === 0 ? heat(i >> 1, cy) : FLAT_CHROMA) : 0);
    }
  }
  return { format, width, height, bytes: Uint8Array.from(bytes), layouts };
}

/** Until promises already settled have run their callbacks (pictures copied out, probes answered). */
export function settle(): Promise<void> {
  return new Promise((done) => setTimeout(done, 0));
}
