// The swarm on screen (SPEC §2, §7): its light (decoded and drawn in a worker where the browser
// allows, else here), the rocks' rim light, every viewer's marks and the little flashes of eaten
// crumbs; its figures in the status line and to the music. What its frames say is kept in
// SwarmState; how its light fares (frames shown, dropped, undecodable, timings) is counted here,
// and a light that stays undecodable for a few seconds gets the link renewed for a key frame.
import { World, type Frame, type Welcome } from "../gen/meadow/v1/viewer_pb";
import { musicFrame } from "../music/frame-to-music";
import type { MusicFrame } from "../music/music-frame";
import { rectFromProto, rimsFromProto } from "../net/proto-mapping";
import { clearCanvas } from "../render/canvas-2d";
import { LightHost, lightInWorkerWanted } from "../render/light-host";
import type { LightOutcome, LightReport } from "../render/light-messages";
import { SPARK_S, markShapes, paintMarks, sparkShapes, type Spark } from "../render/marks";
import { rampColor } from "../render/palette";
import type { Palette } from "../render/palettes";
import { RimEaser, paintRims, rimArcs, type RimView } from "../render/rock-rims";
import { viewportFields, type Viewport, type WorldRect } from "../render/viewport";
import type { NoticeLevel } from "../ui/notice";
import { DurationStats } from "../util/duration-stats";
import type { KeepUpMeter } from "../util/keep-up";
import type { Scene, WorldView } from "../worlds/world-view";
import { SwarmState } from "./swarm-state";
import { swarmStatusParts } from "./swarm-status";

/** Where on the light's ramp (0…1) the rocks' rims take their colour: the bright green-yellow of a flock's knots. */
const RIM_LIGHT_AT = 0.85;
/** Light frames in a row that can't be decoded before the link is renewed to get a key frame, in seconds of frames. */
const RESYNC_AFTER_SECONDS = 3;

export interface SwarmCanvases {
  readonly light: HTMLCanvasElement;
  readonly rims: HTMLCanvasElement;
  readonly marks: HTMLCanvasElement;
}

/** What the swarm's view needs of the page around it. */
export interface SwarmHooks {
  readonly palette: Palette;
  readonly framesPerSecond: number;
  readonly viewport: Viewport;
  /** The page's query (`?light=main` keeps the light on the main thread). */
  readonly search: string;
  /** How much this device keeps up with: the light's decoding and drawing count. */
  readonly keepUp: KeepUpMeter;
  readonly sessionId: () => bigint | undefined;
  readonly say: (text: string, level: NoticeLevel) => void;
  /** A problem worth a (rate-limited) notice. */
  readonly problem: (text: string) => void;
  /** The light cannot catch up: renew the link (a fresh session starts with a key frame). */
  readonly resync: (reason: string) => void;
}

export class SwarmView implements WorldView {
  readonly world = World.SWARM;
  readonly name = "swarm";
  readonly greeting = "The swarm";
  readonly state = new SwarmState();
  readonly light: LightHost;
  readonly ready: Promise<void>;

  /** Light frames decoded and shown, dropped, and undecodable, since the page loaded. */
  framesShown = 0;
  dropped = 0;
  decodeErrors = 0;
  lightAvailable = false;
  firstLightMs: number | undefined;
  readonly decodeTimes = new DurationStats();
  readonly lightDrawTimes = new DurationStats();
  /** The rims as drawn in the latest animation frame. */
  rimsShown: RimView[] = [];

  private lightProblem: string | undefined;
  private dropStreak = 0;
  private framesPerSecond: number;
  private palette: Palette;
  private readonly rimEaser = new RimEaser();
  private sparks: Spark[] = [];
  private marksShown = false;

  constructor(
    private readonly canvases: SwarmCanvases,
    private readonly hooks: SwarmHooks,
  ) {
    this.framesPerSecond = hooks.framesPerSecond;
    this.palette = hooks.palette;
    this.light = new LightHost(
      canvases.light,
      { ramp: hooks.palette.light, framesPerSecond: hooks.framesPerSecond, viewport: viewportFields(hooks.viewport) },
      (r) => this.onLightReport(r),
      lightInWorkerWanted(hooks.search),
    );
    this.ready = this.light.ready;
  }

  landOf(welcome: Welcome): WorldRect | undefined {
    // The swarm's world grows with its count; the Welcome says how big it is now.
    return rectFromProto(welcome.worldBounds);
  }

  get worldBounds(): WorldRect | undefined {
    return this.state.worldBounds;
  }

  get cameraTarget(): WorldRect | undefined {
    return this.state.cameraTarget;
  }

