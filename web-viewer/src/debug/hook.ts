// A small read-only window into the viewer for tests and curious people:
// window.__meadow.connected, .world, .replay, each world's own part under its name, the entries a
// world keeps at the top (WorldHookEntries: its light's frames, its marks, …), .worldToScreen(x, y)
// and a few figures.
import type { SentAction } from "../app/controls";
import type { GalleryDebug } from "../gallery/gallery";
import type { ReplayDebug } from "../replay/replay-control";
import type { WorldName } from "../worlds/world-view";
import type { BreezeView } from "../wind/breeze";
import type { RockView } from "../render/rocks";
import type { Point, WorldRect } from "../render/viewport";
import type { ToolName } from "../tools/tool-catalog";
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

/** Timings the viewer measures of itself, ms; a world adds its own (WorldTimings). */
export interface TimingDebug extends WorldTimings {
  /** Main-thread time of each animation frame's work (render loop). */
  readonly frame: DurationDebug;
}

export interface DurationDebug {
  readonly count: number;
  readonly meanMs: number;
  readonly maxMs: number;
  readonly recentMs: number;
}

/** The experience around the meadow: palette, start, kiosk, the ground's painting, timings; a world adds its part (WorldExperience). */
export interface ExperienceDebug extends WorldExperience {
  readonly palette: string;
  readonly started: boolean;
  readonly kiosk: boolean;
  readonly moreOpen: boolean;
  /**
   * Tiles of ground still to paint, painted so far, the longest frame the main thread spent on
   * them after the first painting (ms), their painting time in all (ms), and whether a worker paints them.
   */
  readonly ground: { readonly pending: number; readonly tiles: number; readonly longestFrameMs: number; readonly paintMs: number; readonly worker: boolean };
  /** Whether this device keeps up, as the status line last judged it (util/keep-up.ts). */
  readonly keepUp: KeepUp;
  readonly timings: TimingDebug;
}

export interface MeadowDebug extends WorldDebugs, WorldHookEntries {
  readonly connected: boolean;
  /** Frames received since the page loaded, of any world, live or replayed. */
  readonly framesReceived: number;
  readonly rocks: readonly RockView[];
  readonly viewers: number | undefined;
  readonly latencyMs: number | undefined;
  /** The active tool's name. */
  readonly tool: string;
  /** Whether a tool follows the mouse now (the predator, hovering on a desktop). */
  readonly hovering: boolean;
  /** This viewer's own look: whether the meadow covers the screen (touch), and its zoom and offset. */
  readonly look: { readonly covers: boolean; readonly zoom: number; readonly u: number; readonly v: number };
  /** The latest tool actions this viewer sent (at most 200). */
  readonly sentActions: readonly SentAction[];
  /** Server notices received (the latest 50). */
  readonly notices: readonly { readonly code: string; readonly text: string }[];
  readonly worldBounds: WorldRect;
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
}

/**
 * Each world's own part of the hook (WorldView.debugState), under its name while that world is
 * shown: a world adds its entry from its own folder, by augmenting this interface
 * (`declare module "../debug/hook" { interface WorldDebugs { … } }`, as each world's *-debug.ts does).
 */
export interface WorldDebugs {}

/** The worlds whose views give a part of their own. */
export type WorldDebugName = keyof WorldDebugs;

/**
 * Entries a world keeps at the top of the hook, whichever world is shown (its light's frames, its
 * marks, its figures; WorldDebugParts.entries): added from its own folder, as WorldDebugs is.
 */
export interface WorldHookEntries {}

/** A world's part of `experience` (its light's path and codecs; WorldDebugParts.experience). */
export interface WorldExperience {}

/** A world's part of `experience.timings`. */
export interface WorldTimings {}

/** What a world gives the hook besides its part under its name (WorldView.debugParts). */
export interface WorldDebugParts {
  /** Its entries at the top (read when asked: getters). */
  readonly entries?: object;
  /** Its part of `experience`, and of its timings. */
  experience?(): object & { readonly timings?: object };
}

/** What the page tells a world's debug parts. */
export interface DebugPage {
  readonly sessionId: () => bigint | undefined;
  /** Whether the Hello offers the server video light now, and why video was turned off. */
  readonly videoOffered: () => boolean;
  readonly videoProblem: () => string | undefined;
  /** The world shown now (undefined before the first frame). */
  readonly shown: () => WorldName | undefined;
}

declare global {
  interface Window {
    __meadow?: MeadowDebug;
  }
}

export function installDebugHook(source: MeadowDebug): void {
  Object.defineProperty(window, "__meadow", { value: Object.freeze(source), writable: false, configurable: false });
}
