import { describe, expect, it } from "vitest";
import { LightCodec } from "../../src/gen/meadow/v1/viewer_pb";
import type { LightBytes, LightRaster } from "../../src/net/frame-decoder";
import { VideoFrameTags } from "../../src/render/video-frame-tags";
import { MAX_PICTURES_IN_FLIGHT, PICTURES_BEHIND, VideoLightDecoder } from "../../src/render/video-light-decoder";
import { VP9_CODEC } from "../../src/render/video-support";
import type { WorldRect } from "../../src/render/viewport";
import { fakeVideoApi, picture, settle, type FakeBehaviour, type FakeDecoder } from "./video-fakes";

const W = 8;
const H = 6;
const BOUNDS: WorldRect = { x: 0, y: 0, width: 1600, height: 900 };

function vp9(key: boolean, fields: Partial<{ width: number; height: number; channels: number; layer: number }> = {}): LightBytes {
  return {
    codec: LightCodec.VP9,
    key,
    baseFrame: 0n,
    width: fields.width ?? W,
    height: fields.height ?? H,
    channels: fields.channels ?? 2,
    bounds: BOUNDS,
    data: Uint8Array.of(key ? 1 : 2),
    layer: fields.layer ?? 0,
  };
}

/** A picture whose every luma sample is `value`: which frame came out can be read off it. */
const flat = (value: number, width = W, height = H) => picture(width, height, () => value, () => 128);

function setup(behaviour: FakeBehaviour = {}) {
  const { api, decoders } = fakeVideoApi(behaviour);
  const rasters: LightRaster[] = [];
  const failures: string[] = [];
  const keyAsks: number[] = [];
  const video = new VideoLightDecoder(api, {
    picture: (raster) => rasters.push(raster),
    failed: (reason) => failures.push(reason),
    needsKey: () => keyAsks.push(1),
  });
  const decoder = (): FakeDecoder => {
    const d = decoders.at(-1);
    if (!d) throw new Error("no decoder made");
    return d;
  };
  return { video, rasters, failures, keyAsks, decoders, decoder };
}

describe("VideoFrameTags", () => {
  it("matches each picture to the tag its chunk was stamped with, dropping tags whose chunk gave none", () => {
    const tags = new VideoFrameTags();
    const tag = (n: number) => ({ frameNumber: BigInt(n), width: n, height: 1, channels: 1, bounds: BOUNDS });
    const a = tags.add(tag(1));
    const b = tags.add(tag(2));
    const c = tags.add(tag(3));
    expect(tags.take(a)?.frameNumber).toBe(1n);
    // b's picture never came out: c's takes b's tag with it.
    expect(tags.take(c)?.frameNumber).toBe(3n);
    expect(tags.take(b)).toBeUndefined();
    expect(tags.size).toBe(0);
    // After a clear, an old picture finds nothing, and new stamps never repeat old ones.
    const d = tags.add(tag(4));
    tags.clear();
    expect(tags.take(d)).toBeUndefined();
    expect(tags.add(tag(5))).toBeGreaterThan(d);
  });
});

