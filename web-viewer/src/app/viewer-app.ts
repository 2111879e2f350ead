// Wires the viewer together: the link, the light decoder, the layers and the tools. It holds
// the little state the viewer has (world geometry, rocks, figures, the world watched) and runs
// the render loop. Frames say which world they show: swarm frames feed the light and the marks,
// colony frames the colony's layers; what the other world left on screen is cleared. Every frame
// brings the breeze, which the air layer (motes, gust streaks) draws in both worlds.
import { Notice_Level, ProtocolVersion, type Frame, type ServerMessage, type Welcome } from "../gen/meadow/v1/viewer_pb";
import { Connection, type ConnectionState } from "../net/connection";
import { rectFromProto, rimsFromProto, rocksFromProto } from "../net/proto-mapping";
import { chooseWorldBytes } from "../net/messages";
import { webSocketUrl } from "../net/ws-url";
import { CameraGlide } from "../render/camera-glide";
import { clearCanvas } from "../render/canvas-2d";
import { GroundLayer } from "../render/ground-layer";
import { LightHost, lightInWorkerWanted } from "../render/light-host";
import type { LightOutcome, LightReport } from "../render/light-messages";
import { SPARK_S, markShapes, paintMarks, sparkShapes, type Spark } from "../render/marks";
import { rampColor } from "../render/palette";
import { RimEaser, paintRims, rimArcs, type RimView } from "../render/rock-rims";
import { paintRocks, type RockView } from "../render/rocks";
import { DEFAULT_WORLD, Viewport, sameRect, sameViewport, viewportFields, type WorldRect } from "../render/viewport";
import { ColonyFrames } from "../colony/colony-frames";
import { activityCounts } from "../colony/colony-snapshot";
import { ColonyLayer } from "../colony/colony-layer";
import type { ColonyMotion } from "../colony/colony-light";
import { AirLayer } from "../wind/air-layer";
import { breezeFromProto, type BreezeView } from "../wind/breeze";
import { installDebugHook } from "../debug/hook";
import { Controls } from "./controls";
import { SwarmState } from "./swarm-state";
import { WorldChoice, worldEnum, worldName, type WorldName } from "./world-choice";
import { NoticeToast, type NoticeLevel } from "../ui/notice";
import { StatusLine, statusText } from "../ui/status";
import { RateMeter } from "../util/rate-meter";
import { MusicPlayer } from "../music/music-player";
import { setUpSound } from "../music/sound-setup";
import { DurationStats } from "../util/duration-stats";
import { KeepUpMeter, type KeepUp } from "../util/keep-up";
import { busyFor, frameCostMs } from "../debug/frame-cost";
import { Kiosk, isKiosk } from "./kiosk";
import { NO_LOCKS, locksFromProto, sameLocks } from "./locks";
import { PaletteChoice } from "./palette-choice";
import { announceStart, toggleSound } from "./sound-hook";
import { StartCard } from "../ui/start-card";

