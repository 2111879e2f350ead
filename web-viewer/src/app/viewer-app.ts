// Wires the viewer together: the link, the light decoder, the layers and the tools. It holds
// the little state the viewer has (world geometry, rocks, figures) and runs the render loop.
import { Notice_Level, ProtocolVersion, type Frame, type ServerMessage, type Welcome } from "../gen/meadow/v1/viewer_pb";
import { Connection, type ConnectionState } from "../net/connection";
import { LightDecoder } from "../net/frame-decoder";
import { rectFromProto, rocksFromProto } from "../net/proto-mapping";
import { webSocketUrl } from "../net/ws-url";
import { CrossFade } from "../render/crossfade";
import { LightLayer } from "../render/light-layer";
import { paintMeadow } from "../render/meadow-painter";
import { paintRocks, type RockView } from "../render/rocks";
import { DEFAULT_WORLD, Viewport, sameRect, type WorldRect } from "../render/viewport";
import { RockTool } from "../tools/rock-tool";
import { ToolInput } from "../tools/tool-input";
import { installDebugHook } from "../debug/hook";
import { NoticeToast, type NoticeLevel } from "../ui/notice";
import { StatusLine, statusText } from "../ui/status";
import { RateMeter } from "../util/rate-meter";

export interface ViewerElements {
  readonly stage: HTMLElement;
  readonly meadow: HTMLCanvasElement;
  readonly rocks: HTMLCanvasElement;
  readonly light: HTMLCanvasElement;
  readonly status: HTMLElement;
  readonly notice: HTMLElement;
}

/** Light frames in a row that can't be decoded before the link is renewed to get a key frame. */
const RESYNC_AFTER_SECONDS = 3;
/** A decode problem is announced at most this often. */
const PROBLEM_NOTICE_MS = 10_000;

export class ViewerApp {
  private readonly connection: Connection;
  private readonly decoder = new LightDecoder();
  private readonly crossFade = new CrossFade();
  private readonly frameMeter = new RateMeter();
  private readonly statusLine: StatusLine;
  private readonly toast: NoticeToast;
  private readonly tools: ToolInput;
  private light: LightLayer | undefined;
  private lightProblem: string | undefined;

  private world: WorldRect = DEFAULT_WORLD;
  private viewport: Viewport;
  private rocks: readonly RockView[] = [];
  private frameRate = 30;
  private fireflies: number | undefined;
  private viewers: number | undefined;
  private latencyMs: number | undefined;
  private framesShown = 0;
  private dropped = 0;
  private dropStreak = 0;
  private decodeErrors = 0;
  private lastProblemNotice = Number.NEGATIVE_INFINITY;

  private layoutDirty = true;
  private lightDirty = true;
  private lastStatusAt = 0;

  constructor(private readonly el: ViewerElements) {
    this.statusLine = new StatusLine(el.status);
    this.toast = new NoticeToast(el.notice);
    this.viewport = this.measure();
    this.createLight();
    el.light.addEventListener("webglcontextlost", (ev) => {
      ev.preventDefault(); // Lets the browser restore the context later.
      this.light = undefined;
    });
    el.light.addEventListener("webglcontextrestored", () => this.createLight());

    this.connection = new Connection(webSocketUrl(window.location), {
      onMessage: (m) => this.onMessage(m),
      onState: (s) => this.onState(s),
      onMalformed: (e) => this.problem(`The server sent a message the viewer cannot read (${e}).`),
      onLatency: (ms) => {
        this.latencyMs = ms;
      },
    });

    const rockTool = new RockTool((bytes) => this.connection.send(bytes));
    this.tools = new ToolInput(el.stage, [rockTool], () => this.viewport, (tool) =>
      this.toast.show(`Not connected to the meadow yet: the ${tool.name} was not placed.`, "warning"),
    );

    window.addEventListener("resize", () => {
      this.layoutDirty = true;
    });
    this.installDebugHook();
  }

