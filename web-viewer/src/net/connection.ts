// The WebSocket link to the server: connect, say Hello, keep it alive with Pings (which also
// measure latency), and come back with capped, jittered backoff whenever the server goes away
// or restarts. It knows nothing of what the messages mean beyond Welcome and Pong.
import type { ServerMessage } from "../gen/meadow/v1/viewer_pb";
import { backoffDelayMs } from "./backoff";
import { decodeServerMessage, helloBytes, pingBytes } from "./messages";

export type ConnectionState =
  | { readonly kind: "connecting"; readonly attempt: number }
  /** Socket open and Hello sent; the server has not welcomed us yet. */
  | { readonly kind: "handshaking" }
  | { readonly kind: "connected" }
  /** Waiting to retry; `retryAt` is on the `now()` clock. */
  | { readonly kind: "waiting"; readonly retryAt: number; readonly attempt: number; readonly reason: string }
  | { readonly kind: "stopped" };

export interface ConnectionEvents {
  onMessage(message: ServerMessage): void;
  onState(state: ConnectionState): void;
  /** A binary message that is not a ServerMessage: reported, the link carries on. */
  onMalformed(error: string): void;
  /** Round trip of the latest Ping, ms. */
  onLatency(ms: number): void;
}

/** The subset of WebSocket the connection uses, so tests can hand in a fake. */
export interface SocketLike {
  binaryType: BinaryType;
  readonly readyState: number;
  onopen: ((ev: Event) => unknown) | null;
  onclose: ((ev: CloseEvent) => unknown) | null;
  onerror: ((ev: Event) => unknown) | null;
  onmessage: ((ev: MessageEvent) => unknown) | null;
  send(data: ArrayBufferView<ArrayBuffer>): void;
  close(code?: number, reason?: string): void;
}

export interface ConnectionOptions {
  readonly pingIntervalMs: number;
  /** Without a Welcome this long after opening, the attempt counts as failed. */
  readonly welcomeTimeoutMs: number;
  /** Without any message this long, the server is taken as gone (it streams 30 frames a second). */
  readonly silenceTimeoutMs: number;
  readonly createSocket: (url: string) => SocketLike;
  /** The Hello as it stands now (the light codecs it offers can change): said on every new link. */
  readonly hello: () => Uint8Array<ArrayBuffer>;
  readonly now: () => number;
  readonly random: () => number;
}

const OPEN = 1;

const defaults: ConnectionOptions = {
  pingIntervalMs: 2000,
  welcomeTimeoutMs: 10_000,
  silenceTimeoutMs: 10_000,
  createSocket: (url) => new WebSocket(url),
  hello: () => helloBytes(),
  now: () => performance.now(),
  random: () => Math.random(),
};

type Timer = ReturnType<typeof setTimeout>;

export class Connection {
  private readonly options: ConnectionOptions;
  private socket: SocketLike | undefined;
  private attempt = 0;
  private retryTimer: Timer | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private lastHeard = 0;
  private openedAt = 0;
  private welcomed = false;
  /** The Hello changed after this link said it and before the Welcome: say it again then. */
  private helloAfterWelcome = false;
  private stopped = true;
  private stateNow: ConnectionState = { kind: "stopped" };

  constructor(
    private readonly url: string,
    private readonly events: ConnectionEvents,
    options: Partial<ConnectionOptions> = {},
  ) {
    this.options = { ...defaults, ...options };
  }

  get state(): ConnectionState {
    return this.stateNow;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.attempt = 0;
    this.open();
  }

  stop(): void {
    this.stopped = true;
    this.clearTimers();
    this.dropSocket();
    this.setState({ kind: "stopped" });
  }

  /** Sends when connected; returns false (and drops the message) otherwise. */
  send(bytes: Uint8Array<ArrayBuffer>): boolean {
    if (!this.socket || this.socket.readyState !== OPEN || !this.welcomed) return false;
    this.socket.send(bytes);
    return true;
  }

  /**
   * What the Hello says changed (the light codecs offered): say Hello again, since a later Hello
   * replaces the offer. Before the Welcome it waits for it; without a link the next one says it.
   */
  helloChanged(): void {
    if (this.welcomed) this.send(this.options.hello());
    else if (this.socket?.readyState === OPEN) this.helloAfterWelcome = true;
  }

