import { describe, expect, it } from "vitest";
import type { LightRaster } from "../../src/net/frame-decoder";
import { LightDecoding } from "../../src/render/light-decoding";
import type { LightReport } from "../../src/render/light-messages";
import { canDecodeVideoLight } from "../../src/render/video-support";
import { LIGHT_H, LIGHT_W, lightRaster, vp9Frame, zstdDelta, zstdKey } from "./light-frames";
import { fakeVideoApi, picture, settle, type FakeBehaviour } from "./video-fakes";

function setup(behaviour: FakeBehaviour = {}) {
  const { api, decoders } = fakeVideoApi(behaviour);
  const shown: LightRaster[] = [];
  const reports: LightReport[] = [];
  const decoding = new LightDecoding((r) => shown.push(r), (r) => reports.push(r), api);
  const decoded = () => reports.flatMap((r) => (r.type === "decoded" ? [[r.outcome, r.codec, r.reason] as const] : []));
  const video = () => reports.filter((r) => r.type === "video");
  return { decoding, decoders, shown, reports, decoded, video };
}

/** A picture whose every luma sample is `value`: which frame came out can be read off it. */
const picked = (value: number) => picture(LIGHT_W, LIGHT_H, () => value, () => 128);

describe("asking whether this thread decodes the server's VP9", () => {
  it("says yes only when isConfigSupported does, and no without WebCodecs or when the probe throws", async () => {
    expect(await canDecodeVideoLight(fakeVideoApi({ supported: true }).api)).toBe(true);
    expect(await canDecodeVideoLight(fakeVideoApi({ supported: false }).api)).toBe(false);
    expect(await canDecodeVideoLight(fakeVideoApi({ supported: "throws" }).api)).toBe(false);
    expect(await canDecodeVideoLight(undefined)).toBe(false);
  });

  it("asks with the codec and size the protocol names", async () => {
    const asked: VideoDecoderConfig[] = [];
    const { api } = fakeVideoApi();
    await canDecodeVideoLight({ ...api, isConfigSupported: (c) => (asked.push(c), api.isConfigSupported(c)) });
    expect(asked).toEqual([{ codec: "vp09.00.10.08", codedWidth: 480, codedHeight: 270 }]);
  });

  it("reports the answer as the renderer's word on video", async () => {
    const yes = setup({ supported: true });
    const no = setup({ supported: false });
    await settle();
    expect(yes.video()).toEqual([{ type: "video", decodes: true }]);
    expect(no.video()).toEqual([{ type: "video", decodes: false }]);
  });
});