  start(): void {
    this.connection.start();
    const loop = (): void => {
      // performance.now(), not rAF's timestamp: frame arrivals are stamped with it too, and
      // headless or throttled pages can hand rAF a time well behind it.
      this.renderFrame(performance.now());
      requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  }

  private onMessage(message: ServerMessage): void {
    const body = message.body;
    switch (body.case) {
      case "welcome":
        this.onWelcome(body.value);
        break;
      case "frame":
        this.onFrame(body.value);
        break;
      case "rocks":
        this.setRocks(rocksFromProto(body.value.rocks));
        break;
      case "notice":
        this.toast.show(body.value.text || body.value.code, noticeLevel(body.value.level));
        break;
      case "pong":
      case undefined:
        break;
    }
  }

  private onWelcome(w: Welcome): void {
    if (w.protocolVersion !== ProtocolVersion.CURRENT) {
      this.toast.show(`The server speaks protocol ${w.protocolVersion}, this viewer ${ProtocolVersion.CURRENT}: reload the page.`, "warning");
    }
    this.setWorld(rectFromProto(w.worldBounds) ?? DEFAULT_WORLD);
    if (w.frameRate > 0) {
      this.frameRate = w.frameRate;
      this.crossFade.setFrameRate(w.frameRate);
    }
    this.decoder.reset();
    this.frameMeter.reset(performance.now());
    this.setRocks(rocksFromProto(w.rocks));
  }

  private onFrame(frame: Frame): void {
    this.frameMeter.mark(performance.now());
    if (frame.swarm) this.fireflies = frame.swarm.count;
    this.viewers = frame.viewers;
    const result = this.decoder.decode(frame.number, frame.light);
    if (result.kind === "raster") {
      this.dropStreak = 0;
      this.framesShown += 1;
      this.light?.push(result.raster);
      this.crossFade.arrived(performance.now());
      this.lightDirty = true;
      return;
    }
    this.dropStreak += 1;
    if (result.kind === "dropped") this.dropped += 1;
    else {
      this.decodeErrors += 1;
      this.problem(`A light frame could not be decoded (${result.reason}).`);
    }
    // The protocol has no "send me a key" message; a fresh session always starts with one.
    if (this.dropStreak > RESYNC_AFTER_SECONDS * this.frameRate) {
      this.dropStreak = 0;
      this.connection.reconnectNow("resynchronising light");
    }
  }

  private onState(state: ConnectionState): void {
    if (state.kind !== "connected" && state.kind !== "handshaking") {
      // A frozen swarm would look alive; show the bare meadow while the link is down.
      this.light?.clear();
      this.decoder.reset();
      this.frameMeter.reset(performance.now());
      this.latencyMs = undefined;
    }
    this.updateStatus(performance.now(), true);
  }

  private setWorld(world: WorldRect): void {
    if (sameRect(world, this.world)) return;
    this.world = world;
    this.layoutDirty = true;
  }

  private setRocks(rocks: readonly RockView[]): void {
    this.rocks = Object.freeze(rocks.slice());
    paintRocks(this.el.rocks, this.viewport, this.rocks);
  }

  private renderFrame(now: number): void {
    if (this.layoutDirty || this.viewportStale()) this.relayout();
    if (this.light && (this.lightDirty || !this.crossFade.settled(now))) {
      this.light.draw(this.viewport, this.crossFade.mix(now));
      this.lightDirty = !this.crossFade.settled(now);
    }
    this.updateStatus(now, false);
  }

  private relayout(): void {
    this.layoutDirty = false;
    this.viewport = this.measure();
    paintMeadow(this.el.meadow, this.viewport);
    paintRocks(this.el.rocks, this.viewport, this.rocks);
    this.light?.resize(this.viewport);
    this.lightDirty = true;
  }

  /** devicePixelRatio changes (zoom, moving to another screen) without a resize event. */
  private viewportStale(): boolean {
    return this.viewport.dpr !== (window.devicePixelRatio || 1);
  }

  private measure(): Viewport {
    const box = this.el.stage.getBoundingClientRect();
    return new Viewport(this.world, box.width, box.height, window.devicePixelRatio || 1);
  }

  private createLight(): void {
    const light = LightLayer.create(this.el.light);
    if (typeof light === "string") {
      this.light = undefined;
      this.lightProblem = "no WebGL2: light hidden";
      this.toast.show(light, "error");
      return;
    }
    this.light = light;
    this.light.resize(this.viewport);
    this.lightDirty = true;
  }

  private updateStatus(now: number, force: boolean): void {
    if (!force && now - this.lastStatusAt < 250) return;
    this.lastStatusAt = now;
    const figures = {
      fireflies: this.fireflies,
      framesPerSecond: this.frameMeter.rate(now),
      viewers: this.viewers,
      latencyMs: this.latencyMs,
      lightProblem: this.lightProblem,
    };
    this.statusLine.show(statusText(this.connection.state, figures, now));
  }

  private problem(text: string, level: NoticeLevel = "warning"): void {
    console.warn(text);
    const now = performance.now();
    if (now - this.lastProblemNotice < PROBLEM_NOTICE_MS) return;
    this.lastProblemNotice = now;
    this.toast.show(text, level);
  }

  private installDebugHook(): void {
    // The hook's getters read the app's live state; `this` inside them is the hook object.
    const app = this;
    installDebugHook({
      get connected() {
        return app.connection.state.kind === "connected";
      },
      get frames() {
        return app.framesShown;
      },
      get droppedFrames() {
        return app.dropped;
      },
      get decodeErrors() {
        return app.decodeErrors;
      },
      get rocks() {
        return app.rocks;
      },
      get fireflies() {
        return app.fireflies;
      },
      get viewers() {
        return app.viewers;
      },
      get latencyMs() {
        return app.latencyMs;
      },
      get lightAvailable() {
        return app.light !== undefined;
      },
      get tool() {
        return app.tools.activeTool.name;
      },
      worldToScreen(x: number, y: number) {
        const box = app.el.stage.getBoundingClientRect();
        const p = app.viewport.worldToScreen(x, y);
        return { x: box.left + p.x, y: box.top + p.y };
      },
    });
  }
}

function noticeLevel(level: Notice_Level): NoticeLevel {
  if (level === Notice_Level.ERROR) return "error";
  if (level === Notice_Level.WARNING) return "warning";
  return "info";
}
