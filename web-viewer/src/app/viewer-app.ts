// Wires the viewer together: the link, the worlds' views (worlds/), the ground, the rocks, the
// air, the tools and the status line, and runs the render loop. Frames say which world they
// show: each goes to that world's view, and the view of the latest frame's world is drawn;
// what another world left on screen goes when it changes. Every frame brings the breeze, which
// the air layer (motes, gust streaks) draws over every world. The night replayed (n, replay/) changes
// where the frames come from: there the page forgets what it kept of them, as after a dropped link.
import { Notice_Level, ProtocolVersion, type Frame, type ServerMessage, type Welcome } from "../gen/meadow/v1/viewer_pb";
import { Connection, type ConnectionState } from "../net/connection";
import { LightCodecOffer } from "../net/light-codec-offer";
import { CLIENT_NAME, chooseWorldBytes, helloBytes } from "../net/messages";
import { rectFromProto, rocksFromProto } from "../net/proto-mapping";
import { schemasOf } from "../settings/settings-schema";
import { webSocketUrl } from "../net/ws-url";
import { CameraGlide } from "../render/camera-glide";
import { GroundLayer } from "../land/ground-layer";
import { paintRocks, type RockView } from "../render/rocks";
import { DEFAULT_WORLD, Viewport, sameRect, sameViewport, type WorldRect } from "../render/viewport";
import { AirLayer } from "../wind/air-layer";
import { breezeFromProto, type BreezeView } from "../wind/breeze";
import { NoticeToast, type NoticeLevel } from "../ui/notice";
import { StartCard } from "../ui/start-card";
import { StatusLine, statusText } from "../ui/status";
import { MusicPlayer } from "../music/music-player";
import { setUpSound } from "../music/sound-setup";
import { busyFor, frameCostMs } from "../debug/frame-cost";
import { DurationStats } from "../util/duration-stats";
import { KeepUpMeter, type KeepUp } from "../util/keep-up";
import { RateMeter } from "../util/rate-meter";
import { viewerWorlds } from "../worlds/viewer-worlds";
import { Gallery } from "../gallery/gallery";
import { replayEveryFromSearch } from "../gallery/replay-schedule";
import { wallLanguage } from "../captions/caption-strings";
import { ReplayControl } from "../replay/replay-control";
import { ReplayPage } from "../replay/replay-page";
import { turnFromSearch } from "../gallery/turn-schedule";
import { WorldChoice, worldFromSearch } from "../worlds/world-choice";
import type { WorldRegistry } from "../worlds/world-registry";
import { worldEnum, worldName, type WorldName, type WorldView } from "../worlds/world-view";
import { Controls } from "./controls";
import { Kiosk, isKiosk } from "./kiosk";
import { LocalLook } from "./local-look";
import { NO_LOCKS, locksFromProto, sameLocks } from "./locks";
import { PaletteChoice } from "./palette-choice";
import { announceStart, toggleSound } from "./sound-hook";
import { installViewerDebug } from "./viewer-debug";

export interface ViewerElements {
  readonly stage: HTMLElement;
  readonly meadow: HTMLCanvasElement;
  readonly rocks: HTMLCanvasElement;
  /** The air over every world: motes, gust streaks (added on). */
  readonly air: HTMLCanvasElement;
  readonly status: HTMLElement;
  readonly notice: HTMLElement;
  readonly toolbar: HTMLElement;
  readonly sliders: HTMLElement;
  readonly help: HTMLElement;
  /** The start card, the phone's ⋯ button and its panel. */
  readonly start: HTMLElement;
  readonly moreButton: HTMLButtonElement;
  readonly more: HTMLElement;
}

/** A decode problem is announced at most this often. */
const PROBLEM_NOTICE_MS = 10_000;
/** The page's drawing waits at most this long for the worlds to be ready (the light's renderer to start), ms. */
const READY_WAIT_MS = 2000;
/** In kiosk mode, a server that speaks another protocol (a new build) gets the page reloaded after this, ms. */
const KIOSK_RELOAD_MS = 5000;
/** An edge server's notice that its sim restarts (server/edge/edge_link.cpp): frames stop a while. */
const MEADOW_RETURNING = "meadow_returning";
/** The status line is rewritten at most this often, ms. */
const STATUS_EVERY_MS = 250;
/** Notices kept for the debug hook. */
const NOTICES_KEPT = 50;