export interface ViewerElements {
  readonly stage: HTMLElement;
  readonly meadow: HTMLCanvasElement;
  readonly rocks: HTMLCanvasElement;
  readonly light: HTMLCanvasElement;
  /** The rocks' rim light in the swarm (added onto the meadow). */
  readonly rims: HTMLCanvasElement;
  /** The colony's stump and flowers, and its light (added onto the meadow). */
  readonly colony: HTMLCanvasElement;
  readonly colonyLight: HTMLCanvasElement;
  /** The air over both worlds: motes, gust streaks (added on). */
  readonly air: HTMLCanvasElement;
  readonly marks: HTMLCanvasElement;
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

/** Where on the light's ramp (0…1) the rocks' rims take their colour: the bright green-yellow of a flock's knots. */
const RIM_LIGHT_AT = 0.85;
/** Light frames in a row that can't be decoded before the link is renewed to get a key frame. */
const RESYNC_AFTER_SECONDS = 3;
/** A decode problem is announced at most this often. */
const PROBLEM_NOTICE_MS = 10_000;
/** The page's drawing waits at most this long for the light's renderer to start, ms. */
const LIGHT_START_WAIT_MS = 2000;
/** In kiosk mode, a server that speaks another protocol (a new build) gets the page reloaded after this, ms. */
const KIOSK_RELOAD_MS = 5000;

export class ViewerApp {
  private readonly connection: Connection;
  private readonly frameMeter = new RateMeter();
  private readonly statusLine: StatusLine;
  private readonly toast: NoticeToast;
  private readonly controls: Controls;
  private readonly ground: GroundLayer;
  private readonly camera = new CameraGlide();
  private readonly swarm = new SwarmState();
  private readonly colony = new ColonyFrames();
  private readonly colonyLayer: ColonyLayer;
  private readonly air: AirLayer;
  /** The breeze of the latest frame (either world); undefined without one. */
  private breeze: BreezeView | undefined;
  /** What moves in the colony now, refilled every animation frame. */
  private readonly colonyMotion: Mutable<ColonyMotion> = { fireflies: [], effects: [], breeze: undefined, sinceFrameS: 0 };
  private readonly worldChoice = new WorldChoice();
  /** The music (SPEC §8): listens to every frame of the world shown. */
  private readonly music = new MusicPlayer();
  /** The world of the latest frame: what is drawn. */
  private shownWorld: WorldName = "swarm";
  /** The swarm's light: decoded and drawn in a worker where the browser allows, else here. */
  private readonly light: LightHost;
  private lightAvailable = false;
  private lightProblem: string | undefined;

  private world: WorldRect = DEFAULT_WORLD;
  private viewport: Viewport;
  private rocks: readonly RockView[] = [];
  private frameRate = 30;
  private sessionId: bigint | undefined;
  private latencyMs: number | undefined;
  private readonly notices: { code: string; text: string }[] = [];
  private framesShown = 0;
  private dropped = 0;
  private dropStreak = 0;
  private decodeErrors = 0;
  private lastProblemNotice = Number.NEGATIVE_INFINITY;

  private layoutDirty = true;
  private groundDirty = true;
  private marksShown = false;
  private readonly rimEaser = new RimEaser();
  private rimsShown: RimView[] = [];
  private sparks: Spark[] = [];
  private lastRenderAt: number | undefined;
  private lastStatusAt = 0;

  // The experience around the meadow (issue 8): palette, start card, kiosk, locks, timings.
  private readonly paletteChoice = new PaletteChoice(window.location.search, storage());
  private readonly kiosk = isKiosk(window.location.search) ? new Kiosk(document) : undefined;
  private readonly startCard: StartCard;
  private locks = NO_LOCKS;
  private readonly frameTimes = new DurationStats();
  private readonly decodeTimes = new DurationStats();
  private readonly lightDrawTimes = new DurationStats();
  private firstLightMs: number | undefined;
  /** Whether this device keeps up (SPEC §7), for the status line. */
  private readonly keepUp = new KeepUpMeter();
  private keptUp: KeepUp = { behind: false, judged: false, load: 0, displayHz: 60, fireflies: undefined };
  /** Extra work per animation frame that `?frame-cost=` asks for, ms (to try a weak device). */
  private readonly frameCostMs = frameCostMs(window.location.search);