describe("LightDecoding: a light whose frames come in either codec", () => {
  it("shows zstd at once, video pictures as they come out, and never an older frame after a newer one", async () => {
    const t = setup();
    const r1 = lightRaster(1);
    const r2 = lightRaster(2);
    const r5 = lightRaster(5);
    const r6 = lightRaster(6);
    t.decoding.take(1n, zstdKey(r1));
    t.decoding.take(2n, zstdDelta(r2, r1, 1n));
    // The server moves this viewer to video at a key frame.
    t.decoding.take(3n, vp9Frame(true));
    t.decoding.take(4n, vp9Frame(false));
    const d = t.decoders[0]!;
    d.emit(picked(3));
    await settle();
    // And back to zstd, at a zstd key frame, while frame 4's picture is still in the decoder.
    t.decoding.take(5n, zstdKey(r5));
    t.decoding.take(6n, zstdDelta(r6, r5, 5n));
    d.emit(picked(4));
    await settle();
    expect(t.shown.map((r) => r.frameNumber)).toEqual([1n, 2n, 3n, 5n, 6n]);
    expect(Array.from(t.shown[4]!.pixels)).toEqual(Array.from(r6));
    expect(t.shown[2]!.pixels[0]).toBe(3);
    expect(t.decoded()).toEqual([
      ["raster", "zstd", ""],
      ["raster", "zstd", ""],
      ["raster", "vp9", ""],
      ["raster", "zstd", ""],
      ["raster", "zstd", ""],
      ["dropped", "vp9", "a later frame's light is shown already"],
    ]);
  });

  it("falls back: a failing video decoder is reported (an error, and video off) and zstd frames are still shown", async () => {
    const t = setup({ decodeError: new Error("bad VP9") });
    t.decoding.take(1n, vp9Frame(true));
    await settle();
    expect(t.decoders[0]!.state).toBe("closed");
    expect(t.decoded()).toEqual([["error", "vp9", "VideoDecoder: bad VP9"]]);
    // The probe's yes came after the failure's no: the failure has the last word.
    expect(t.video()).toEqual([{ type: "video", decodes: false, problem: "VideoDecoder: bad VP9" }]);
    // Frames of video still on their way are dropped; the server goes back to zstd.
    t.decoding.take(2n, vp9Frame(false));
    const r3 = lightRaster(3);
    t.decoding.take(3n, zstdKey(r3));
    t.decoding.take(4n, zstdDelta(lightRaster(4), r3, 3n));
    expect(t.shown.map((r) => r.frameNumber)).toEqual([3n, 4n]);
    expect(t.decoded().slice(1)).toEqual([
      ["dropped", "vp9", "video is off since its decoder failed"],
      ["raster", "zstd", ""],
      ["raster", "zstd", ""],
    ]);
  });

  it("forgets both codecs' chains on reset: the next frame of either must be a key", () => {
    const t = setup();
    const r1 = lightRaster(1);
    t.decoding.take(1n, zstdKey(r1));
    t.decoding.take(2n, vp9Frame(true));
    t.decoding.reset();
    t.decoding.take(3n, zstdDelta(lightRaster(3), r1, 1n));
    t.decoding.take(4n, vp9Frame(false));
    expect(t.decoded().slice(-2)).toEqual([
      ["dropped", "zstd", "delta on unknown base frame 1"],
      ["dropped", "vp9", "video frame before a key frame"],
    ]);
    // After a reset a frame numbered lower than the last shown (a new session) is shown.
    t.decoding.take(1n, zstdKey(r1));
    expect(t.shown.map((r) => r.frameNumber)).toEqual([1n, 1n]);
  });

  it("takes a frame numbered at or below the latest as a new stream (a replay of the night begun or ended): shown, the old chain gone", () => {
    const t = setup();
    const r1 = lightRaster(1);
    t.decoding.take(500n, zstdKey(r1));
    t.decoding.take(501n, zstdDelta(lightRaster(2), r1, 500n));
    // The replay's frames, numbered afresh: a key frame, then a delta on it.
    const r3 = lightRaster(3);
    t.decoding.take(1n, zstdKey(r3));
    t.decoding.take(2n, zstdDelta(lightRaster(4), r3, 1n));
    expect(t.shown.map((r) => r.frameNumber)).toEqual([500n, 501n, 1n, 2n]);
    expect(Array.from(t.shown[3]!.pixels)).toEqual(Array.from(lightRaster(4)));
    // Live again, numbered afresh once more: a delta on "frame 1" is not laid on the replay's frame 1.
    t.decoding.take(1n, zstdDelta(lightRaster(5), r3, 1n));
    expect(t.decoded().at(-1)).toEqual(["dropped", "zstd", "delta on unknown base frame 1"]);
    t.decoding.take(2n, zstdKey(lightRaster(6)));
    expect(t.shown.map((r) => r.frameNumber)).toEqual([500n, 501n, 1n, 2n, 2n]);
  });

  it("reports an upper-layer video frame left out while decoding is behind as skipped", () => {
    const t = setup();
    t.decoding.take(1n, vp9Frame(true));
    for (const n of [2n, 3n, 4n]) t.decoding.take(n, vp9Frame(false));
    t.decoding.take(5n, vp9Frame(false, 2));
    expect(t.decoded()).toEqual([["skipped", "vp9", "video decoding behind: a layer-2 frame skipped"]]);
  });

  it("reports a video frame of a shape no raster has as an error, not as a decoder failure", () => {
    const t = setup();
    t.decoding.take(1n, { ...vp9Frame(true), width: 0 });
    expect(t.decoded()).toEqual([["error", "vp9", "empty raster"]]);
    expect(t.decoders).toHaveLength(0);
  });
});
