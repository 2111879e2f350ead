// A small read-only window into the viewer for tests and curious people:
// window.__meadow.connected, .frames, .rocks, .marks, .world, .replay, each world's own part under its name,
// .worldToScreen(x, y) and
// a few figures.
import type { SentAction } from "../app/controls";
import type { GalleryDebug } from "../gallery/gallery";
import type { ReplayDebug } from "../replay/replay-control";
import type { WorldName } from "../worlds/world-view";
import type { BreezeView } from "../wind/breeze";
import type { LightWhere } from "../render/light-host";
import type { RimView } from "../render/rock-rims";
import type { RockView } from "../render/rocks";
import type { Point, WorldRect } from "../render/viewport";
import type { ToolName } from "../tools/tool-catalog";
import type { Weights } from "../ui/weight-sliders";
import type { KeepUp } from "../util/keep-up";

export interface MarkDebug {
  readonly id: number;
  readonly tool: ToolName;
  readonly x: number;
  readonly y: number;
  readonly radius: number;
  /** Made by this viewer. */
  readonly own: boolean;
}

/**
 * The swarm's trails (docs/rules.md "The swarm · Trails"): the live layer (t) and the recordings
 * (r).
 */
export interface TrailsDebug {
  /** The live layer is on. */
  readonly on: boolean;
  /** Fireflies followed and points kept; strokes drawn in the latest redraw. */
  readonly ids: number;
  readonly points: number;
  readonly strokes: number;
  /** A recording is under way. */
  readonly recording: boolean;
  /** Recordings saved since the page loaded: the file and how many polylines it holds. */
  readonly saved: readonly { readonly fileName: string; readonly polylines: number; readonly trails: number }[];
}

/** The swarm's order parameter on screen (docs/rules.md "The swarm · Measures"). */
export interface OrderDebug {
  /** The latest frame's, 0 … 1. */
  readonly latest: number | undefined;
  /** Points of the last minute's trace. */
  readonly samples: number;
  /** Thresholds whose crossings were announced. */
  readonly thresholds: readonly number[];
  /** What the latest crossing said, and the caption on screen now (undefined once it faded). */
  readonly announcement: string | undefined;
  readonly caption: string | undefined;
  /** Crossings said on screen since the page loaded. */
  readonly announcements: number;
}

/** Timings the viewer measures of itself, ms. */
export interface TimingDebug {
  /** From navigation start to the first light frame drawn; undefined before it. */
  readonly firstLightMs: number | undefined;
  /** Main-thread time of each animation frame's work (render loop). */
  readonly frame: DurationDebug;
  /** Decoding one light frame (decompress, delta, raster; a video frame: copying its picture out), on the light's thread. */
  readonly decode: DurationDebug;
  /** Drawing the light once (WebGL2 calls), on the light's thread. */
  readonly lightDraw: DurationDebug;
}

export interface DurationDebug {
  readonly count: number;
  readonly meanMs: number;
  readonly maxMs: number;
  readonly recentMs: number;
}

/** The swarm's light: where it is decoded and drawn, and in which codecs it comes. */
export interface LightDebug {
  /** Its worker, or the main thread (the fallback, or `?light=main`). */
  readonly path: LightWhere;
  /** Whether the Hello offers the server VP9 video now (not with `?light=zstd`, nor after a decoder failed). */
  readonly videoOffered: boolean;
  /** Why video was turned off: the video decoder's failure; undefined while none failed. */
  readonly videoProblem: string | undefined;
  /** The swarm's light frames shown since the page loaded, by the codec they came in. */
  readonly framesByCodec: { readonly zstd: number; readonly vp9: number };
  /** Video frames of upper temporal layers it left out while decoding was behind. */
  readonly framesSkipped: number;
}

/** The experience around the meadow: palette, start, kiosk, the ground's painting, timings. */
export interface ExperienceDebug {
  readonly palette: string;
  readonly started: boolean;
  readonly kiosk: boolean;
  readonly moreOpen: boolean;
  /**
   * Tiles of ground still to paint, painted so far, the longest frame the main thread spent on
   * them after the first painting (ms), their painting time in all (ms), and whether a worker paints them.
   */
  readonly ground: { readonly pending: number; readonly tiles: number; readonly longestFrameMs: number; readonly paintMs: number; readonly worker: boolean };
  readonly light: LightDebug;
  /** Whether this device keeps up, as the status line last judged it (util/keep-up.ts). */
  readonly keepUp: KeepUp;
  readonly timings: TimingDebug;
}