export class ViewerApp {
  readonly connection: Connection;
  /** The light codecs the Hello offers (zstd, and VP9 where WebCodecs decodes it); a change says Hello again. */
  readonly lightCodecs = new LightCodecOffer(window.location.search, () => this.connection.helloChanged());
  readonly frameMeter = new RateMeter();
  /** Frames received since the page loaded (any world, live or replayed), for the debug hook. */
  framesReceived = 0;
  private readonly statusLine: StatusLine;
  private readonly toast: NoticeToast;
  readonly controls: Controls;
  readonly ground: GroundLayer;
  readonly camera = new CameraGlide();
  readonly air: AirLayer;
  readonly worlds: WorldRegistry;
  /** A wall that shows the worlds in turn (`?kiosk&turn=`): it opens on the first it names. */
  private readonly turnAsk = turnFromSearch(window.location.search);
  readonly worldChoice = new WorldChoice(worldFromSearch(window.location.search) ?? this.turnAsk?.worlds?.[0]);
  /** The music (docs/rules.md "The music"): listens to every frame of the world shown. */
  private readonly music = new MusicPlayer();
  /** The view of the latest frame's world: what is drawn; undefined before the first frame. */
  shown: WorldView | undefined;
  /** The breeze of the latest frame (any world); undefined without one. */
  breeze: BreezeView | undefined;

  world: WorldRect = DEFAULT_WORLD;
  /** This viewer's own look on a touch screen: the meadow covers it, fingers pan and zoom. */
  readonly look: LocalLook;
  viewport: Viewport;
  rocks: readonly RockView[] = [];
  private frameRate = 30;
  sessionId: bigint | undefined;
  latencyMs: number | undefined;
  readonly notices: { code: string; text: string }[] = [];
  private lastProblemNotice = Number.NEGATIVE_INFINITY;

  private layoutDirty = true;
  private groundDirty = true;
  private lastRenderAt: number | undefined;
  private lastStatusAt = 0;

  // The experience around the meadow: palette, start card, kiosk, locks, timings.
  readonly paletteChoice = new PaletteChoice(window.location.search, storage());
  readonly kiosk = isKiosk(window.location.search) ? new Kiosk(document) : undefined;
  readonly startCard: StartCard;
  private locks = NO_LOCKS;
  readonly frameTimes = new DurationStats();
  /** Captions, the rings round one's own things, and on a wall the join card and the idle tour. */
  readonly gallery: Gallery;
  /** "Tonight so far": the night replayed from the server's journal (n). */
  readonly replay: ReplayControl;
  /** An edge said its meadow is coming back, and no frame has come since. */
  private meadowReturning = false;
  /**
   * Whether this device keeps up (docs/rules.md "The viewer · Status line"), for the status line.
   */
  private readonly keepUp = new KeepUpMeter();
  keptUp: KeepUp = { behind: false, judged: false, load: 0, displayHz: 60, fireflies: undefined };
  /** Extra work per animation frame that `?frame-cost=` asks for, ms (to try a weak device). */
  private readonly frameCostMs = frameCostMs(window.location.search);

