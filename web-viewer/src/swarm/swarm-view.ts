// The swarm on screen (docs/rules.md "The swarm", "The viewer"): its light (a WorldLight: decoded
// and drawn in a worker where the browser allows, else here), the rocks' rim light, the live trails
// while t has them on (LiveTrails, from the server's TrailPoints), every viewer's marks and the
// little flashes of eaten crumbs; its order parameter as a live trace and its order crossings said
// on screen; its figures in the status line and to the music. What its frames say is kept in
// SwarmState.
import { World, type Frame, type Trails, type Welcome } from "../gen/meadow/v1/viewer_pb";
import { type TrailPoints } from "../gen/meadow/v1/swarm/swarm_frame_pb";
import type { MusicFrame } from "../music/music-frame";
import type { MusicLog } from "../music/music-log";
import { swarmMusicFrame } from "../music/swarm/swarm-music-frame";
import { SwarmTheme } from "../music/swarm/swarm-theme";
import type { Theme } from "../music/theme";
import { rectFromProto, rimsFromProto } from "../net/proto-mapping";
import { clearCanvas } from "../render/canvas-2d";
import { SPARK_S, markShapes, paintMarks, sparkShapes, type Spark } from "../render/marks";
import { rampColor } from "../render/palette";
import type { Palette } from "../render/palettes";
import { RimEaser, paintRims, rimArcs, type RimView } from "../render/rock-rims";
import { viewportFields, type Point, type Viewport, type WorldRect } from "../render/viewport";
import { WorldLight, type WorldLightHooks } from "../render/world-light";
import { HOVERING_PREDATOR } from "../tools/tool-catalog";
import { StateView } from "../worlds/state-view";
import type { Scene, WorldView } from "../worlds/world-view";
import { announcementFor } from "./order-crossings";
import { LiveTrails, type TrailPace } from "./live-trails";
import { OrderHistory } from "../order/order-history";
import { SwarmState, USUAL_STEPS_PER_SECOND } from "./swarm-state";
import { swarmStatusParts } from "./swarm-status";
import { trailSampleFromProto } from "./trail-points";
import { paintTrails } from "./trails-layer";
import { SWARM_CARD } from "./swarm-card";
import { SwarmCaptions } from "./swarm-captions";
import { ownPoints } from "../gallery/own-things";
import type { DebugPage, WorldDebugParts } from "../debug/hook";
import type { ControlPage } from "../worlds/world-controls";
import { SwarmControls } from "./swarm-controls";
import { SWARM_HELP } from "./swarm-help";
import { swarmDebugParts } from "./swarm-debug";

/** Where on the light's ramp (0…1) the rocks' rims take their colour: the bright green-yellow of a flock's knots. */
const RIM_LIGHT_AT = 0.85;

export interface SwarmCanvases {
  readonly light: HTMLCanvasElement;
  readonly rims: HTMLCanvasElement;
  /** The live trails: over the light and the rims, under the marks. */
  readonly trails: HTMLCanvasElement;
  readonly marks: HTMLCanvasElement;
}

/** What the swarm's view needs of the page around it. */
export interface SwarmHooks extends WorldLightHooks {
  readonly palette: Palette;
  readonly framesPerSecond: number;
  readonly viewport: Viewport;
  readonly sessionId: () => bigint | undefined;
}

/** Where the swarm's phases show (the page's gauge and caption; none in tests without a page). */
export interface PhaseDisplay {
  readonly gauge: { show(visible: boolean): void; paint(history: OrderHistory, nowMs: number, force?: boolean): void };
  readonly caption: { say(text: string): void; clear(): void };
}

export class SwarmView extends StateView<SwarmState> implements WorldView {
  readonly world = World.SWARM;
  readonly name = "swarm";
  readonly greeting = "The swarm";
  readonly card = SWARM_CARD;
  readonly help = SWARM_HELP;
  readonly captions = new SwarmCaptions();
  readonly musicTheme = (seed: number, log: MusicLog): Theme => new SwarmTheme(seed, log);
  /**
   * On a desktop the predator follows the mouse while it is chosen
   * (docs/rules.md "The tools · Pointing").
   */
  readonly hoverTools = HOVERING_PREDATOR;
  readonly light: WorldLight;
  readonly ready: Promise<void>;

  /** The rims as drawn in the latest animation frame. */
  rimsShown: RimView[] = [];
  /** The order parameter over the last minute, for the trace. */
  readonly orderHistory = new OrderHistory();
  /** What the latest crossing said on screen, and how many were said, for the debug hook. */
  lastAnnouncement: string | undefined;
  announcements = 0;
  /** The live trails' paths while t has them on; strokes drawn in the latest animation frame. */
  readonly trails = new LiveTrails();
  trailsOn = false;
  trailStrokesDrawn = 0;
  /** Its controls (sliders, food, count, trails), once the page made them. */
  controls: SwarmControls | undefined;

  private palette: Palette;
  private readonly rimEaser = new RimEaser();
  private sparks: Spark[] = [];
  private marksShown = false;

