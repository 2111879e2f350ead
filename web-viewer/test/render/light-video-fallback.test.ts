// The light's video end to end inside the viewer, with WebCodecs stood in for: the link says
// Hello at once, the light's renderer (on this thread, as with ?light=main) asks WebCodecs, the
// page's offer then says Hello again with VP9, and when the VideoDecoder fails the renderer says
// so, the page says Hello again without VP9, and the zstd frames the server goes back to are drawn.
import { create, fromBinary } from "@bufbuild/protobuf";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ClientMessageSchema, LightCodec, LightLayerSchema, ProtocolVersion, ServerMessageSchema, type LightLayer } from "../../src/gen/meadow/v1/viewer_pb";
import type { LightBytes } from "../../src/net/frame-decoder";
import { Connection } from "../../src/net/connection";
import { LightCodecOffer } from "../../src/net/light-codec-offer";
import { CLIENT_NAME, helloBytes } from "../../src/net/messages";
import { DEFAULT_PALETTE } from "../../src/render/palettes";
import { viewportFields } from "../../src/render/viewport";
import { WorldLight } from "../../src/render/world-light";
import { KeepUpMeter } from "../../src/util/keep-up";
import { FakeSocket } from "../support/fake-socket";
import { LIGHT_H, LIGHT_W, lightRaster, vp9Frame, zstdDelta, zstdKey } from "./light-frames";
import { VIEWPORT, fakeCanvas } from "../support/mold-fixtures";
import { installFakeWebCodecs, picture, settle, type FakeBehaviour } from "./video-fakes";

const welcome = create(ServerMessageSchema, {
  body: { case: "welcome", value: { protocolVersion: ProtocolVersion.CURRENT, frameRate: 30 } },
});

const asLayer = (bytes: LightBytes): LightLayer => create(LightLayerSchema, bytes);

/** The light codecs of every Hello the socket carried. */
function offers(socket: FakeSocket): LightCodec[][] {
  return socket.sent.flatMap((bytes) => {
    const m = fromBinary(ClientMessageSchema, bytes);
    return m.body.case === "hello" ? [m.body.value.lightCodecs] : [];
  });
}

/** A page's worth of light: the offer, the link saying it, and one world light on this thread. */
async function page(search: string, behaviour: FakeBehaviour) {
  const decoders = installFakeWebCodecs(behaviour);
  const socket = new FakeSocket();
  const problems: string[] = [];
  let connection: Connection | undefined;
  const offer = new LightCodecOffer(search, () => connection?.helloChanged());
  connection = new Connection(
    "ws://test/ws",
    { onMessage: () => undefined, onState: () => undefined, onMalformed: () => undefined, onLatency: () => undefined },
    { createSocket: () => socket, hello: () => helloBytes(CLIENT_NAME, offer.codecs) },
  );
  const light = new WorldLight(
    fakeCanvas(),
    { ramp: DEFAULT_PALETTE.light, framesPerSecond: 30, viewport: viewportFields(VIEWPORT) },
    {
      search: `${search}&light=main`,
      keepUp: new KeepUpMeter(),
      say: () => undefined,
      problem: (text) => problems.push(text),
      resync: () => undefined,
      videoAnswers: offer,
    },
  );
  // As the page does: the link starts at once, and the light's answer comes a moment later.
  connection.start();
  socket.open();
  socket.receive(welcome);
  await settle();
  return { decoders, socket, light, offer, problems, connection };
}

describe("the light as video, in the viewer", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("offers VP9 where WebCodecs decodes it and draws the decoded pictures", async () => {
    const t = await page("?", { supported: true });
    expect(offers(t.socket)).toEqual([[], [LightCodec.VP9]]);
    t.light.take(1n, asLayer(vp9Frame(true)));
    t.light.take(2n, asLayer(vp9Frame(false)));
    const d = t.decoders[0]!;
    for (const value of [1, 2]) d.emit(picture(LIGHT_W, LIGHT_H, () => value, () => 128));
    await settle();
    expect(t.light.framesShown).toBe(2);
    expect(t.light.framesByCodec).toEqual({ zstd: 0, vp9: 2 });
    // Behind (four pictures in the decoder): an upper-layer frame is skipped, not dropped.
    for (const n of [3n, 4n, 5n, 6n]) t.light.take(n, asLayer(vp9Frame(false)));
    t.light.take(7n, asLayer(vp9Frame(false, 2)));
    expect(t.light.skipped).toBe(1);
    expect(t.light.dropped).toBe(0);
    t.connection.stop();
  });

  it("offers zstd alone where isConfigSupported says no, and with ?light=zstd", async () => {
    const unsupported = await page("?", { supported: false });
    expect(offers(unsupported.socket)).toEqual([[]]);
    unsupported.connection.stop();
    vi.unstubAllGlobals();
    const turnedOff = await page("?light=zstd", { supported: true });
    expect(offers(turnedOff.socket)).toEqual([[]]);
    turnedOff.connection.stop();
  });

  it("falls back when the VideoDecoder errors: closed, reported, a Hello without VP9, zstd frames still drawn", async () => {
    const t = await page("?", { supported: true, decodeError: new Error("bad VP9") });
    expect(offers(t.socket)).toEqual([[], [LightCodec.VP9]]);
    t.light.take(1n, asLayer(vp9Frame(true)));
    await settle();
    expect(t.decoders[0]!.state).toBe("closed");
    expect(t.light.decodeErrors).toBe(1);
    expect(t.problems).toEqual(["A light frame could not be decoded (VideoDecoder: bad VP9)."]);
    expect(t.offer.problem).toBe("VideoDecoder: bad VP9");
    expect(offers(t.socket)).toEqual([[], [LightCodec.VP9], []]);
    // The server goes back to zstd, at a zstd key frame.
    const r2 = lightRaster(2);
    t.light.take(2n, asLayer(zstdKey(r2)));
    t.light.take(3n, asLayer(zstdDelta(lightRaster(3), r2, 2n)));
    expect(t.light.framesShown).toBe(2);
    expect(t.light.framesByCodec).toEqual({ zstd: 2, vp9: 0 });
    t.connection.stop();
  });
});
