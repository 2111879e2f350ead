// A world light's frames as the server sends them, in either codec, for the light's tests:
// zstd key and delta frames (real zstd data, raw blocks) and VP9 frames (whose bytes the
// stand-in decoder of video-fakes.ts never reads).
import { LightCodec } from "../../src/gen/meadow/v1/viewer_pb";
import type { LightBytes } from "../../src/net/frame-decoder";
import type { WorldRect } from "../../src/render/viewport";
import { lightPayload, rawZstd, testRaster } from "../support/zstd-helpers";

export const LIGHT_W = 8;
export const LIGHT_H = 6;
/** The swarm's light: intensity and heat. */
export const LIGHT_CHANNELS = 2;
export const LIGHT_BOUNDS: WorldRect = { x: 0, y: 0, width: 1600, height: 900 };

/** A raster of both planes (stacked rows), different for each seed. */
export function lightRaster(seed: number): Uint8Array {
  return testRaster(LIGHT_W, LIGHT_H * LIGHT_CHANNELS, seed);
}

function layer(codec: LightCodec, key: boolean, baseFrame: bigint, data: Uint8Array, temporalLayer = 0): LightBytes {
  return { codec, key, baseFrame, width: LIGHT_W, height: LIGHT_H, channels: LIGHT_CHANNELS, bounds: LIGHT_BOUNDS, data, layer: temporalLayer };
}

export function zstdKey(raster: Uint8Array): LightBytes {
  return layer(LightCodec.ZSTD_U8, true, 0n, rawZstd(lightPayload(raster, LIGHT_W)));
}

export function zstdDelta(raster: Uint8Array, base: Uint8Array, baseFrame: bigint): LightBytes {
  return layer(LightCodec.ZSTD_U8, false, baseFrame, rawZstd(lightPayload(raster, LIGHT_W, base)));
}

/** `temporalLayer`: 0 … 2 (a key frame is layer 0). */
export function vp9Frame(key: boolean, temporalLayer = 0): LightBytes {
  return layer(LightCodec.VP9, key, 0n, Uint8Array.of(key ? 1 : 0), temporalLayer);
}