  constructor(readonly el: ViewerElements) {
    this.statusLine = new StatusLine(el.status);
    this.toast = new NoticeToast(el.notice);
    this.look = new LocalLook(
      window,
      () => this.camera.rect ?? this.world,
      () => {
        const box = el.stage.getBoundingClientRect();
        return { width: box.width, height: box.height };
      },
      this.kiosk === undefined,
    );
    this.viewport = this.measure(DEFAULT_WORLD);
    this.air = new AirLayer(el.air);
    this.ground = new GroundLayer(el.meadow);
    this.ground.setPalette(this.paletteChoice.palette);

    this.connection = new Connection(
      webSocketUrl(window.location),
      {
        onMessage: (m) => this.onMessage(m),
        onState: (s) => this.onState(s),
        onMalformed: (e) => this.problem(`The server sent a message the viewer cannot read (${e}).`),
        onLatency: (ms) => {
          this.latencyMs = ms;
        },
      },
      { hello: () => helloBytes(CLIENT_NAME, this.lightCodecs.codecs) },
    );

    const worlds = viewerWorlds(
      el.stage,
      {
        palette: this.paletteChoice.palette,
        framesPerSecond: this.frameRate,
        viewport: this.viewport,
        search: window.location.search,
        keepUp: this.keepUp,
        sessionId: () => this.sessionId,
        say: (text, level) => this.toast.show(text, level),
        problem: (text) => this.problem(text),
        resync: (reason) => this.connection.reconnectNow(reason),
        videoAnswers: this.lightCodecs,
      },
      {
        send: (bytes) => this.connection.send(bytes),
        touch: (bytes) => !this.controls.mayTouch(true) || this.connection.send(bytes),
        menu: el.more,
      },
    );
    this.worlds = worlds.registry;

    const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
    const language = wallLanguage(languages);
    this.replay = new ReplayControl({
      ui: new ReplayPage(el.stage, language, {
        live: () => this.replay.stop(performance.now()),
        speed: (s) => this.replay.speed(s),
        seek: (position) => this.replay.seek(position, performance.now()),
      }),
      send: (bytes) => this.connection.send(bytes),
      say: (text, level) => this.toast.show(text, level),
      sourceChanged: () => this.forgetFrames(),
      leaveLive: () => this.controls.letGo(),
      language,
    });
    this.controls = new Controls(el, {
      send: (bytes) => this.connection.send(bytes),
      say: (text, level) => this.toast.show(text, level),
      views: this.worlds.views,
      viewport: () => this.viewport,
      worldBounds: () => this.world,
      rocks: () => this.rocks,
      view: this.look,
      switchWorld: () => this.switchWorld(),
      start: () => this.startCard.start(),
      toggleSound: () => this.toast.show(toggleSound(), "info"),
      nextPalette: () => this.nextPalette(),
      acted: () => this.gallery.acted(performance.now()),
      toggleReplay: () => this.replay.toggle(performance.now()),
      untouchable: () => this.replay.untouchable,
    });
    this.gallery = new Gallery({
      stage: el.stage,
      card: this.controls.card,
      kiosk: this.kiosk !== undefined,
      page: window.location,
      languages,
      turn: this.turnAsk,
      chooseWorld: (world) => this.chooseWorld(world),
      replayEvery: replayEveryFromSearch(window.location.search),
      replay: {
        start: () => this.replay.start(performance.now()),
        stop: () => this.replay.stop(performance.now()),
        busy: () => this.replay.busy,
        offered: () => this.replay.model.offered,
      },
    });
    this.startCard = new StartCard(el.start, () => announceStart());
    if (this.kiosk) {
      this.kiosk.enter();
      this.startCard.start();
    }
    // Back online: try at once rather than at the end of the backoff.
    window.addEventListener("online", () => {
      if (this.connection.state.kind === "waiting") this.connection.reconnectNow("back online");
    });

    window.addEventListener("resize", () => {
      this.layoutDirty = true;
    });
    // Each world's view brings its theme.
    this.music.themes = this.worlds.views.flatMap((v) => (v.musicTheme ? [v.musicTheme] : []));
    setUpSound(this.music, document, window.location);
    installViewerDebug(this);
  }

