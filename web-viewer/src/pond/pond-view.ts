// The pond on screen (docs/rules.md "The pond"): the aquarium's school in the meadow's pond,
// drawn from above in the pond's palette (pond-painter.ts), its fish gliding between frames and
// bending as they turn (school-motion.ts); a tap on the water drops a crumb (its first tool is the
// flower), f and its button throw a handful the server scatters over the water (one message), the
// predator follows a hovering mouse and scatters the school; a ring where a crumb was eaten; its
// figures in the status line and to its theme; its settings panel from its schema.
import { World, type Frame, type Welcome } from "../gen/meadow/v1/viewer_pb";
import { musicFrame } from "../music/frame-to-music";
import type { MusicFrame } from "../music/music-frame";
import type { MusicLog } from "../music/music-log";
import { PondTheme } from "../music/pond/pond-theme";
import type { Theme } from "../music/theme";
import { handfulBytes } from "../net/messages";
import { rectFromProto } from "../net/proto-mapping";
import { clearCanvas } from "../render/canvas-2d";
import { pondOf, type Pond } from "../land/land-features";
import type { Spark } from "../render/marks";
import { DEFAULT_WORLD, sameRect, type Point, type WorldRect } from "../render/viewport";
import type { SettingsSource } from "../settings/settings-panel-model";
import { HOVERING_PREDATOR } from "../tools/tool-catalog";
import type { NoticeLevel } from "../ui/notice";
import { StateView } from "../worlds/state-view";
import type { Scene, WorldView } from "../worlds/world-view";
import { PondActions } from "./pond-actions";
import { PondCaptions } from "./pond-captions";
import { ownPoints } from "../gallery/own-things";
import { POND_CARD } from "./pond-card";
import { POND_HELP } from "./pond-help";
import { pondDebug, type PondDebug } from "./pond-debug";
import { POND_LOOKS } from "./pond-looks";
import { NOTHING_DRAWN, RIPPLE_S, paintPond, type PondDrawn, type PredatorShadow } from "./pond-painter";
import { PondState } from "./pond-state";
import { pondStatusParts } from "./pond-status";
import { PredatorShadows } from "./predator-shadows";
import { SchoolMotion } from "./school-motion";

export interface PondHooks {
  readonly say: (text: string, level: NoticeLevel) => void;
  readonly sessionId?: () => bigint | undefined;
  /** Where its handfuls of food go; returns whether the bytes went out (none in tests without a link). */
  readonly send?: (bytes: Uint8Array<ArrayBuffer>) => boolean;
  /** The phone's ⋯ menu: with it (a page), the pond has its own "throw food" button. */
  readonly menu?: HTMLElement;
}

const HINTS: Readonly<Record<string, string>> = {
  fish: "Fish in the school: a new number starts a fresh school",
  max_speed: "The fastest a fish swims, in the aquarium's pixels a step",
  cohesion: "How hard each fish is drawn towards its neighbours",
};

/** A handful thrown by this viewer, for the debug hook. */
export interface HandfulSent extends Point {
  readonly atMs: number;
}

