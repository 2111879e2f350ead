// The mold on screen (docs/mold.md, docs/rules.md "The viewer"): its trail map, the frame's
// one-channel light, decoded and drawn as any world's light (a WorldLight of its own, on its own
// canvas, through the mold's ramp: a yellow-orange plasmodium on the night meadow); its oat flakes,
// held attract pointers and predators over it; its figures in the status line and to the music; what
// its settings panel shows. A newcomer starts on attract, held (firstTool): a press feeds it. Its
// light starts the first time the mold is shown, so a viewer that never watches it pays nothing.
import { World, type Frame, type Welcome } from "../gen/meadow/v1/viewer_pb";
import type { MusicFrame } from "../music/music-frame";
import type { MusicLog } from "../music/music-log";
import { moldMusicFrame } from "../music/mold/mold-music-frame";
import { MoldTheme } from "../music/mold/mold-theme";
import type { Theme } from "../music/theme";
import { rectFromProto } from "../net/proto-mapping";
import { clearCanvas } from "../render/canvas-2d";
import type { LightRamp } from "../render/palette";
import type { Palette } from "../render/palettes";
import { viewportFields, type Point, type Viewport, type WorldRect } from "../render/viewport";
import { WorldLight, type WorldLightHooks } from "../render/world-light";
import { HOVERING_PREDATOR, type ToolName } from "../tools/tool-catalog";
import { StateView } from "../worlds/state-view";
import type { SettingsSource } from "../settings/settings-panel-model";
import type { Scene, WorldView } from "../worlds/world-view";
import { moldDebug, type MoldDebug } from "./mold-debug";
import { moldMarkShapes, paintMoldMarks } from "./mold-marks";
import { moldRamp } from "./mold-ramps";
import { moldSettingsSource } from "./mold-settings-source";
import { MoldState } from "./mold-state";
import { moldStatusParts } from "./mold-status";
import { MOLD_CARD } from "./mold-card";
import { MOLD_HELP } from "./mold-help";
import { MoldCaptions } from "./mold-captions";
import { ownPoints } from "../gallery/own-things";

export interface MoldCanvases {
  /** The trail (added onto the meadow). */
  readonly light: HTMLCanvasElement;
  /** Oat flakes, held pointers, predators (painted over it). */
  readonly marks: HTMLCanvasElement;
}

/** What the mold's view needs of the page around it. */
export interface MoldHooks extends WorldLightHooks {
  readonly palette: Palette;
  readonly framesPerSecond: number;
  readonly viewport: Viewport;
  readonly sessionId: () => bigint | undefined;
}

/**
 * In the mold attract is held: a pressed pointer feeds the map under it (docs/mold.md "The model").
 */
const MOLD_HELD_TOOLS: ReadonlySet<ToolName> = new Set<ToolName>(["attract"]);

export class MoldView extends StateView<MoldState> implements WorldView {
  readonly world = World.MOLD;
  readonly name = "mold";
  readonly greeting = "The mold: a slime mould weaving its network";
  readonly card = MOLD_CARD;
  readonly help = MOLD_HELP;
  readonly captions = new MoldCaptions();
  readonly musicTheme = (seed: number, log: MusicLog): Theme => new MoldTheme(seed, log);
  readonly heldTools = MOLD_HELD_TOOLS;
  /** A newcomer's first press feeds it (attract, held), rather than placing a rock. */
  readonly firstTool = "attract" as const;
  /** The predator repels the map under a hovering mouse, as it scatters a flock. */
  readonly hoverTools = HOVERING_PREDATOR;
  readonly settings: SettingsSource;
  /** Its light, once it was first shown. */
  light: WorldLight | undefined;

  private ramp: LightRamp;
  private framesPerSecond: number;
  private marksShown = false;

  constructor(
    private readonly canvases: MoldCanvases,
    private readonly hooks: MoldHooks,
  ) {
    super(new MoldState());
    this.ramp = moldRamp(hooks.palette);
    this.framesPerSecond = hooks.framesPerSecond;
    this.settings = moldSettingsSource(this.state);
    canvases.light.hidden = true;
  }

  landOf(welcome: Welcome): WorldRect | undefined {
    // The mold lives on the meadow.
    return rectFromProto(welcome.meadow);
  }

  /** No fireflies in the mold. */
  readonly fireflies = undefined;

  get problem(): string | undefined {
    return this.light?.problem;
  }

  /** This viewer's oat flakes, held attract pointers and predator. */
  ownPlaces(sessionId: bigint): Point[] {
    return ownPoints(this.state.marks, sessionId);
  }

  statusParts(): readonly string[] {
    return moldStatusParts(this.state.snapshot?.figures);
  }

  debugState(sessionId: bigint | undefined): MoldDebug | undefined {
    return moldDebug(this, sessionId);
  }

  music(frame: Frame): MusicFrame {
    return moldMusicFrame(frame);
  }

  takeFrame(frame: Frame): void {
    this.state.applyFrame(frame);
    // Last: the light's bytes are handed over (to the worker: transferred) and gone from here.
    this.light?.take(frame.number, frame.light);
  }

  show(viewport: Viewport): void {
    this.light ??= new WorldLight(this.canvases.light, { ramp: this.ramp, framesPerSecond: this.framesPerSecond, viewport: viewportFields(viewport) }, this.hooks);
    this.light.show(viewport);
    this.marksShown = true;
  }

  draw(scene: Scene): void {
    const { viewport, moved, nowMs } = scene;
    if (moved) this.light?.setViewport(viewport);
    this.light?.tick(nowMs);
    const marks = this.state.marks;
    if (marks.length > 0 || this.marksShown || moved) {
      paintMoldMarks(this.canvases.marks, viewport, moldMarkShapes(marks, viewport, nowMs / 1000, this.hooks.sessionId()));
      this.marksShown = marks.length > 0;
    }
  }

  hide(): void {
    this.light?.hide();
    clearCanvas(this.canvases.marks);
    this.marksShown = false;
  }

  forget(): void {
    // A standing network would look alive: the bare meadow until frames come again.
    this.light?.forget();
    this.state.forgetLive();
  }

  setFrameRate(framesPerSecond: number): void {
    this.framesPerSecond = framesPerSecond;
    this.light?.setFrameRate(framesPerSecond);
  }

  setPalette(palette: Palette): void {
    this.ramp = moldRamp(palette);
    this.light?.setRamp(this.ramp);
  }
}
