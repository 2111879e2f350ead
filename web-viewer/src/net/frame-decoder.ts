// Turns the LightLayer of each Frame back into the raster the server rendered.
// Codec LIGHT_CODEC_ZSTD_U8, exactly as docs/light-codec.md defines it:
//   residual R = raster (key) or (raster − base) mod 256 (delta; base = the decoded raster of
//   Frame.number == base_frame); payload P = R with PNG's "up" row predictor
//   (P[i] = R[i] − R[i − row] mod 256 below the first row); data = one zstd frame of P.
// Results are values, never exceptions, so corrupt bytes cannot break the render loop.
import { decompress } from "fzstd";
import { LightCodec } from "../gen/meadow/v1/viewer_pb";
import type { WorldRect } from "../render/viewport";

/** The server's kLightMaxRasterBytes (4 MiB): anything bigger is refused before decoding. */
const MAX_RASTER_BYTES = 1 << 22;

/**
 * The fields of a Frame's LightLayer the decoder reads, as plain values: the protobuf message
 * itself fits, and so does the copy posted to the light worker (light-messages.ts).
 */
export interface LightBytes {
  readonly codec: LightCodec;
  readonly key: boolean;
  readonly baseFrame: bigint;
  readonly width: number;
  readonly height: number;
  readonly channels: number;
  readonly bounds?: WorldRect | undefined;
  readonly data: Uint8Array;
  /** Video codecs: the frame's temporal layer (0 … 2); frames of upper layers may be skipped. */
  readonly layer: number;
}

export interface LightRaster {
  readonly frameNumber: bigint;
  readonly width: number;
  readonly height: number;
  readonly channels: number;
  /** The world-space rectangle the raster covers; row 0 is its top (world y = bounds.y). */
  readonly bounds: WorldRect;
  readonly pixels: Uint8Array;
}

export type LightDecodeResult =
  | { readonly kind: "raster"; readonly raster: LightRaster }
  /** Expected now and then (a delta whose base we never saw): wait for the next key. */
  | { readonly kind: "dropped"; readonly reason: string }
  /** The bytes are wrong: report it, keep running. */
  | { readonly kind: "error"; readonly reason: string };

export class LightDecoder {
  /** Recent rasters by frame number, oldest first (a Map keeps insertion order). */
  private readonly recent = new Map<bigint, LightRaster>();
  /** The latest key is kept even when it falls out of `recent`: servers may delta against it. */
  private lastKey: LightRaster | undefined;

  constructor(private readonly historySize = 8) {}

  /** Forget every base, e.g. after a reconnect: the server starts the new session with a key. */
  reset(): void {
    this.recent.clear();
    this.lastKey = undefined;
  }

  decode(frameNumber: bigint, layer: LightBytes | undefined): LightDecodeResult {
    if (!layer) return { kind: "dropped", reason: "frame without light" };
    if (layer.codec !== LightCodec.ZSTD_U8) return { kind: "error", reason: `unknown light codec ${layer.codec}` };
    const shape = lightShape(layer);
    if (typeof shape === "string") return { kind: "error", reason: shape };

    let base: LightRaster | undefined;
    if (!layer.key) {
      base = this.find(layer.baseFrame);
      if (!base) return { kind: "dropped", reason: `delta on unknown base frame ${layer.baseFrame}` };
      if (base.width !== layer.width || base.height !== layer.height || base.channels !== layer.channels) {
        return { kind: "dropped", reason: `delta on base frame ${layer.baseFrame} of another size` };
      }
    }

    let bytes: Uint8Array;
    try {
      bytes = decompress(layer.data);
    } catch (e) {
      return { kind: "error", reason: `zstd: ${e instanceof Error ? e.message : String(e)}` };
    }
    if (bytes.length !== shape.size) {
      return { kind: "error", reason: `raster has ${bytes.length} bytes, expected ${shape.size}` };
    }

    // The channels are planes one after the other (intensity, then heat): rows of `width` bytes.
    undoUpPredictor(bytes, layer.width);
    const pixels = base ? applyDelta(base.pixels, bytes) : bytes;
    const raster: LightRaster = {
      frameNumber,
      width: layer.width,
      height: layer.height,
      channels: layer.channels,
      bounds: shape.bounds,
      pixels,
    };
    this.remember(raster, layer.key);
    return { kind: "raster", raster };
  }

  private find(frameNumber: bigint): LightRaster | undefined {
    const hit = this.recent.get(frameNumber);
    if (hit) return hit;
    return this.lastKey?.frameNumber === frameNumber ? this.lastKey : undefined;
  }

  private remember(raster: LightRaster, key: boolean): void {
    if (key) this.lastKey = raster;
    this.recent.delete(raster.frameNumber);
    this.recent.set(raster.frameNumber, raster);
    while (this.recent.size > this.historySize) {
      const oldest = this.recent.keys().next();
      if (oldest.done) break;
      this.recent.delete(oldest.value);
    }
  }
}

/** In place: each row adds the already rebuilt row above it (top to bottom), mod 256. */
export function undoUpPredictor(bytes: Uint8Array, row: number): void {
  for (let i = row; i < bytes.length; i++) bytes[i] = (bytes[i] ?? 0) + (bytes[i - row] ?? 0);
}

/** (base + delta) mod 256, byte by byte; Uint8Array stores wrap modulo 256 by definition. */
export function applyDelta(base: Uint8Array, delta: Uint8Array): Uint8Array {
  const out = new Uint8Array(base.length);
  for (let i = 0; i < out.length; i++) out[i] = (base[i] ?? 0) + (delta[i] ?? 0);
  return out;
}

/** A raster's size in bytes and its bounds, whatever its codec, or why they cannot be drawn. */
export function lightShape(layer: LightBytes): { size: number; bounds: WorldRect } | string {
  const { width, height, channels } = layer;
  if (width === 0 || height === 0) return "empty raster";
  if (channels < 1 || channels > 4) return `unsupported channel count ${channels}`;
  const size = width * height * channels;
  if (size > MAX_RASTER_BYTES) return `raster too large (${width}×${height}×${channels})`;
  const b = layer.bounds;
  if (!b || !(b.width > 0) || !(b.height > 0) || !Number.isFinite(b.x) || !Number.isFinite(b.y)) {
    return "light without valid bounds";
  }
  return { size, bounds: { x: b.x, y: b.y, width: b.width, height: b.height } };
}