  start(): void {
    // Without waiting for the light's word on video: the server sends a new viewer zstd frames
    // until it has a video key frame for it anyway, so the Hello that offers VP9 a moment later
    // (the worker's answer) costs nothing, and waiting would hold up the first light.
    this.connection.start();
    const loop = (): void => {
      // performance.now(), not rAF's timestamp: frame arrivals are stamped with it too, and
      // headless or throttled pages can hand rAF a time well behind it.
      this.renderFrame(performance.now());
      requestAnimationFrame(loop);
    };
    // The light worker's WebGL context first: made while the page paints (the ground's first
    // tiles, its frames composited) it waits behind that work, seconds on a software GPU.
    const wait = new Promise((done) => setTimeout(done, READY_WAIT_MS));
    const ready = Promise.all(this.worlds.views.map((v) => v.ready));
    void Promise.race([ready, wait]).then(() => requestAnimationFrame(loop));
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
        this.notices.push({ code: body.value.code, text: body.value.text });
        if (body.value.code === "world_unavailable" && this.shown) this.worldChoice.refused(this.shown.name);
        if (body.value.code === MEADOW_RETURNING) this.meadowReturning = true;
        if (this.notices.length > NOTICES_KEPT) this.notices.shift();
        this.controls.noticeArrived(body.value.code);
        this.shown?.noticeArrived?.(body.value.code);
        // The caretaker's words on a wall are its rest veil's, large; elsewhere a toast as any notice.
        if (!this.gallery.notice(body.value.code, body.value.text, performance.now())) {
          this.toast.show(body.value.text || body.value.code, noticeLevel(body.value.level));
        }
        break;
      case "replay":
        this.replay.take(body.value, performance.now());
        break;
      case "trailPoints":
        // Points that come after the viewer left their world are its last: not drawn.
        this.shown?.trailPointsArrived?.(body.value);
        break;
      case "trails":
        // An older server's answers name no world: they are its first world's (worldName).
        this.controls.trailsArrived(body.value, this.worlds.view(worldName(body.value.source)));
        break;
      case "pong":
      case undefined:
        break;
    }
  }

  private onWelcome(w: Welcome): void {
    if (w.protocolVersion !== ProtocolVersion.CURRENT) {
      this.toast.show(`The server speaks protocol ${w.protocolVersion}, this viewer ${ProtocolVersion.CURRENT}: reload the page.`, "warning");
      if (this.kiosk) setTimeout(() => window.location.reload(), KIOSK_RELOAD_MS);
    }
    this.sessionId = w.sessionId;
    const offered = this.worlds.offered(w.worlds);
    this.gallery.welcome(w, offered, performance.now());
    this.ground.setMeadow(rectFromProto(w.meadow) ?? DEFAULT_WORLD);
    for (const v of this.worlds.views) v.forget();
    this.worldChoice.offer(offered);
    // A new session starts in the server's default world: ask again for the one chosen.
    const ask = this.worldChoice.afterWelcome(w.world, performance.now());
    if (ask) this.connection.send(chooseWorldBytes(worldEnum(ask)));
    const land = this.worlds.view(this.worldChoice.chosen)?.landOf(w);
    this.setWorld(land ?? DEFAULT_WORLD);
    // Until frames bring the shared camera, look at the whole world.
    this.camera.aim(this.world);
    if (w.frameRate > 0) {
      this.frameRate = w.frameRate;
      for (const v of this.worlds.views) v.setFrameRate(w.frameRate);
    }
    this.keepUp.reset(performance.now());
    this.frameMeter.reset(performance.now());
    this.setRocks(rocksFromProto(w.rocks));
    this.controls.takeSchemas(schemasOf(w));
    // A new session is live: whatever was replayed in the last one ended with it.
    this.replay.welcome(w.replays);
    this.controls.offerReplay(w.replays);
  }

  /** w: the next world the server offers. Remembered while disconnected and asked for after the Welcome. */
  private switchWorld(): void {
    const next = this.worldChoice.next(performance.now());
    if (next === undefined) {
      this.toast.show(`Only the ${this.worldChoice.chosen} lives on this meadow.`, "info");
      return;
    }
    // The server ends a replay when another world is chosen, and shows that world live.
    this.replay.worldChosen(performance.now());
    this.connection.send(chooseWorldBytes(worldEnum(next)));
    const after = this.worldChoice.after(next);
    const greeting = this.worlds.view(next)?.greeting ?? `The ${next}`;
    this.toast.show(after ? `${greeting} (w: the ${after})` : greeting, "info");
  }

  /** A wall's turn to `world`: asked for as w asks, without w's greeting (the veil says it quietly). */
  private chooseWorld(world: WorldName): void {
    if (!this.worldChoice.choose(world, performance.now())) return;
    this.replay.worldChosen(performance.now());
    this.connection.send(chooseWorldBytes(worldEnum(world)));
  }

  /** Frames of another world arrive: what the previous one left on screen goes. */
  private showWorld(view: WorldView): void {
    this.shown = view;
    for (const v of this.worlds.views) if (v !== view) v.hide();
    view.show(this.viewport);
    this.controls.showWorld(view);
    // What this device keeps up with is measured afresh for each world.
    this.keepUp.reset(performance.now());
  }

  private onFrame(frame: Frame): void {
    const now = performance.now();
    this.meadowReturning = false;
    this.frameMeter.mark(now);
    this.framesReceived += 1;
    // One breeze blows over the whole land: any world's frame says what it does now.
    this.breeze = breezeFromProto(frame.breeze);
    this.showLocks(locksFromProto(frame.locks));
    const name = worldName(frame.world);
    const view = this.worlds.view(name);
    // A world this viewer cannot draw is passed over (it is never offered, so never chosen).
    if (!view || this.worldChoice.passOver(name, now)) return;
    if (view !== this.shown) this.showWorld(view);
    this.controls.frameShown(name);
    const heard = view.music(frame);
    if (heard) this.music.onFrame(heard);
    else this.music.silence();
    this.gallery.frame(view, frame, now);
    // Last: a view may hand the frame's bytes on (its light, to its worker).
    view.takeFrame(frame, now);
    if (view.worldBounds) this.setWorld(view.worldBounds);
    if (view.cameraTarget) this.camera.aim(view.cameraTarget);
  }

  private onState(state: ConnectionState): void {
    if (state.kind !== "connected" && state.kind !== "handshaking") {
      // What the worlds showed would look alive: the bare meadow while the link is down.
      this.frameMeter.reset(performance.now());
      this.latencyMs = undefined;
      this.forgetFrames();
      this.controls.linkLost();
      this.replay.linkLost();
    }
    this.updateStatus(performance.now(), true);
  }

  /**
   * What the worlds showed no longer holds (the link dropped, or the frames come from elsewhere
   * now: the night replayed, or live again, numbered afresh): the bare meadow until frames come.
   */
  private forgetFrames(): void {
    for (const v of this.worlds.views) v.forget();
    this.breeze = undefined;
    this.air.clear();
    this.gallery.forgetFrames();
    this.music.silence();
    this.keepUp.reset(performance.now());
  }

  private setWorld(world: WorldRect): void {
    if (sameRect(world, this.world)) return;
    this.world = world;
    this.groundDirty = true;
  }

  private setRocks(rocks: readonly RockView[]): void {
    this.rocks = Object.freeze(rocks.slice());
    // At once, not on the next animation frame: a page in the background gets none.
    paintRocks(this.el.rocks, this.viewport, this.rocks);
  }

  private renderFrame(now: number): void {
    this.renderScene(now);
    if (this.frameCostMs > 0) busyFor(this.frameCostMs);
    const work = performance.now() - now;
    this.frameTimes.add(work);
    this.keepUp.pageFrame(now, work);
  }

  private renderScene(now: number): void {
    const dt = this.lastRenderAt === undefined ? 0 : (now - this.lastRenderAt) / 1000;
    this.lastRenderAt = now;
    this.camera.advance(dt);
    const viewport = this.measure(this.camera.rect ?? this.world);
    const moved = this.layoutDirty || !sameViewport(viewport, this.viewport);
    this.layoutDirty = false;
    this.viewport = viewport;

    if (moved || this.groundDirty || this.ground.needsDraw) {
      const target = this.camera.targetRect;
      const finalScale = target ? this.measure(target).scale : viewport.scale;
      this.ground.draw(this.world, viewport, Math.max(viewport.scale, finalScale) * viewport.dpr);
      this.groundDirty = false;
    }
    if (moved) paintRocks(this.el.rocks, viewport, this.rocks);
    this.shown?.draw({ viewport, nowMs: now, dt, moved, rocks: this.rocks, breeze: this.breeze, tool: this.controls.activeTool.name });
    this.air.draw(viewport, this.breeze, now / 1000);
    this.controls.tick(now);
    this.replay.tick(now);
    this.gallery.tick(now, viewport, this.sessionId);
    this.updateStatus(now, false);
  }

  /**
   * The camera's view fitted into the stage as it is now (size and devicePixelRatio); on a touch
   * screen cropped to the stage's shape and moved by this viewer's look, so the meadow covers it.
   */
  private measure(view: WorldRect): Viewport {
    const box = this.el.stage.getBoundingClientRect();
    return new Viewport(this.look.view(view, box.width, box.height), box.width, box.height, window.devicePixelRatio || 1);
  }

  /** p: the next palette, for the ground and every world, remembered on this device. */
  private nextPalette(): void {
    const p = this.paletteChoice.step();
    this.ground.setPalette(p);
    for (const v of this.worlds.views) v.setPalette(p);
    this.toast.show(`Palette: ${p.label} (p: next)`, "info");
  }

  private showLocks(locks: typeof NO_LOCKS): void {
    if (sameLocks(locks, this.locks)) return;
    this.locks = locks;
    this.controls.showLocks(locks);
  }

  private updateStatus(now: number, force: boolean): void {
    if (!force && now - this.lastStatusAt < STATUS_EVERY_MS) return;
    this.lastStatusAt = now;
    const shown = this.shown;
    this.keptUp = this.keepUp.judge(now, { fireflies: shown?.fireflies, serverFps: this.frameRate });
    const figures = {
      world: shown?.statusParts() ?? [],
      framesPerSecond: this.frameMeter.rate(now),
      viewers: shown?.viewers,
      latencyMs: this.latencyMs,
      behind: this.keptUp.behind ? { fireflies: this.keptUp.fireflies } : undefined,
      problem: shown?.problem,
      returning: this.meadowReturning,
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
}

/** localStorage, or nothing where the browser refuses it. */
function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function noticeLevel(level: Notice_Level): NoticeLevel {
  if (level === Notice_Level.ERROR) return "error";
  if (level === Notice_Level.WARNING) return "warning";
  return "info";
}