  get viewers(): number | undefined {
    return this.state.viewers;
  }

  get fireflies(): number | undefined {
    return this.state.figures?.count;
  }

  get problem(): string | undefined {
    return this.lightProblem;
  }

  statusParts(): readonly string[] {
    const f = this.state.figures;
    return swarmStatusParts({ fireflies: f?.count, targetFireflies: f?.target, fed: f?.fed, slowed: f?.slowed });
  }

  music(frame: Frame): MusicFrame {
    return musicFrame(frame);
  }

  takeFrame(frame: Frame): void {
    this.state.applyFrame(frame);
    this.rimEaser.setTargets(rimsFromProto(frame.rockRims));
    const nowS = performance.now() / 1000;
    this.sparks = this.sparks.filter((k) => nowS - k.atS < SPARK_S);
    for (const e of this.state.eaten) this.sparks.push({ x: e.x, y: e.y, atS: nowS });
    // Last: the light's bytes are handed over (to the worker: transferred) and gone from here.
    this.light.take(frame.number, frame.light);
  }

  show(viewport: Viewport): void {
    this.light.show(true);
    this.light.setViewport(viewport);
    // Its next frame is a key frame.
    this.light.reset();
    this.dropStreak = 0;
  }

  draw(scene: Scene): void {
    const { viewport, moved, nowMs } = scene;
    if (moved) this.light.setViewport(viewport);
    const rims = this.rimEaser.step(scene.dt);
    if (rims.length > 0 || this.rimsShown.length > 0 || moved) {
      paintRims(this.canvases.rims, viewport, rimArcs(rims, scene.rocks, viewport), rampColor(this.palette.light, RIM_LIGHT_AT));
      this.rimsShown = rims;
    }
    // The light draws itself (in its worker) or now (here), only when something moved.
    this.light.tick(nowMs);
    const marks = this.state.marks;
    const live = marks.length > 0 || this.sparks.length > 0;
    if (live || this.marksShown || moved) {
      const t = nowMs / 1000;
      const shapes = [...markShapes(marks, viewport, t, this.hooks.sessionId()), ...sparkShapes(this.sparks, viewport, t)];
      paintMarks(this.canvases.marks, viewport, shapes);
      this.marksShown = live;
      if (this.sparks.length > 0) this.sparks = this.sparks.filter((k) => t - k.atS < SPARK_S);
    }
  }

  hide(): void {
    this.light.show(false);
    this.light.reset();
    this.sparks = [];
    clearCanvas(this.canvases.marks);
    this.marksShown = false;
    this.clearRims();
  }

  forget(): void {
    // A frozen swarm would look alive: the bare meadow until frames come again.
    this.light.reset();
    this.state.forgetLive();
    this.sparks = [];
    this.clearRims();
  }

  setFrameRate(framesPerSecond: number): void {
    this.framesPerSecond = framesPerSecond;
    this.light.setFrameRate(framesPerSecond);
  }

  setPalette(palette: Palette): void {
    this.palette = palette;
    this.light.setRamp(palette.light);
  }

  /** What the light's renderer says, from its worker or from this thread. */
  private onLightReport(r: LightReport): void {
    const now = performance.now();
    const keepUp = this.hooks.keepUp;
    switch (r.type) {
      case "state":
        this.lightAvailable = r.available;
        this.lightProblem = r.available ? undefined : "light hidden";
        if (r.problem) this.hooks.say(r.problem, "error");
        break;
      case "decoded":
        this.decodeTimes.add(r.ms);
        keepUp.decoded(now, this.light.where === "worker" ? "worker" : "main", r.ms);
        this.onLightDecoded(r.outcome, r.reason);
        break;
      case "firstLight":
        this.firstLightMs ??= r.epochMs - performance.timeOrigin;
        break;
      case "drawn":
        for (const ms of r.durationsMs) {
          this.lightDrawTimes.add(ms);
          // Drawn on this thread, the light is part of the animation frame's work already.
          if (this.light.where === "worker") keepUp.workerFrame(now, ms);
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
      this.hooks.problem(`A light frame could not be decoded (${reason}).`);
    }
    // The protocol has no "send me a key" message; a fresh session always starts with one.
    if (this.dropStreak > RESYNC_AFTER_SECONDS * this.framesPerSecond) {
      this.dropStreak = 0;
      this.hooks.resync("resynchronising light");
    }
  }

  /** The rims belong to the swarm's light: gone with it. */
  private clearRims(): void {
    this.rimEaser.clear();
    this.rimsShown = [];
    clearCanvas(this.canvases.rims);
  }
}
