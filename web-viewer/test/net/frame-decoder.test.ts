import { create, toBinary } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import {
  LightCodec,
  LightLayerSchema,
  ServerMessageSchema,
  World,
  type LightLayer,
} from "../../src/gen/meadow/v1/viewer_pb";
import { LightDecoder, applyDelta, undoUpPredictor } from "../../src/net/frame-decoder";
import { decodeServerMessage } from "../../src/net/messages";
import { cliZstd, cliZstdStreamed, lightPayload, rawZstd, residual, testRaster } from "../support/zstd-helpers";

const W = 40;
const H = 24;
const BOUNDS = { x: 0, y: 0, width: 1600, height: 900 };

function layer(data: Uint8Array, fields: Partial<{ key: boolean; baseFrame: bigint; width: number; height: number; channels: number }> = {}): LightLayer {
  return create(LightLayerSchema, {
    width: fields.width ?? W,
    height: fields.height ?? H,
    channels: fields.channels ?? 1,
    bounds: BOUNDS,
    codec: LightCodec.ZSTD_U8,
    key: fields.key ?? true,
    baseFrame: fields.baseFrame ?? 0n,
    data,
  });
}

type Zstd = (bytes: Uint8Array) => Uint8Array;

/** LightLayer.data of a key frame, as the server encodes it. */
const keyData = (raster: Uint8Array, zstd: Zstd = rawZstd, width = W): Uint8Array => zstd(lightPayload(raster, width));
/** LightLayer.data of a delta frame on `base`. */
const deltaData = (raster: Uint8Array, base: Uint8Array, zstd: Zstd = rawZstd, width = W): Uint8Array =>
  zstd(lightPayload(raster, width, base));

function expectRaster(result: ReturnType<LightDecoder["decode"]>, pixels: Uint8Array): void {
  expect(result.kind).toBe("raster");
  if (result.kind !== "raster") return;
  expect(Array.from(result.raster.pixels)).toEqual(Array.from(pixels));
}