  constructor(private readonly el: ViewerElements) {
    this.statusLine = new StatusLine(el.status);
    this.toast = new NoticeToast(el.notice);
    this.viewport = this.measure(DEFAULT_WORLD);
    this.colonyLayer = new ColonyLayer(el.colony, el.colonyLight);
    this.air = new AirLayer(el.air);
    this.light = new LightHost(
      el.light,
      { ramp: this.paletteChoice.palette.light, framesPerSecond: this.frameRate, viewport: viewportFields(this.viewport) },
      (r) => this.onLightReport(r),
      lightInWorkerWanted(window.location.search),
    );
    this.ground = new GroundLayer(el.meadow);
    this.ground.setPalette(this.paletteChoice.palette);

    this.connection = new Connection(webSocketUrl(window.location), {
      onMessage: (m) => this.onMessage(m),
      onState: (s) => this.onState(s),
      onMalformed: (e) => this.problem(`The server sent a message the viewer cannot read (${e}).`),
      onLatency: (ms) => {
        this.latencyMs = ms;
      },
    });

    this.controls = new Controls(el, {
      send: (bytes) => this.connection.send(bytes),
      say: (text, level) => this.toast.show(text, level),
      state: this.swarm,
      viewport: () => this.viewport,
      worldBounds: () => this.world,
      switchWorld: () => this.switchWorld(),
      start: () => this.startCard.start(),
      toggleSound: () => this.toast.show(toggleSound(), "info"),
      nextPalette: () => this.nextPalette(),
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
    setUpSound(this.music, document, window.location);
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
    // The light worker's WebGL context first: made while the page paints (the ground's first
    // tiles, its frames composited) it waits behind that work, seconds on a software GPU.
    const wait = new Promise((done) => setTimeout(done, LIGHT_START_WAIT_MS));
    void Promise.race([this.light.ready, wait]).then(() => requestAnimationFrame(loop));
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
        if (body.value.code === "world_unavailable") this.worldChoice.refused(this.shownWorld);
        if (this.notices.length > 50) this.notices.shift();
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
      if (this.kiosk) setTimeout(() => window.location.reload(), KIOSK_RELOAD_MS);
    }
    this.sessionId = w.sessionId;
    this.ground.setMeadow(rectFromProto(w.meadow) ?? DEFAULT_WORLD);
    this.swarm.forgetLive();
    // The colony's land is the meadow; the swarm's world grows with its count.
    const land = this.worldChoice.chosen === "colony" ? rectFromProto(w.meadow) : rectFromProto(w.worldBounds);
    this.setWorld(land ?? DEFAULT_WORLD);
    // Until frames bring the shared camera, look at the whole world.
    this.camera.aim(this.world);
    if (w.frameRate > 0) {
      this.frameRate = w.frameRate;
      this.light.setFrameRate(w.frameRate);
      this.colony.setFrameRate(w.frameRate);
    }
    this.light.reset();
    this.keepUp.reset(performance.now());
    this.colony.forget();
    this.frameMeter.reset(performance.now());
    this.setRocks(rocksFromProto(w.rocks));
    // A new session starts in the server's default world: ask again for the one chosen.
    const ask = this.worldChoice.afterWelcome(w.world, performance.now());
    if (ask) this.connection.send(chooseWorldBytes(worldEnum(ask)));
  }

  /** w: the other world. Remembered while disconnected and asked for after the Welcome. */
  private switchWorld(): void {
    const next = this.worldChoice.toggle(performance.now());
    this.connection.send(chooseWorldBytes(worldEnum(next)));
    this.toast.show(next === "colony" ? "The colony: fireflies living off the stump (w: back to the swarm)" : "The swarm (w: the colony)", "info");
  }

  /** Frames of another world arrive: what the previous one left on screen goes. */
  private showWorld(world: WorldName): void {
    this.shownWorld = world;
    this.controls.showWorld(world);
    this.light.show(world === "swarm");
    // The swarm's light, marks and sparks belong to the swarm; its next frame is a key frame.
    this.light.reset();
    this.dropStreak = 0;
    // What this device keeps up with is measured afresh for each world.
    this.keepUp.reset(performance.now());
    this.sparks = [];
    paintMarks(this.el.marks, this.viewport, []);
    this.marksShown = false;
    this.clearRims();
    if (world !== "colony") {
      this.colony.forget();
      this.colonyLayer.clear();
    }
  }

  private onColonyFrame(frame: Frame): void {
    this.colony.applyFrame(frame, performance.now());
    if (this.colony.worldBounds) this.setWorld(this.colony.worldBounds);
    if (this.colony.cameraTarget) this.camera.aim(this.colony.cameraTarget);
  }

  private onFrame(frame: Frame): void {
    const now = performance.now();
    this.frameMeter.mark(now);
    // One breeze blows over the whole land: any world's frame says what it does now.
    this.breeze = breezeFromProto(frame.breeze);
    this.showLocks(locksFromProto(frame.locks));
    const world = worldName(frame.world);
    if (this.worldChoice.passOver(world, now)) return;
    if (world !== this.shownWorld) this.showWorld(world);
    this.music.onFrame(frame);
    if (world === "colony") {
      this.onColonyFrame(frame);
      return;
    }
    this.swarm.applyFrame(frame);
    this.rimEaser.setTargets(rimsFromProto(frame.rockRims));
    if (this.swarm.worldBounds) this.setWorld(this.swarm.worldBounds);
    if (this.swarm.cameraTarget) this.camera.aim(this.swarm.cameraTarget);
    const nowS = performance.now() / 1000;
    this.sparks = this.sparks.filter((k) => nowS - k.atS < SPARK_S);
    for (const e of this.swarm.eaten) this.sparks.push({ x: e.x, y: e.y, atS: nowS });
    // Last: the light's bytes are handed over (to the worker: transferred) and gone from here.
    this.light.take(frame.number, frame.light);
  }

  /** What the light's renderer says, from its worker or from this thread. */
  private onLightReport(r: LightReport): void {
    const now = performance.now();
    switch (r.type) {
      case "state":
        this.lightAvailable = r.available;
        this.lightProblem = r.available ? undefined : "light hidden";
        if (r.problem) this.toast.show(r.problem, "error");
        break;
      case "decoded":
        this.decodeTimes.add(r.ms);
        this.keepUp.decoded(now, this.light.where === "worker" ? "worker" : "main", r.ms);
        this.onLightDecoded(r.outcome, r.reason);
        break;
      case "firstLight":
        this.firstLightMs ??= r.epochMs - performance.timeOrigin;
        break;
      case "drawn":
        for (const ms of r.durationsMs) {
          this.lightDrawTimes.add(ms);
          // Drawn on this thread, the light is part of the animation frame's work already.
          if (this.light.where === "worker") this.keepUp.workerFrame(now, ms);
        }
        break;
    }
  }

  private onLightDecoded(outcome: LightOutcome, reason: string): void {
    if (outcome === "raster") {
      this.dropStreak = 0;
      this.framesShown += 1;
      return;
    }
    this.dropStreak += 1;
    if (outcome === "dropped") this.dropped += 1;
    else {
      this.decodeErrors += 1;
      this.problem(`A light frame could not be decoded (${reason}).`);
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
      this.light.reset();
      this.frameMeter.reset(performance.now());
      this.latencyMs = undefined;
      this.swarm.forgetLive();
      this.colony.forget();
      this.colonyLayer.clear();
      this.breeze = undefined;
      this.air.clear();
      this.clearRims();
      this.sparks = [];
      this.controls.linkLost();
      this.music.linkLost();
    }
    this.updateStatus(performance.now(), true);
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
    if (moved) {
      paintRocks(this.el.rocks, viewport, this.rocks);
      // In either world, so the light is placed right the moment the swarm is back.
      this.light.setViewport(viewport);
    }
    if (this.shownWorld === "colony") this.renderColony(viewport, now);
    else this.renderSwarm(viewport, now, moved, dt);
    this.air.draw(viewport, this.breeze, now / 1000);
    this.controls.tick(now);
    this.updateStatus(now, false);
  }

  private renderColony(viewport: Viewport, now: number): void {
    const snapshot = this.colony.snapshot;
    if (snapshot) {
      const motion = this.colonyMotion;
      motion.fireflies = this.colony.fireflies(now);
      motion.effects = this.colony.effectsAt(now);
      motion.breeze = this.breeze;
      motion.sinceFrameS = (now - this.colony.arrivedMs) / 1000;
      this.colonyLayer.draw(viewport, snapshot, motion, now / 1000);
    } else this.colonyLayer.clear();
  }

  private renderSwarm(viewport: Viewport, now: number, moved: boolean, dt: number): void {
    const rims = this.rimEaser.step(dt);
    if (rims.length > 0 || this.rimsShown.length > 0 || moved) {
      paintRims(this.el.rims, viewport, rimArcs(rims, this.rocks, viewport), rampColor(this.paletteChoice.palette.light, RIM_LIGHT_AT));
      this.rimsShown = rims;
    }
    // The light draws itself (in its worker) or now (here), only when something moved.
    this.light.tick(now);
    const marks = this.swarm.marks;
    const live = marks.length > 0 || this.sparks.length > 0;
    if (live || this.marksShown || moved) {
      const t = now / 1000;
      const shapes = [...markShapes(marks, viewport, t, this.sessionId), ...sparkShapes(this.sparks, viewport, t)];
      paintMarks(this.el.marks, viewport, shapes);
      this.marksShown = live;
      if (this.sparks.length > 0) this.sparks = this.sparks.filter((k) => t - k.atS < SPARK_S);
    }
  }

  /** The rims belong to the swarm's light: gone with it. */
  private clearRims(): void {
    this.rimEaser.clear();
    this.rimsShown = [];
    clearCanvas(this.el.rims);
  }

  /** The camera's view fitted into the stage as it is now (size and devicePixelRatio). */
  private measure(view: WorldRect): Viewport {
    const box = this.el.stage.getBoundingClientRect();
    return new Viewport(view, box.width, box.height, window.devicePixelRatio || 1);
  }

  /** p: the next palette, for the ground and the light, remembered on this device. */
  private nextPalette(): void {
    const p = this.paletteChoice.step();
    this.ground.setPalette(p);
    this.light.setRamp(p.light);
    this.toast.show(`Palette: ${p.label} (p: next)`, "info");
  }

  private showLocks(locks: typeof NO_LOCKS): void {
    if (sameLocks(locks, this.locks)) return;
    this.locks = locks;
    this.controls.showLocks(locks);
  }

  private updateStatus(now: number, force: boolean): void {
    if (!force && now - this.lastStatusAt < 250) return;
    this.lastStatusAt = now;
    const c = this.colony.snapshot;
    const f = this.swarm.figures;
    this.keptUp = this.keepUp.judge(now, { fireflies: this.shownWorld === "colony" ? c?.size : f?.count, serverFps: this.frameRate });
    const common = {
      framesPerSecond: this.frameMeter.rate(now),
      viewers: this.viewers,
      latencyMs: this.latencyMs,
      behind: this.keptUp.behind ? { fireflies: this.keptUp.fireflies } : undefined,
    };
    const figures =
      this.shownWorld === "colony"
        ? {
            ...common,
            fireflies: c?.size,
            colony: c && { store: c.store, flowersInBloom: c.flowersInBloom, dormant: c.dormant },
            lightProblem: undefined,
          }
        : {
            ...common,
            fireflies: f?.count,
            targetFireflies: f?.target,
            fed: f?.fed,
            slowed: f?.slowed,
            lightProblem: this.lightProblem,
          };
    this.statusLine.show(statusText(this.connection.state, figures, now));
  }

  /** Viewers connected, as the latest frame of the world shown says. */
  private get viewers(): number | undefined {
    return this.shownWorld === "colony" ? this.colony.viewers : this.swarm.viewers;
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
      get rims() {
        return app.rimsShown;
      },
      get fireflies() {
        return app.swarm.figures?.count;
      },
      get targetCount() {
        return app.swarm.figures?.target;
      },
      get requestedCount() {
        return app.controls.requestedCount;
      },
      get weights() {
        return app.swarm.figures?.weights;
      },
      get settingsLocked() {
        return app.swarm.figures?.settingsLocked ?? false;
      },
      get marks() {
        return app.swarm.marks.map((m) => ({ id: m.id, tool: m.tool, x: m.x, y: m.y, radius: m.radius, own: m.owner === app.sessionId }));
      },
      get sentActions() {
        return app.controls.sentActions;
      },
      get notices() {
        return app.notices;
      },
      get worldBounds() {
        return app.world;
      },
      get boundsInFrames() {
        return app.swarm.boundsInFrames;
      },
      get camera() {
        return app.viewport.view;
      },
      get cameraTarget() {
        return app.camera.targetRect;
      },
      get helpVisible() {
        return app.controls.helpVisible;
      },
      get sessionId() {
        return app.sessionId?.toString();
      },
      get viewers() {
        return app.viewers;
      },
      get world() {
        return app.shownWorld;
      },
      get chosenWorld() {
        return app.worldChoice.chosen;
      },
      get colony() {
        const c = app.colony.snapshot;
        if (app.shownWorld !== "colony" || !c) return undefined;
        return {
          frames: app.colony.frames,
          fireflies: c.fireflies.length,
          size: c.size,
          store: c.store,
          dormant: c.dormant,
          drawn: app.colonyLayer.drawn,
          stump: c.stump,
          maxDroppedFlowers: c.maxDroppedFlowers,
          flowers: c.flowers.map((fl) => ({ id: fl.id, x: fl.x, y: fl.y, sips: fl.sips, sipsFull: fl.sipsFull, foragers: fl.foragers, inSync: fl.inSync, stage: fl.stage, growth: fl.growth, dropped: fl.dropped })),
          flowersInBloom: c.flowersInBloom,
          seeds: c.seeds.map((sd) => ({ id: sd.id, x: sd.x, y: sd.y, height: sd.height })),
          seedCarriers: c.fireflies.filter((f) => f.seed).length,
          activities: activityCounts(c.fireflies),
        };
      },
      get latencyMs() {
        return app.latencyMs;
      },
      get breeze() {
        return app.breeze;
      },
      get air() {
        return { motes: app.air.drawnMotes, streaks: app.air.drawnStreaks, carriedS: app.air.carriedS };
      },
      get lightAvailable() {
        return app.lightAvailable;
      },
      get tool() {
        return app.controls.activeTool.name;
      },
      get experience() {
        const g = app.ground;
        return {
          palette: app.paletteChoice.palette.name,
          started: app.startCard.isStarted,
          kiosk: app.kiosk !== undefined,
          moreOpen: app.controls.moreOpen,
          ground: { pending: g.pending, tiles: g.tilesPainted, longestFrameMs: g.longestFrameMs, paintMs: g.paintMs, worker: g.inWorker },
          light: { path: app.light.where },
          keepUp: app.keptUp,
          timings: {
            firstLightMs: app.firstLightMs,
            frame: app.frameTimes.snapshot(),
            decode: app.decodeTimes.snapshot(),
            lightDraw: app.lightDrawTimes.snapshot(),
          },
        };
      },
      worldToScreen(x: number, y: number) {
        const box = app.el.stage.getBoundingClientRect();
        const p = app.viewport.worldToScreen(x, y);
        return { x: box.left + p.x, y: box.top + p.y };
      },
      firefliesNear(x: number, y: number, radius: number) {
        if (app.shownWorld !== "colony") return 0;
        return app.colony.fireflies(performance.now()).filter((f) => Math.hypot(f.x - x, f.y - y) <= radius).length;
      },
    });
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

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function noticeLevel(level: Notice_Level): NoticeLevel {
  if (level === Notice_Level.ERROR) return "error";
  if (level === Notice_Level.WARNING) return "warning";
  return "info";
}
