// A decoded video picture as a light raster's planes (LIGHT_CODEC_VP9): the luma plane is the
// intensity, exactly as the zstd codec's first plane; the first chroma plane is the hot light (the
// heat times the intensity, one sample per 2 × 2 block), divided back here by the block's mean
// intensity into the heat and doubled (nearest texel) to the raster's size, so that the heat plane
// lies under the intensity plane as the zstd codec's does and the texture path takes both alike
// (the server's rule: heat_from_hot_light in server/stream/video_light.hpp). The second chroma
// plane is a flat 128 and is never read. Software decoders give I420; hardware ones may
// give NV12 (the two chroma planes interleaved in one), so both are read.
import type { VideoFrameLike } from "./video-support";

/** Where the planes lie in a copied picture, as VideoFrame.copyTo says. */
export type PlaneLayouts = readonly PlaneLayout[];

/** The light's raster shape a picture must have. */
export interface PictureShape {
  readonly width: number;
  readonly height: number;
  /** 1: intensity only; 2: intensity and heat. */
  readonly channels: number;
}

/** Bytes from one chroma sample to the next along a row: U alone (I420), or U and V interleaved (NV12). */
const CHROMA_STEP: Partial<Record<VideoPixelFormat, number>> = { I420: 1, I420A: 1, NV12: 2 };

/** Planes a light raster has at most: the intensity and the heat. */
const MAX_CHANNELS = 2;

/** Below this mean intensity of a block (grey levels) there is no heat: too dim to divide back or to show colour. */
export const HEAT_LEAST_INTENSITY = 4;

/** The heat (0 … 255) of a block whose hot light is `hot` and mean intensity `mean`, rounded as the server's decoder does. */
export function heatOfBlock(hot: number, mean: number): number {
  if (mean < HEAT_LEAST_INTENSITY) return 0;
  return Math.min(255, Math.floor((hot * 255 + (mean >> 1)) / mean));
}

/**
 * The raster's planes one after the other (intensity, then heat when `channels` is 2), from the
 * picture's bytes as copied with `layouts`; a string says why the picture cannot be read.
 */
export function lightPlanesFromPicture(format: VideoPixelFormat | null, bytes: Uint8Array, layouts: PlaneLayouts, shape: PictureShape): Uint8Array | string {
  const step = format ? CHROMA_STEP[format] : undefined;
  if (step === undefined) return `video picture format ${format ?? "unknown"} (I420 or NV12 expected)`;
  const { width, height, channels } = shape;
  if (channels < 1 || channels > MAX_CHANNELS) return `unsupported channel count ${channels}`;
  const luma = layouts[0];
  const chroma = layouts[1];
  if (!luma || (channels > 1 && !chroma)) return "video picture without its planes";
  if (!fits(bytes, luma, width, height, 1)) return "video picture's luma plane is cut short";
  const out = new Uint8Array(width * height * channels);
  for (let y = 0; y < height; y++) {
    const row = luma.offset + y * luma.stride;
    out.set(bytes.subarray(row, row + width), y * width);
  }
  if (channels === 1 || !chroma) return out;
  const chromaWidth = Math.ceil(width / 2);
  if (!fits(bytes, chroma, chromaWidth, Math.ceil(height / 2), step)) return "video picture's chroma plane is cut short";
  const heat = width * height;
  for (let cy = 0; cy < Math.ceil(height / 2); cy++) {
    const y0 = cy * 2;
    const y1 = Math.min(y0 + 1, height - 1);
    const row = chroma.offset + cy * chroma.stride;
    for (let cx = 0; cx < chromaWidth; cx++) {
      const x0 = cx * 2;
      const x1 = Math.min(x0 + 1, width - 1);
      // The block's pixels as the server counts them: an odd edge counts its last row or column twice.
      const mean = (out[y0 * width + x0]! + out[y0 * width + x1]! + out[y1 * width + x0]! + out[y1 * width + x1]! + 2) >> 2;
      const value = heatOfBlock(bytes[row + cx * step] ?? 0, mean);
      out[heat + y0 * width + x0] = value;
      out[heat + y0 * width + x1] = value;
      out[heat + y1 * width + x0] = value;
      out[heat + y1 * width + x1] = value;
    }
  }
  return out;
}

/** Whether a plane of `rows` rows of `samples` samples `step` bytes apart lies within `bytes`. */
function fits(bytes: Uint8Array, layout: PlaneLayout, samples: number, rows: number, step: number): boolean {
  if (layout.offset < 0 || layout.stride < (samples - 1) * step + 1) return false;
  return layout.offset + (rows - 1) * layout.stride + (samples - 1) * step + 1 <= bytes.length;
}

/**
 * Copies a decoded picture out of the decoder into `scratch` (grown when too small, returned
 * for the next picture) and reads its planes. The caller closes the frame.
 */
export async function copyLightPlanes(
  frame: VideoFrameLike,
  shape: PictureShape,
  scratch: Uint8Array<ArrayBuffer>,
): Promise<{ planes: Uint8Array | string; scratch: Uint8Array<ArrayBuffer> }> {
  const rect = frame.visibleRect;
  if (!rect || rect.width !== shape.width || rect.height !== shape.height) {
    return { planes: `video picture of ${rect?.width ?? 0}×${rect?.height ?? 0}, the frame says ${shape.width}×${shape.height}`, scratch };
  }
  const size = frame.allocationSize();
  const buffer = scratch.length >= size ? scratch : new Uint8Array(size);
  const layouts = await frame.copyTo(buffer);
  return { planes: lightPlanesFromPicture(frame.format, buffer.subarray(0, size), layouts, shape), scratch: buffer };
}
