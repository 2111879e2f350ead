// The colony on screen (docs/rules.md "The colony", "The viewer"): its stump, flowers, frogs and
// glowing fireflies, moving smoothly between its frames (ColonyFrames keeps what they say,
// ColonyLayer draws it); its size, store, flowers and frogs in the status line; its figures to the
// music.
import { World, type Frame, type Welcome } from "../gen/meadow/v1/viewer_pb";
import type { MusicFrame } from "../music/music-frame";
import type { MusicLog } from "../music/music-log";
import { colonyMusicFrame } from "../music/colony/colony-music-frame";
import { ColonyTheme } from "../music/colony/colony-theme";
import type { Theme } from "../music/theme";
import { rectFromProto } from "../net/proto-mapping";
import type { Point, Viewport, WorldRect } from "../render/viewport";
import type { Scene, WorldView } from "../worlds/world-view";
import type { DebugPage, WorldDebugParts } from "../debug/hook";
import { colonyDebug, colonyDebugParts, type ColonyDebug } from "./colony-debug";
import { ColonyFrames } from "./colony-frames";
import { ColonyLayer } from "./colony-layer";
import type { ColonyMotion } from "./colony-light";
import { colonyStatusParts } from "./colony-status";
import { COLONY_CARD } from "./colony-card";
import { COLONY_HELP } from "./colony-help";
import { ColonyCaptions } from "./colony-captions";
import { ownPoints } from "../gallery/own-things";

export interface ColonyCanvases {
  /** The stump and the flowers (painted over the meadow). */
  readonly things: HTMLCanvasElement;
  /** The fireflies' light (added onto the meadow). */
  readonly light: HTMLCanvasElement;
  /** The frogs (painted over the things, under the light). */
  readonly frogs: HTMLCanvasElement;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export class ColonyView implements WorldView {
  readonly world = World.COLONY;
  readonly name = "colony";
  readonly greeting = "The colony: fireflies living off the stump";
  readonly card = COLONY_CARD;
  readonly help = COLONY_HELP;
  readonly captions = new ColonyCaptions();
  readonly musicTheme = (seed: number, log: MusicLog): Theme => new ColonyTheme(seed, log);
  readonly frames = new ColonyFrames();
  readonly layer: ColonyLayer;
  /** What moves in the colony now, refilled every animation frame. */
  private readonly motion: Mutable<ColonyMotion> = { fireflies: [], effects: [], breeze: undefined, sinceFrameS: 0 };

  constructor(canvases: ColonyCanvases) {
    this.layer = new ColonyLayer(canvases.things, canvases.light, canvases.frogs);
  }

  landOf(welcome: Welcome): WorldRect | undefined {
    // The colony's land is the whole meadow.
    return rectFromProto(welcome.meadow);
  }

  get worldBounds(): WorldRect | undefined {
    return this.frames.worldBounds;
  }

  get cameraTarget(): WorldRect | undefined {
    return this.frames.cameraTarget;
  }

  get viewers(): number | undefined {
    return this.frames.viewers;
  }

  get fireflies(): number | undefined {
    return this.frames.snapshot?.size;
  }

  readonly problem = undefined;

  /** This viewer's frogs (the colony's flowers carry no one's name). */
  ownPlaces(sessionId: bigint): Point[] {
    return ownPoints(this.frames.snapshot?.frogs ?? [], sessionId);
  }

  statusParts(): readonly string[] {
    const c = this.frames.snapshot;
    if (!c) return [];
    return colonyStatusParts({ size: c.size, store: c.store, flowersInBloom: c.flowersInBloom, dormant: c.dormant, frogs: c.frogs.length });
  }

  debugState(sessionId: bigint | undefined): ColonyDebug | undefined {
    return colonyDebug(this, sessionId);
  }

  debugParts(page: DebugPage): WorldDebugParts {
    return colonyDebugParts(this, page);
  }

  music(frame: Frame): MusicFrame {
    return colonyMusicFrame(frame);
  }

  takeFrame(frame: Frame, nowMs: number): void {
    this.frames.applyFrame(frame, nowMs);
  }

  show(_viewport: Viewport): void {}

  draw(scene: Scene): void {
    const snapshot = this.frames.snapshot;
    if (!snapshot) {
      this.layer.clear();
      return;
    }
    const motion = this.motion;
    motion.fireflies = this.frames.fireflies(scene.nowMs);
    motion.effects = this.frames.effectsAt(scene.nowMs);
    motion.breeze = scene.breeze;
    motion.sinceFrameS = (scene.nowMs - this.frames.arrivedMs) / 1000;
    this.layer.draw(scene.viewport, snapshot, motion, scene.nowMs / 1000);
    this.layer.drawFrogs(scene.viewport, this.frames.frogs(scene.nowMs), this.frames.frogCatches, scene.tool === "frog");
  }

  hide(): void {
    this.forget();
  }

  forget(): void {
    this.frames.forget();
    this.layer.clear();
  }

  setFrameRate(framesPerSecond: number): void {
    this.frames.setFrameRate(framesPerSecond);
  }

  setPalette(): void {
    // The colony's colours are its own (fireflies' gold, the flowers'): no palette to follow.
  }
}
