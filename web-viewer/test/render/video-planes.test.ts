import { describe, expect, it } from "vitest";
import { copyLightPlanes, heatOfBlock, lightPlanesFromPicture } from "../../src/render/video-planes";
import { FakeFrame, picture } from "./video-fakes";

const luma = (x: number, y: number): number => (x * 7 + y * 31 + 3) & 0xff;
/** The picture's first chroma plane: the hot light of each 2 × 2 block. */
const heat = (cx: number, cy: number): number => (cx * 13 + cy * 50 + 1) & 0x7f;

/**
 * The heat plane as the raster wants it: each block's hot light divided by its mean intensity
 * (an odd edge's last row or column counted twice), to 0 … 255, doubled across and down.
 */
function expectedHeat(width: number, height: number): number[] {
  const out: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const x0 = x & ~1;
      const y0 = y & ~1;
      const x1 = Math.min(x0 + 1, width - 1);
      const y1 = Math.min(y0 + 1, height - 1);
      const mean = Math.floor((luma(x0, y0) + luma(x1, y0) + luma(x0, y1) + luma(x1, y1) + 2) / 4);
      const hot = heat(x >> 1, y >> 1);
      out.push(mean < 4 ? 0 : Math.min(255, Math.floor((hot * 255 + Math.floor(mean / 2)) / mean)));
    }
  }
  return out;
}

function expectedLuma(width: number, height: number): number[] {
  const out: number[] = [];
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) out.push(luma(x, y));
  return out;
}

describe("a video picture as a light raster's planes", () => {
  it("divides a block's hot light by its mean intensity, rounded as the server's decoder does", () => {
    // The same figures as tests/stream/video_light_test.cpp (HotLightDividesBackIntoTheHeat).
    expect(heatOfBlock(30, 100)).toBe(77);
    expect(heatOfBlock(5, 25)).toBe(51);
    expect(heatOfBlock(255, 255)).toBe(255);
    expect(heatOfBlock(200, 100)).toBe(255);
    expect(heatOfBlock(1, 3)).toBe(0);
    expect(heatOfBlock(0, 0)).toBe(0);
  });

  it("takes the luma plane as the intensity and the U plane's hot light, divided back, as the heat (I420, padded rows)", () => {
    const p = picture(8, 6, luma, heat);
    const planes = lightPlanesFromPicture(p.format, p.bytes, p.layouts, { width: 8, height: 6, channels: 2 });
    if (typeof planes === "string") throw new Error(planes);
    expect(Array.from(planes.subarray(0, 48))).toEqual(expectedLuma(8, 6));
    expect(Array.from(planes.subarray(48))).toEqual(expectedHeat(8, 6));
  });

  it("reads odd sizes: the last column and row take the last chroma sample", () => {
    const p = picture(5, 3, luma, heat);
    const planes = lightPlanesFromPicture(p.format, p.bytes, p.layouts, { width: 5, height: 3, channels: 2 });
    if (typeof planes === "string") throw new Error(planes);
    expect(planes.length).toBe(5 * 3 * 2);
    expect(Array.from(planes.subarray(0, 15))).toEqual(expectedLuma(5, 3));
    expect(Array.from(planes.subarray(15))).toEqual(expectedHeat(5, 3));
    // Column 4 and row 2 lie over chroma sample (2, 1), a block of that one pixel counted four times.
    expect(planes[15 + 2 * 5 + 4]).toBe(Math.min(255, Math.floor((heat(2, 1) * 255 + Math.floor(luma(4, 2) / 2)) / luma(4, 2))));
  });

  it("gives the intensity alone to a light of one channel (the mold's)", () => {
    const p = picture(7, 5, luma, heat);
    const planes = lightPlanesFromPicture(p.format, p.bytes, p.layouts, { width: 7, height: 5, channels: 1 });
    if (typeof planes === "string") throw new Error(planes);
    expect(Array.from(planes)).toEqual(expectedLuma(7, 5));
  });

  it("reads NV12 too, the U samples of its interleaved chroma plane", () => {
    const p = picture(9, 7, luma, heat, "NV12");
    const planes = lightPlanesFromPicture(p.format, p.bytes, p.layouts, { width: 9, height: 7, channels: 2 });
    if (typeof planes === "string") throw new Error(planes);
    expect(Array.from(planes.subarray(63))).toEqual(expectedHeat(9, 7));
  });

  it("says why a picture cannot be read, never reading past its bytes", () => {
    const p = picture(8, 6, luma, heat);
    expect(lightPlanesFromPicture("RGBA", p.bytes, p.layouts, { width: 8, height: 6, channels: 2 })).toMatch(/format RGBA/);
    expect(lightPlanesFromPicture(null, p.bytes, p.layouts, { width: 8, height: 6, channels: 2 })).toMatch(/format unknown/);
    expect(lightPlanesFromPicture("I420", p.bytes.subarray(0, 40), p.layouts, { width: 8, height: 6, channels: 1 })).toMatch(/luma plane is cut short/);
    expect(lightPlanesFromPicture("I420", p.bytes.subarray(0, 70), p.layouts, { width: 8, height: 6, channels: 2 })).toMatch(/chroma plane is cut short/);
    expect(lightPlanesFromPicture("I420", p.bytes, p.layouts, { width: 8, height: 6, channels: 3 })).toMatch(/channel count 3/);
    expect(lightPlanesFromPicture("I420", p.bytes, [], { width: 8, height: 6, channels: 1 })).toMatch(/without its planes/);
  });

  it("copies a decoded frame out through a scratch buffer it keeps, and refuses one of another size", async () => {
    const frame = new FakeFrame(0, picture(8, 6, luma, heat));
    const first = await copyLightPlanes(frame, { width: 8, height: 6, channels: 2 }, new Uint8Array(0));
    expect(typeof first.planes).not.toBe("string");
    expect(first.scratch.length).toBe(frame.allocationSize());
    const again = await copyLightPlanes(frame, { width: 8, height: 6, channels: 2 }, first.scratch);
    expect(again.scratch).toBe(first.scratch);
    const wrong = await copyLightPlanes(frame, { width: 10, height: 6, channels: 2 }, first.scratch);
    expect(wrong.planes).toMatch(/video picture of 8×6, the frame says 10×6/);
  });
});
