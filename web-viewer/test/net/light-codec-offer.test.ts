import { describe, expect, it } from "vitest";
import { LightCodec } from "../../src/gen/meadow/v1/viewer_pb";
import { KEY_ASK_INTERVAL_MS, LightCodecOffer } from "../../src/net/light-codec-offer";
import { lightInWorkerWanted } from "../../src/render/light-host";
import { lightOptions } from "../../src/render/light-options";

function offer(search = "") {
  let changes = 0;
  const o = new LightCodecOffer(search, () => {
    changes += 1;
  });
  return { offer: o, changes: () => changes };
}

describe("?light=", () => {
  it("turns the worker off with main and the video off with zstd, alone or together", () => {
    expect(lightOptions("")).toEqual({ inWorker: true, video: true });
    expect(lightOptions("?light=main")).toEqual({ inWorker: false, video: true });
    expect(lightOptions("?light=zstd")).toEqual({ inWorker: true, video: false });
    expect(lightOptions("?light=main,zstd")).toEqual({ inWorker: false, video: false });
    expect(lightOptions("?light=zstd&light=main&palette=tropical")).toEqual({ inWorker: false, video: false });
    expect(lightInWorkerWanted("?light=zstd")).toBe(true);
    expect(lightInWorkerWanted("?light=main")).toBe(false);
  });
});

describe("LightCodecOffer: which codecs the Hello offers", () => {
  it("offers VP9 only once the light's renderer says WebCodecs decodes it", () => {
    const t = offer();
    const light = {};
    expect(t.offer.codecs).toEqual([]);
    t.offer.answered(light, true);
    expect(t.offer.codecs).toEqual([LightCodec.VP9]);
    expect(t.changes()).toBe(1);
  });

  it("offers nothing but zstd when isConfigSupported says no", () => {
    const t = offer();
    t.offer.answered({}, false);
    expect(t.offer.codecs).toEqual([]);
    expect(t.changes()).toBe(0);
  });

  it("offers nothing but zstd with ?light=zstd", () => {
    const t = offer("?light=zstd");
    t.offer.answered({}, true);
    expect(t.offer.codecs).toEqual([]);
    expect(t.offer.video).toBe(false);
    expect(t.changes()).toBe(0);
  });

  it("needs every light that answered to decode it, the latest answer of each counting", () => {
    const t = offer();
    const swarm = {};
    const mold = {};
    t.offer.answered(swarm, true);
    t.offer.answered(mold, false);
    expect(t.offer.codecs).toEqual([]);
    t.offer.answered(mold, true);
    expect(t.offer.codecs).toEqual([LightCodec.VP9]);
    expect(t.changes()).toBe(3);
  });

  it("says hello again for a key frame when a decoder waits for one, at most once a second", () => {
    let now = 0;
    let changes = 0;
    const o = new LightCodecOffer("", () => (changes += 1), () => now);
    o.needsKey();
    expect(changes).toBe(0);
    o.answered({}, true);
    expect(changes).toBe(1);
    o.needsKey();
    expect(changes).toBe(2);
    expect(o.codecs).toEqual([LightCodec.VP9]);
    now = KEY_ASK_INTERVAL_MS - 1;
    o.needsKey();
    expect(changes).toBe(2);
    now = KEY_ASK_INTERVAL_MS;
    o.needsKey();
    expect(changes).toBe(3);
  });

  it("turns video off for good when a decoder fails, and keeps why", () => {
    const t = offer();
    const light = {};
    t.offer.answered(light, true);
    t.offer.failed("VideoDecoder: bad stream");
    expect(t.offer.codecs).toEqual([]);
    expect(t.offer.problem).toBe("VideoDecoder: bad stream");
    expect(t.changes()).toBe(2);
    // A renderer made again (the worker's fallback) that answers yes does not bring it back.
    t.offer.answered(light, true);
    t.offer.failed("another");
    expect(t.offer.codecs).toEqual([]);
    expect(t.offer.problem).toBe("VideoDecoder: bad stream");
    expect(t.changes()).toBe(2);
  });
});