export interface MeadowDebug extends WorldDebugs {
  readonly connected: boolean;
  /** Light frames decoded and shown since the page loaded. */
  readonly frames: number;
  /** Frames received since the page loaded, of any world, live or replayed. */
  readonly framesReceived: number;
  readonly droppedFrames: number;
  readonly decodeErrors: number;
  readonly rocks: readonly RockView[];
  /** The rocks' rim light as drawn in the latest animation frame (swarm). */
  readonly rims: readonly RimView[];
  /** Every viewer's marks in the latest frame. */
  readonly marks: readonly MarkDebug[];
  readonly fireflies: number | undefined;
  /** The server's target_count (its count when it sends none). */
  readonly targetCount: number | undefined;
  /** The last count this viewer asked for with ↑/↓. */
  readonly requestedCount: number | undefined;
  readonly weights: Weights | undefined;
  /** The swarm's speed factor as its latest frame says (0.5 … 2). */
  readonly speed: number | undefined;
  readonly trails: TrailsDebug;
  readonly settingsLocked: boolean;
  readonly viewers: number | undefined;
  readonly latencyMs: number | undefined;
  readonly lightAvailable: boolean;
  /** The active tool's name. */
  readonly tool: string;
  /** Whether a tool follows the mouse now (the predator, hovering on a desktop). */
  readonly hovering: boolean;
  /** The swarm's order parameter as its trace keeps it, and what its latest crossing said. */
  readonly order: OrderDebug;
  /** This viewer's own look: whether the meadow covers the screen (touch), and its zoom and offset. */
  readonly look: { readonly covers: boolean; readonly zoom: number; readonly u: number; readonly v: number };
  /** The latest tool actions this viewer sent (at most 200). */
  readonly sentActions: readonly SentAction[];
  /** Server notices received (the latest 50). */
  readonly notices: readonly { readonly code: string; readonly text: string }[];
  readonly worldBounds: WorldRect;
  /** Whether frames carry the world's bounds (a server with the growing world). */
  readonly boundsInFrames: boolean;
  /** The view now (gliding) and the shared camera's target. */
  readonly camera: WorldRect;
  readonly cameraTarget: WorldRect | undefined;
  readonly helpVisible: boolean;
  readonly sessionId: string | undefined;
  /** The world of the latest frame (what is drawn), and the one this viewer asked for (w). */
  readonly world: WorldName;
  readonly chosenWorld: WorldName;
  /** The worlds w goes through: those the server offers that this viewer can draw. */
  readonly worlds: readonly WorldName[];
  /** The breeze of the latest frame (either world). */
  readonly breeze: BreezeView | undefined;
  /**
   * Motes and gust streaks drawn in the latest animation frame, and the seconds of breeze the
   * motes have been carried along (long animation frames cut short).
   */
  readonly air: { readonly motes: number; readonly streaks: number; readonly carriedS: number };
  readonly experience: ExperienceDebug;
  /** The gallery's part: the caption on screen, the rings round one's own things, a kiosk's join card. */
  readonly gallery: GalleryDebug;
  /** "Tonight so far": the night replayed, as the bar shows it, and the requests sent. */
  readonly replay: ReplayDebug;
  /** World units → page CSS pixels (clientX/clientY space). */
  worldToScreen(x: number, y: number): Point;
  /** Colony fireflies (as drawn now) within `radius` world units of (x, y); 0 outside the colony. */
  firefliesNear(x: number, y: number, radius: number): number;
}

/**
 * Each world's own part of the hook (WorldView.debugState), under its name while that world is
 * shown: a world adds its entry from its own folder, by augmenting this interface
 * (`declare module "../debug/hook" { interface WorldDebugs { … } }`, as colony-debug.ts does).
 */
export interface WorldDebugs {}

/** The worlds whose views give a part of their own. */
export type WorldDebugName = keyof WorldDebugs;

declare global {
  interface Window {
    __meadow?: MeadowDebug;
  }
}

export function installDebugHook(source: MeadowDebug): void {
  Object.defineProperty(window, "__meadow", { value: Object.freeze(source), writable: false, configurable: false });
}