describe("LightDecoder", () => {
  it("decodes a key frame written with raw zstd blocks", () => {
    const raster = testRaster(W, H, 1);
    const result = new LightDecoder().decode(10n, layer(keyData(raster)));
    expectRaster(result, raster);
    if (result.kind === "raster") {
      expect(result.raster).toMatchObject({ frameNumber: 10n, width: W, height: H, channels: 1, bounds: BOUNDS });
    }
  });

  it("decodes raw-block frames larger than one block (128 KiB)", () => {
    const raster = testRaster(400, 400, 2);
    const result = new LightDecoder().decode(1n, layer(keyData(raster, rawZstd, 400), { width: 400, height: 400 }));
    expectRaster(result, raster);
  });

  it("decodes key frames written by the zstd tool, with and without a content size", () => {
    const raster = testRaster(W, H, 3);
    expectRaster(new LightDecoder().decode(1n, layer(keyData(raster, cliZstd))), raster);
    expectRaster(new LightDecoder().decode(1n, layer(keyData(raster, cliZstdStreamed))), raster);
  });

  it("reconstructs a key followed by a chain of deltas on the previous frame", () => {
    const decoder = new LightDecoder();
    const frames = [0, 1, 2, 3].map((s) => testRaster(W, H, s));
    const [first, ...rest] = frames;
    if (!first) throw new Error("no frames");
    expectRaster(decoder.decode(100n, layer(keyData(first, cliZstd))), first);
    let previous = first;
    rest.forEach((raster, i) => {
      const number = 101n + BigInt(i);
      const delta = layer(deltaData(raster, previous, cliZstd), { key: false, baseFrame: number - 1n });
      expectRaster(decoder.decode(number, delta), raster);
      previous = raster;
    });
  });

  it("decodes the documented byte layout exactly (up predictor, then the base)", () => {
    // A 3 × 2 raster, one channel. Key payload: first row as is, second row minus the first.
    const raster = Uint8Array.from([10, 200, 0, 12, 190, 255]);
    const keyPayload = Uint8Array.from([10, 200, 0, 2, 246, 255]);
    expect(Array.from(lightPayload(raster, 3))).toEqual(Array.from(keyPayload));
    const decoder = new LightDecoder();
    const key = layer(rawZstd(keyPayload), { width: 3, height: 2 });
    expectRaster(decoder.decode(1n, key), raster);
    // Delta on it: residual = next − raster, then the up predictor on the residual.
    const next = Uint8Array.from([11, 198, 5, 12, 0, 250]);
    const res = [1, 254, 5, 0, 66, 251];
    const deltaPayload = Uint8Array.from([1, 254, 5, (0 - 1) & 255, (66 - 254) & 255, (251 - 5) & 255]);
    expect(Array.from(residual(next, raster))).toEqual(res);
    expectRaster(decoder.decode(2n, layer(rawZstd(deltaPayload), { width: 3, height: 2, key: false, baseFrame: 1n })), next);
  });

  it("decodes the swarm's two planes (intensity, then heat) as rows of width bytes, key and delta", () => {
    const decoder = new LightDecoder();
    // Planes stacked: W × 2H bytes; the server's predictor runs over rows of W bytes.
    const key = testRaster(W, 2 * H, 3);
    const next = testRaster(W, 2 * H, 4);
    const first = decoder.decode(1n, layer(keyData(key), { channels: 2 }));
    expectRaster(first, key);
    expect(first.kind === "raster" && first.raster.channels).toBe(2);
    expectRaster(decoder.decode(2n, layer(deltaData(next, key), { key: false, baseFrame: 1n, channels: 2 })), next);
  });

  it("undoes the up predictor per row of width bytes", () => {
    const bytes = Uint8Array.from([1, 2, 3, 4, 1, 1, 1, 1, 255, 0, 0, 0]);
    undoUpPredictor(bytes, 4);
    expect(Array.from(bytes)).toEqual([1, 2, 3, 4, 2, 3, 4, 5, 1, 3, 4, 5]);
  });

  it("wraps the delta modulo 256 byte by byte", () => {
    const base = Uint8Array.from([250, 5, 0, 255]);
    const target = Uint8Array.from([4, 250, 255, 0]);
    expect(Array.from(applyDelta(base, residual(target, base)))).toEqual(Array.from(target));
  });

  it("drops a delta whose base it never had, then recovers at the next key", () => {
    const decoder = new LightDecoder();
    const raster = testRaster(W, H, 5);
    const delta = layer(deltaData(raster, new Uint8Array(W * H)), { key: false, baseFrame: 41n });
    const dropped = decoder.decode(42n, delta);
    expect(dropped.kind).toBe("dropped");
    expectRaster(decoder.decode(43n, layer(keyData(raster))), raster);
  });

  it("drops a delta on a base of another size", () => {
    const decoder = new LightDecoder();
    decoder.decode(1n, layer(rawZstd(new Uint8Array(W * H))));
    const other = layer(rawZstd(new Uint8Array(10 * 10)), { key: false, baseFrame: 1n, width: 10, height: 10 });
    expect(decoder.decode(2n, other).kind).toBe("dropped");
  });

  it("keeps the latest key as a base after it leaves the short history", () => {
    const decoder = new LightDecoder(2);
    const key = testRaster(W, H, 7);
    decoder.decode(1n, layer(keyData(key)));
    for (let n = 2n; n < 6n; n++) decoder.decode(n, layer(deltaData(key, key), { key: false, baseFrame: n - 1n }));
    const target = testRaster(W, H, 8);
    expectRaster(decoder.decode(9n, layer(deltaData(target, key), { key: false, baseFrame: 1n })), target);
  });

  it("forgets every base on reset", () => {
    const decoder = new LightDecoder();
    decoder.decode(1n, layer(rawZstd(new Uint8Array(W * H))));
    decoder.reset();
    expect(decoder.decode(2n, layer(rawZstd(new Uint8Array(W * H)), { key: false, baseFrame: 1n })).kind).toBe("dropped");
  });

  describe("reports corrupt data as a value, never throws", () => {
    const raster = testRaster(W, H, 9);
    const good = keyData(raster, cliZstd);
    const cases: Array<[string, LightLayer]> = [
      ["garbage bytes", layer(Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8]))],
      ["truncated zstd", layer(good.slice(0, Math.floor(good.length / 2)))],
      ["empty data", layer(new Uint8Array(0))],
      ["wrong raster size", layer(rawZstd(lightPayload(raster.slice(1), W)))],
      ["unknown codec", create(LightLayerSchema, { ...layer(good), codec: LightCodec.UNSPECIFIED })],
      ["zero width", layer(good, { width: 0 })],
      ["missing bounds", create(LightLayerSchema, { ...layer(good), bounds: undefined })],
      ["too many channels", create(LightLayerSchema, { ...layer(good), channels: 7 })],
    ];
    it.each(cases)("%s", (_name, bad) => {
      const decoder = new LightDecoder();
      let result: ReturnType<LightDecoder["decode"]> | undefined;
      expect(() => {
        result = decoder.decode(1n, bad);
      }).not.toThrow();
      expect(result?.kind).toBe("error");
    });

    it("a corrupt frame does not become a base", () => {
      const decoder = new LightDecoder();
      decoder.decode(1n, layer(Uint8Array.from([9, 9, 9])));
      expect(decoder.decode(2n, layer(rawZstd(raster), { key: false, baseFrame: 1n })).kind).toBe("dropped");
    });
  });
});

describe("ServerMessage bytes → light raster", () => {
  it("decodes a Frame built with the generated classes", () => {
    const raster = testRaster(W, H, 11);
    const bytes = toBinary(
      ServerMessageSchema,
      create(ServerMessageSchema, {
        body: {
          case: "frame",
          value: {
            number: 7n,
            tick: 14n,
            world: World.SWARM,
            light: layer(keyData(raster, cliZstd)),
            swarm: { count: 3000 },
            viewers: 2,
          },
        },
      }),
    );
    const decoded = decodeServerMessage(bytes);
    expect(decoded.ok).toBe(true);
    if (!decoded.ok || decoded.message.body.case !== "frame") throw new Error("not a frame");
    const frame = decoded.message.body.value;
    expect(frame.swarm?.count).toBe(3000);
    expect(frame.viewers).toBe(2);
    expectRaster(new LightDecoder().decode(frame.number, frame.light), raster);
  });

  it("reports bytes that are not a ServerMessage", () => {
    const decoded = decodeServerMessage(Uint8Array.from([0xff, 0xff, 0xff, 0xff, 0x0f]));
    expect(decoded.ok).toBe(false);
  });
});