export class PondView extends StateView<PondState> implements WorldView {
  readonly world = World.POND;
  readonly name = "pond";
  readonly greeting = "The pond: the aquarium's school (tap the water to feed it)";
  readonly card = POND_CARD;
  readonly help = POND_HELP;
  readonly captions = new PondCaptions();
  readonly musicTheme = (seed: number, log: MusicLog): Theme => new PondTheme(seed, log);
  /** The predator follows a hovering mouse and scatters the school, as in the other worlds that take it. */
  readonly hoverTools = HOVERING_PREDATOR;
  /** A tap on the water drops a crumb. */
  readonly firstTool = "flower" as const;
  readonly settings: SettingsSource;
  readonly actions: PondActions | undefined;
  /** What the latest drawing drew. */
  drawn: PondDrawn = NOTHING_DRAWN;
  /** Crumbs eaten since the page loaded (events seen), and the latest few, the last last. */
  eatenSeen = 0;
  readonly recentEaten: (Point & { readonly id: number })[] = [];
  /** Handfuls this viewer threw since the page loaded. */
  readonly handfuls: HandfulSent[] = [];
  readonly school = new SchoolMotion();
  private readonly predators = new PredatorShadows();
  private shadows: PredatorShadow[] = [];
  private ripples: Spark[] = [];
  /** The meadow's pond, grown from the meadow it lies in (the shore the server swims in). */
  private pondCache: { readonly meadow: WorldRect; readonly pond: Pond | undefined } | undefined;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly hooks: PondHooks,
  ) {
    super(new PondState());
    const state = this.state;
    this.settings = { title: "the pond", now: () => state.settings, hint: (name) => HINTS[name] };
    const menu = hooks.menu;
    this.actions =
      menu &&
      new PondActions(canvas.ownerDocument, {
        throwFood: () => this.throwFood(),
        locked: () => state.foodLocked,
        notThrown: () => hooks.say("Not connected to the meadow yet: the food was not thrown.", "warning"),
        menu,
      });
  }

  /** The meadow's pond: the water drawn and swum in. */
  get pond(): Pond | undefined {
    const meadow = this.state.worldBounds ?? DEFAULT_WORLD;
    if (!this.pondCache || !sameRect(this.pondCache.meadow, meadow)) this.pondCache = { meadow, pond: pondOf(0, 0, meadow) };
    return this.pondCache.pond;
  }

  landOf(welcome: Welcome): WorldRect | undefined {
    return rectFromProto(welcome.meadow);
  }

  readonly fireflies = undefined;
  readonly problem = undefined;

  /** This viewer's crumbs and predator. */
  ownPlaces(sessionId: bigint): Point[] {
    return ownPoints([...this.state.crumbs, ...this.state.predators], sessionId);
  }

  statusParts(): readonly string[] {
    return pondStatusParts(this.state.figures);
  }

  debugState(sessionId: bigint | undefined): PondDebug | undefined {
    return pondDebug(this, sessionId);
  }

  music(frame: Frame): MusicFrame {
    // The school's tightness and size, for its theme; crumbs eaten come as events.
    const p = frame.pond;
    return { ...musicFrame(frame), figures: p ? { spread: p.spread, fish: p.count } : undefined };
  }

  /** f, its button, the ⋯ menu's: one handful the server scatters over the water, sent towards the water's centre. */
  throwFood(): boolean {
    const water = this.state.water ?? this.pond?.bounds;
    if (!water || !this.hooks.send) return false;
    const at = { x: water.x + water.width / 2, y: water.y + water.height / 2 };
    if (!this.hooks.send(handfulBytes(at.x, at.y))) return false;
    this.handfuls.push({ ...at, atMs: performance.now() });
    if (this.handfuls.length > 20) this.handfuls.shift();
    return true;
  }

  takeFrame(frame: Frame, nowMs: number): void {
    this.state.applyFrame(frame);
    const fish = this.state.fish;
    if (frame.pond && fish) {
      this.school.push(fish, this.state.tick, nowMs);
      this.shadows = this.predators.update(this.state.predators, this.hooks.sessionId?.());
    }
    const nowS = nowMs / 1000;
    this.ripples = this.ripples.filter((r) => nowS - r.atS < RIPPLE_S);
    for (const e of this.state.eaten) {
      this.ripples.push({ x: e.x, y: e.y, atS: nowS });
      this.recentEaten.push(e);
      if (this.recentEaten.length > 20) this.recentEaten.shift();
      this.eatenSeen += 1;
    }
  }

  show(): void {}

  draw(scene: Scene): void {
    const pond = this.pond;
    if (!pond || !this.state.fish) {
      if (this.drawn !== NOTHING_DRAWN) clearCanvas(this.canvas);
      this.drawn = NOTHING_DRAWN;
      return;
    }
    const maxSpeed = this.state.figures?.maxSpeed ?? 0;
    this.drawn = paintPond(this.canvas, scene.viewport, {
      pond,
      look: POND_LOOKS[this.state.palette],
      fish: this.school.sample(scene.nowMs, scene.dt, maxSpeed),
      crumbs: this.state.crumbs,
      predators: this.shadows,
      ripples: this.ripples,
      timeS: scene.nowMs / 1000,
    });
  }

  hide(): void {
    clearCanvas(this.canvas);
    this.drawn = NOTHING_DRAWN;
  }

  forget(): void {
    this.state.forget();
    this.school.clear();
    this.predators.clear();
    this.shadows = [];
    this.ripples = [];
  }

  setFrameRate(framesPerSecond: number): void {
    this.school.setFrameRate(framesPerSecond);
  }

  setPalette(): void {
    // The pond's colours are its own palette's (its preset, from the frames), not the meadow's.
  }

  /** Where the school is now (its mean), world units; undefined before its fish come. */
  schoolCentre(): Point | undefined {
    const fish = this.state.fish;
    if (!fish || fish.length === 0) return undefined;
    let x = 0;
    let y = 0;
    for (const f of fish) {
      x += f.x;
      y += f.y;
    }
    return { x: x / fish.length, y: y / fish.length };
  }
}
