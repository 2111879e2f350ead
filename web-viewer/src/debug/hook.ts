// A small read-only window into the viewer for tests and curious people:
// window.__meadow.connected, .frames, .rocks, .worldToScreen(x, y) and a few figures.
import type { RockView } from "../render/rocks";
import type { Point } from "../render/viewport";

export interface MeadowDebug {
  readonly connected: boolean;
  /** Light frames decoded and shown since the page loaded. */
  readonly frames: number;
  readonly droppedFrames: number;
  readonly decodeErrors: number;
  readonly rocks: readonly RockView[];
  readonly fireflies: number | undefined;
  readonly viewers: number | undefined;
  readonly latencyMs: number | undefined;
  readonly lightAvailable: boolean;
  /** The active tool's name ("rock" is the only one in this cut). */
  readonly tool: string;
  /** World units → page CSS pixels (clientX/clientY space). */
  worldToScreen(x: number, y: number): Point;
}

declare global {
  interface Window {
    __meadow?: MeadowDebug;
  }
}

export function installDebugHook(source: MeadowDebug): void {
  Object.defineProperty(window, "__meadow", { value: Object.freeze(source), writable: false, configurable: false });
}
