import { create, fromBinary } from "@bufbuild/protobuf";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ClientMessageSchema, LightCodec, ProtocolVersion, ServerMessageSchema, type ServerMessage } from "../../src/gen/meadow/v1/viewer_pb";
import { Connection, type ConnectionOptions, type ConnectionState } from "../../src/net/connection";
import { helloBytes } from "../../src/net/messages";
import { FakeSocket } from "../support/fake-socket";

const welcome = create(ServerMessageSchema, {
  body: { case: "welcome", value: { protocolVersion: ProtocolVersion.CURRENT, frameRate: 30 } },
});

function setup(options: Partial<ConnectionOptions> = {}) {
  const sockets: FakeSocket[] = [];
  const states: ConnectionState[] = [];
  const messages: ServerMessage[] = [];
  const latencies: number[] = [];
  let clock = 0;
  const connection = new Connection(
    "ws://test/ws",
    {
      onMessage: (m) => messages.push(m),
      onState: (s) => states.push(s),
      onMalformed: () => undefined,
      onLatency: (ms) => latencies.push(ms),
    },
    {
      createSocket: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s;
      },
      now: () => clock,
      random: () => 0, // no jitter: the nominal schedule
      pingIntervalMs: 1000,
      ...options,
    },
  );
  const advance = (ms: number) => {
    clock += ms;
    vi.advanceTimersByTime(ms);
  };
  const last = () => {
    const s = sockets.at(-1);
    if (!s) throw new Error("no socket");
    return s;
  };
  return { connection, sockets, states, messages, latencies, advance, last, now: () => clock };
}

describe("Connection", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("says Hello with the current protocol version once the socket opens", () => {
    const t = setup();
    t.connection.start();
    expect(t.states.at(-1)).toEqual({ kind: "connecting", attempt: 0 });
    t.last().open();
    expect(t.last().binaryType).toBe("arraybuffer");
    const hello = fromBinary(ClientMessageSchema, t.last().sent[0] ?? new Uint8Array());
    expect(hello.body.case).toBe("hello");
    if (hello.body.case === "hello") expect(hello.body.value.protocolVersion).toBe(ProtocolVersion.CURRENT);
    t.last().receive(welcome);
    expect(t.states.at(-1)).toEqual({ kind: "connected" });
    expect(t.messages).toHaveLength(1);
  });

  it("retries with a growing, capped delay while the server is away", () => {
    const t = setup();
    t.connection.start();
    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      t.last().serverCloses();
      const state = t.states.at(-1);
      if (state?.kind !== "waiting") throw new Error(`expected waiting, got ${state?.kind}`);
      expect(state.reason).toBe("server unavailable");
      delays.push(state.retryAt - t.now());
      const before = t.sockets.length;
      t.advance(state.retryAt - t.now() - 1);
      expect(t.sockets.length).toBe(before);
      t.advance(1);
      expect(t.sockets.length).toBe(before + 1);
    }
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
  });

  it("starts the schedule again after a successful welcome", () => {
    const t = setup();
    t.connection.start();
    t.last().serverCloses();
    t.advance(500);
    t.last().serverCloses();
    t.advance(1000);
    t.last().open();
    t.last().receive(welcome);
    t.last().serverCloses();
    const state = t.states.at(-1);
    expect(state?.kind === "waiting" && state.reason).toBe("server went away");
    expect(state?.kind === "waiting" && state.attempt).toBe(1);
  });

  it("pings while connected and reports the round trip", () => {
    const t = setup();
    t.connection.start();
    t.last().open();
    t.last().receive(welcome);
    t.advance(1000);
    const ping = fromBinary(ClientMessageSchema, t.last().sent[1] ?? new Uint8Array());
    expect(ping.body.case).toBe("ping");
    if (ping.body.case !== "ping") return;
    t.advance(25);
    t.last().receive(create(ServerMessageSchema, { body: { case: "pong", value: { clientTimeMs: ping.body.value.clientTimeMs } } }));
    expect(t.latencies).toEqual([25]);
  });

  it("gives up on a silent server and reconnects", () => {
    const t = setup();
    t.connection.start();
    t.last().open();
    t.last().receive(welcome);
    t.advance(11_000);
    expect(t.sockets[0]?.closed).toBe(true);
    expect(t.states.some((s) => s.kind === "waiting" && s.reason === "server stopped answering")).toBe(true);
  });

  it("does not send tool actions before the welcome", () => {
    const t = setup();
    t.connection.start();
    expect(t.connection.send(new Uint8Array([1]))).toBe(false);
    t.last().open();
    expect(t.connection.send(new Uint8Array([1]))).toBe(false);
    t.last().receive(welcome);
    expect(t.connection.send(new Uint8Array([1]))).toBe(true);
  });

  it("stays stopped after stop()", () => {
    const t = setup();
    t.connection.start();
    t.connection.stop();
    t.advance(60_000);
    expect(t.sockets).toHaveLength(1);
    expect(t.states.at(-1)).toEqual({ kind: "stopped" });
  });

  describe("the Hello's light codecs", () => {
    /** The light codecs of every Hello a socket carried. */
    const offers = (socket: FakeSocket) =>
      socket.sent.flatMap((bytes) => {
        const m = fromBinary(ClientMessageSchema, bytes);
        return m.body.case === "hello" ? [m.body.value.lightCodecs] : [];
      });

    it("says the offer as it stands at each new link", () => {
      let codecs: LightCodec[] = [];
      const t = setup({ hello: () => helloBytes(undefined, codecs) });
      t.connection.start();
      t.last().open();
      codecs = [LightCodec.VP9];
      t.last().serverCloses();
      t.advance(500);
      t.last().open();
      expect(t.sockets.map(offers)).toEqual([[[]], [[LightCodec.VP9]]]);
    });

    it("says Hello again when the offer changes, after the Welcome when it changes before", () => {
      let codecs: LightCodec[] = [];
      const t = setup({ hello: () => helloBytes(undefined, codecs) });
      t.connection.helloChanged(); // no link yet: nothing to say it on
      t.connection.start();
      t.last().open();
      codecs = [LightCodec.VP9];
      t.connection.helloChanged();
      expect(offers(t.last())).toEqual([[]]);
      t.last().receive(welcome);
      expect(offers(t.last())).toEqual([[], [LightCodec.VP9]]);
      codecs = [];
      t.connection.helloChanged();
      expect(offers(t.last())).toEqual([[], [LightCodec.VP9], []]);
    });
  });
});