  /** Closes the link and connects again at once, e.g. to get a fresh key frame. */
  reconnectNow(reason: string): void {
    if (this.stopped) return;
    this.dropSocket();
    this.clearTimers();
    this.attempt = 0;
    this.scheduleRetry(reason, 0);
  }

  private open(): void {
    this.clearTimers();
    this.welcomed = false;
    this.helloAfterWelcome = false;
    this.setState({ kind: "connecting", attempt: this.attempt });
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(this.url);
    } catch (e) {
      this.fail(e instanceof Error ? e.message : "cannot open a WebSocket");
      return;
    }
    socket.binaryType = "arraybuffer";
    this.socket = socket;
    socket.onopen = () => {
      if (socket !== this.socket) return;
      this.openedAt = this.lastHeard = this.options.now();
      this.setState({ kind: "handshaking" });
      socket.send(this.options.hello());
      this.startKeepAlive();
    };
    socket.onmessage = (ev) => {
      if (socket !== this.socket) return;
      this.onData(ev.data);
    };
    socket.onclose = () => {
      if (socket !== this.socket) return;
      this.fail(this.welcomed ? "server went away" : "server unavailable");
    };
    // An error is always followed by close; handling it there keeps one retry per failure.
    socket.onerror = () => undefined;
  }

  private onData(data: unknown): void {
    this.lastHeard = this.options.now();
    if (!(data instanceof ArrayBuffer)) {
      this.events.onMalformed("text message on a binary protocol");
      return;
    }
    const decoded = decodeServerMessage(new Uint8Array(data));
    if (!decoded.ok) {
      this.events.onMalformed(decoded.error);
      return;
    }
    const body = decoded.message.body;
    if (body.case === "welcome" && !this.welcomed) {
      this.welcomed = true;
      this.attempt = 0;
      this.setState({ kind: "connected" });
      if (this.helloAfterWelcome) {
        this.helloAfterWelcome = false;
        this.send(this.options.hello());
      }
    } else if (body.case === "pong") {
      const sent = Number(body.value.clientTimeMs);
      const rtt = this.options.now() - sent;
      if (Number.isFinite(rtt) && rtt >= 0) this.events.onLatency(rtt);
    }
    this.events.onMessage(decoded.message);
  }

  private startKeepAlive(): void {
    this.pingTimer = setInterval(() => {
      const now = this.options.now();
      if (!this.welcomed && now - this.openedAt > this.options.welcomeTimeoutMs) {
        this.dropSocket();
        this.fail("no welcome from the server");
        return;
      }
      if (now - this.lastHeard > this.options.silenceTimeoutMs) {
        this.dropSocket();
        this.fail("server stopped answering");
        return;
      }
      if (this.welcomed) this.send(pingBytes(now));
    }, this.options.pingIntervalMs);
  }

  private fail(reason: string): void {
    this.dropSocket();
    this.clearTimers();
    if (this.stopped) return;
    const delay = backoffDelayMs(this.attempt, this.options.random());
    this.attempt += 1;
    this.scheduleRetry(reason, delay);
  }

  private scheduleRetry(reason: string, delayMs: number): void {
    this.setState({
      kind: "waiting",
      retryAt: this.options.now() + delayMs,
      attempt: this.attempt,
      reason,
    });
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if (!this.stopped) this.open();
    }, delayMs);
  }

  private dropSocket(): void {
    const s = this.socket;
    this.socket = undefined;
    this.welcomed = false;
    if (!s) return;
    s.onopen = s.onmessage = s.onerror = null;
    s.onclose = null;
    try {
      s.close();
    } catch {
      // Closing a socket that never opened may throw in some browsers; it is gone either way.
    }
  }

  private clearTimers(): void {
    if (this.retryTimer !== undefined) clearTimeout(this.retryTimer);
    if (this.pingTimer !== undefined) clearInterval(this.pingTimer);
    this.retryTimer = this.pingTimer = undefined;
  }

  private setState(state: ConnectionState): void {
    this.stateNow = state;
    this.events.onState(state);
  }
}