describe("VideoLightDecoder", () => {
  it("configures at the first key frame and feeds chunks in order, stamped, key or delta", () => {
    const t = setup();
    expect(t.video.decode(1n, vp9(false), BOUNDS)).toEqual({ kind: "dropped", reason: "video frame before a key frame" });
    expect(t.decoders).toHaveLength(0);
    expect(t.video.decode(2n, vp9(true), BOUNDS)).toEqual({ kind: "queued" });
    expect(t.video.decode(3n, vp9(false), BOUNDS)).toEqual({ kind: "queued" });
    const d = t.decoder();
    expect(d.configs).toEqual([{ codec: VP9_CODEC, codedWidth: W, codedHeight: H, optimizeForLatency: true }]);
    expect(d.chunks.map((c) => c.type)).toEqual(["key", "delta"]);
    const [first, second] = d.chunks;
    expect(second!.timestamp).toBeGreaterThan(first!.timestamp);
    expect(Array.from(first!.data)).toEqual([1]);
  });

  it("draws each picture with its own frame's number, bounds and size, however late it comes out", async () => {
    const t = setup();
    const bounds = (n: number): WorldRect => ({ x: -n, y: -n, width: 1600 + 2 * n, height: 900 + 2 * n });
    t.video.decode(10n, vp9(true), bounds(10));
    t.video.decode(11n, vp9(false), bounds(11));
    t.video.decode(12n, vp9(false), bounds(12));
    // The world grew meanwhile: a new size comes with a key frame, and the decoder is configured again.
    t.video.decode(13n, vp9(true, { width: 10, height: 4 }), bounds(13));
    const d = t.decoder();
    expect(d.configs.map((c) => [c.codedWidth, c.codedHeight])).toEqual([
      [W, H],
      [10, 4],
    ]);
    d.emit(flat(10));
    d.skip(); // frame 11 gives no picture
    d.emit(flat(12));
    d.emit(flat(13, 10, 4));
    await settle();
    expect(t.rasters.map((r) => [r.frameNumber, r.bounds.x, r.width, r.height, r.pixels[0]])).toEqual([
      [10n, -10, W, H, 10],
      [12n, -12, W, H, 12],
      [13n, -13, 10, 4, 13],
    ]);
    expect(t.rasters[0]!.channels).toBe(2);
    expect(t.rasters[0]!.pixels.length).toBe(W * H * 2);
    expect(d.frames.every((f) => f.closed), "every picture closed").toBe(true);
  });

  it("drops a delta of another size than its key frame", () => {
    const t = setup();
    t.video.decode(1n, vp9(true), BOUNDS);
    expect(t.video.decode(2n, vp9(false, { width: W + 2 }), BOUNDS)).toEqual({ kind: "dropped", reason: "video frame of another size than its key frame" });
  });

  it("when behind, skips upper-layer frames until the next layer-0 frame, the chain whole", () => {
    const t = setup();
    // The server's pattern of temporal layers: 0, 2, 1, 2, 0, 2, 1, 2, …
    const layers = [0, 2, 1, 2, 0, 2, 1, 2, 0];
    const kinds = layers.map((layer, i) => t.video.decode(BigInt(i + 1), vp9(i === 0, { layer }), BOUNDS).kind);
    // Nothing came out: PICTURES_BEHIND (4) pictures in flight after the first period.
    expect(PICTURES_BEHIND).toBe(4);
    expect(kinds).toEqual(["queued", "queued", "queued", "queued", "queued", "skipped", "skipped", "skipped", "queued"]);
    // Once a layer-1 frame was left out, the layer-2 frame after it (which refers to it) is too,
    // even when decoding caught up meanwhile.
    const d = t.decoder();
    expect(t.video.decode(10n, vp9(false, { layer: 2 }), BOUNDS).kind).toBe("skipped");
    d.pending = [];
    d.decodeQueueSize = 0;
    expect(t.video.decode(11n, vp9(false, { layer: 1 }), BOUNDS)).toEqual({ kind: "skipped", reason: "video decoding behind: a layer-1 frame skipped" });
    expect(t.video.decode(12n, vp9(false, { layer: 0 }), BOUNDS).kind).toBe("queued");
  });

  it("lets no backlog grow: past the limit it drops until a key frame, which starts without the backlog", async () => {
    const t = setup();
    t.video.decode(1n, vp9(true), BOUNDS);
    const d = t.decoder();
    for (let n = 2; n <= MAX_PICTURES_IN_FLIGHT; n++) expect(t.video.decode(BigInt(n), vp9(false), BOUNDS).kind).toBe("queued");
    expect(t.keyAsks).toHaveLength(0);
    expect(t.video.decode(100n, vp9(false), BOUNDS)).toEqual({ kind: "dropped", reason: "video decoding behind: waiting for the next key frame" });
    expect(t.keyAsks).toHaveLength(1);
    // Deltas wait for the key from then on.
    const late = d.pending.slice();
    expect(t.video.decode(101n, vp9(false), BOUNDS).kind).toBe("dropped");
    expect(t.video.decode(102n, vp9(true), BOUNDS)).toEqual({ kind: "queued" });
    expect(d.resets).toBe(1);
    expect(d.configs).toHaveLength(2);
    // A picture of the backlog that still comes out is not shown.
    d.emitStamped(late[0]!.timestamp, flat(1));
    d.emit(flat(102));
    await settle();
    expect(t.rasters.map((r) => r.frameNumber)).toEqual([102n]);
    expect(d.frames.every((f) => f.closed)).toBe(true);
  });

  it("counts the decoder's own queue too", () => {
    const t = setup();
    t.video.decode(1n, vp9(true), BOUNDS);
    t.decoder().decodeQueueSize = MAX_PICTURES_IN_FLIGHT;
    expect(t.video.decode(2n, vp9(false), BOUNDS).kind).toBe("dropped");
    expect(t.video.decode(3n, vp9(false, { layer: 2 }), BOUNDS).kind).toBe("dropped");
  });

  it("after a reset waits for a key frame, configures again, and shows no picture from before it", async () => {
    const t = setup();
    t.video.decode(1n, vp9(true), BOUNDS);
    const d = t.decoder();
    const before = d.pending[0]!;
    t.video.reset();
    expect(d.state).toBe("unconfigured");
    expect(t.video.decode(2n, vp9(false), BOUNDS).kind).toBe("dropped");
    expect(t.video.decode(3n, vp9(true), BOUNDS).kind).toBe("queued");
    expect(d.configs).toHaveLength(2);
    d.emitStamped(before.timestamp, flat(1));
    d.emit(flat(3));
    await settle();
    expect(t.rasters.map((r) => r.frameNumber)).toEqual([3n]);
  });

  it("fails, closes its decoder and drops video from then on when the decoder reports an error", async () => {
    const t = setup({ decodeError: new Error("corrupt stream") });
    expect(t.video.decode(1n, vp9(true), BOUNDS).kind).toBe("queued");
    await settle();
    expect(t.failures).toEqual(["VideoDecoder: corrupt stream"]);
    expect(t.video.failed).toBe("VideoDecoder: corrupt stream");
    expect(t.decoder().state).toBe("closed");
    expect(t.video.decode(2n, vp9(true), BOUNDS)).toEqual({ kind: "dropped", reason: "video is off since its decoder failed" });
    expect(t.decoders).toHaveLength(1);
    expect(t.failures).toHaveLength(1);
  });

  it("fails when configure throws, and without WebCodecs at all", () => {
    const t = setup({ configureThrows: new TypeError("bad config") });
    expect(t.video.decode(1n, vp9(true), BOUNDS)).toEqual({ kind: "failed" });
    expect(t.failures).toEqual(["VideoDecoder.configure: bad config"]);
    expect(t.decoder().state).toBe("closed");

    const failures: string[] = [];
    const none = new VideoLightDecoder(undefined, { picture: () => undefined, failed: (r) => failures.push(r), needsKey: () => undefined });
    expect(none.decode(1n, vp9(true), BOUNDS)).toEqual({ kind: "failed" });
    expect(failures).toEqual(["no WebCodecs VideoDecoder on this thread"]);
  });

  it("fails on a picture it cannot read, closing it", async () => {
    const t = setup();
    t.video.decode(1n, vp9(true), BOUNDS);
    const frame = t.decoder().emit(flat(1, W + 2, H));
    await settle();
    expect(frame.closed).toBe(true);
    expect(t.failures).toEqual([`video picture of ${W + 2}×${H}, the frame says ${W}×${H}`]);
    expect(t.rasters).toHaveLength(0);
  });

  it("goes on with the pictures after one that could not be shown, and turns video off for it", async () => {
    const { api, decoders } = fakeVideoApi();
    const failures: string[] = [];
    const shown: bigint[] = [];
    const video = new VideoLightDecoder(api, {
      picture: (raster) => {
        if (raster.frameNumber === 1n) throw new Error("no texture");
        shown.push(raster.frameNumber);
      },
      failed: (reason) => failures.push(reason),
      needsKey: () => undefined,
    });
    video.decode(1n, vp9(true), BOUNDS);
    video.decode(2n, vp9(false), BOUNDS);
    const d = decoders[0]!;
    d.emit(flat(1));
    const second = d.emit(flat(2));
    await settle();
    expect(failures).toEqual(["showing a video picture: no texture"]);
    expect(shown).toEqual([]);
    expect(second.closed).toBe(true);
  });

  it("takes a decoder the browser reclaimed as no failure: a new one starts at the next key frame", () => {
    const t = setup();
    t.video.decode(1n, vp9(true), BOUNDS);
    const reclaimed = new Error("codec reclaimed");
    reclaimed.name = "QuotaExceededError";
    t.decoder().fail(reclaimed);
    expect(t.failures).toEqual([]);
    expect(t.video.decode(2n, vp9(false), BOUNDS).kind).toBe("dropped");
    expect(t.video.decode(3n, vp9(true), BOUNDS).kind).toBe("queued");
    expect(t.decoders).toHaveLength(2);
  });
});