  constructor(
    private readonly canvases: SwarmCanvases,
    private readonly hooks: SwarmHooks,
    private readonly phases?: PhaseDisplay,
  ) {
    super(new SwarmState());
    this.palette = hooks.palette;
    this.light = new WorldLight(
      canvases.light,
      { ramp: hooks.palette.light, framesPerSecond: hooks.framesPerSecond, viewport: viewportFields(hooks.viewport) },
      hooks,
    );
    this.ready = this.light.ready;
  }

  landOf(welcome: Welcome): WorldRect | undefined {
    // The swarm's world grows with its count; the Welcome says how big it is now.
    return rectFromProto(welcome.worldBounds);
  }

  get fireflies(): number | undefined {
    return this.state.figures?.count;
  }

  get problem(): string | undefined {
    return this.light.problem;
  }

  /** This viewer's marks: attract rings, crumbs, a held predator. */
  ownPlaces(sessionId: bigint): Point[] {
    return ownPoints(this.state.marks, sessionId);
  }

  statusParts(): readonly string[] {
    const f = this.state.figures;
    return swarmStatusParts({ fireflies: f?.count, targetFireflies: f?.target, fed: f?.fed, slowed: f?.slowed });
  }

  music(frame: Frame): MusicFrame {
    return swarmMusicFrame(frame);
  }

  takeFrame(frame: Frame, nowMs: number = performance.now()): void {
    this.state.applyFrame(frame);
    const f = this.state.figures;
    if (f) this.orderHistory.add(nowMs, f.order);
    for (const c of this.state.crossings) this.orderHistory.addThreshold(c.threshold);
    const said = announcementFor(this.state.crossings);
    if (said) {
      this.lastAnnouncement = said;
      this.announcements += 1;
      this.phases?.caption.say(said);
      this.phases?.gauge.paint(this.orderHistory, nowMs, true);
    }
    this.rimEaser.setTargets(rimsFromProto(frame.rockRims));
    const nowS = performance.now() / 1000;
    this.sparks = this.sparks.filter((k) => nowS - k.atS < SPARK_S);
    for (const e of this.state.eaten) this.sparks.push({ x: e.x, y: e.y, atS: nowS });
    // Last: the light's bytes are handed over (to the worker: transferred) and gone from here.
    this.light.take(frame.number, frame.light);
  }

  /** The points the live trails follow, after a swarm frame (while t has them on). */
  makeControls(page: ControlPage): SwarmControls {
    this.controls = new SwarmControls(page, this.state, (on) => this.showTrails(on));
    return this.controls;
  }

  /** The server's recording of its trails (or an older server's, which names no world). */
  trailsArrived(trails: Trails): void {
    this.controls?.trailsArrived(trails);
  }

  debugParts(page: DebugPage): WorldDebugParts {
    return swarmDebugParts(this, () => this.controls, page);
  }

  trailPointsArrived(points: TrailPoints): void {
    this.takeTrailPoints(points);
  }

  takeTrailPoints(points: TrailPoints): void {
    if (!this.trailsOn) return;
    const sample = trailSampleFromProto(points);
    if (sample) this.trails.add(sample, this.trailPace());
  }

  /** t: the live trails on (from the next points) or off (gone at once). */
  showTrails(on: boolean): void {
    this.trailsOn = on;
    this.clearTrails();
  }

  show(viewport: Viewport): void {
    this.light.show(viewport);
    this.phases?.gauge.show(true);
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
    if (this.trailsOn && (this.trails.changed || moved)) {
      const strokes = this.trails.strokes();
      paintTrails(this.canvases.trails, viewport, strokes);
      this.trailStrokesDrawn = strokes.length;
    }
    this.phases?.gauge.paint(this.orderHistory, nowMs);
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
    this.light.hide();
    this.phases?.gauge.show(false);
    this.phases?.caption.clear();
    this.sparks = [];
    clearCanvas(this.canvases.marks);
    this.marksShown = false;
    this.clearRims();
    this.clearTrails();
  }

  forget(): void {
    // A frozen swarm would look alive: the bare meadow until frames come again.
    this.light.forget();
    this.state.forgetLive();
    this.orderHistory.clear();
    this.phases?.caption.clear();
    this.sparks = [];
    this.clearRims();
    this.clearTrails();
  }

  setFrameRate(framesPerSecond: number): void {
    this.light.setFrameRate(framesPerSecond);
  }

  setPalette(palette: Palette): void {
    this.palette = palette;
    this.light.setRamp(palette.light);
  }

  /** How fast the swarm runs now, for telling a firefly's flight from a jump. */
  private trailPace(): TrailPace {
    const f = this.state.figures;
    return { stepsPerTick: (f?.targetStepsPerSecond ?? USUAL_STEPS_PER_SECOND) / USUAL_STEPS_PER_SECOND, speed: f?.speed ?? 1 };
  }

  private clearTrails(): void {
    this.trails.clear();
    this.trailStrokesDrawn = 0;
    clearCanvas(this.canvases.trails);
  }

  /** The rims belong to the swarm's light: gone with it. */
  private clearRims(): void {
    this.rimEaser.clear();
    this.rimsShown = [];
    clearCanvas(this.canvases.rims);
  }
}
