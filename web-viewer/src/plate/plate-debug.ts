// The plate's part of the debug hook (window.__meadow.plate): its figures, settings, trails and
// what was drawn, while it is shown.
import type { SettingsNow } from "../settings/settings-panel-model";
import type { SavedExport } from "./plate-export";
import type { PlateFigures } from "./plate-state";
import type { PlateView } from "./plate-view";

export interface PlateDebug extends PlateFigures {
  /** Plate frames taken since the page loaded, and frames whose birds were refused. */
  readonly frames: number;
  readonly refused: number;
  readonly plate: { readonly x: number; readonly y: number; readonly width: number; readonly height: number } | undefined;
  readonly settings: SettingsNow | undefined;
  /** Frames of history kept now, and the most the settings ask. */
  readonly historyFrames: number;
  readonly trailLength: number;
  /** Birds and trail points in the latest drawing. */
  readonly birdsDrawn: number;
  readonly trailPoints: number;
  /** The first bird, plate units (for tests that follow one). */
  readonly firstBird: { readonly x: number; readonly y: number; readonly heading: number } | undefined;
  readonly announcements: readonly string[];
  /** Files its exports saved since the page loaded; whether a fresh study is awaited. */
  readonly exports: { readonly saved: readonly SavedExport[]; readonly waiting: boolean };
}

export function plateDebug(view: PlateView): PlateDebug | undefined {
  const s = view.state;
  const f = s.figures;
  if (!f) return undefined;
  const b = s.birds;
  return {
    ...f,
    frames: s.frames,
    refused: s.refused,
    plate: s.plate,
    settings: s.settings,
    historyFrames: s.history.length,
    trailLength: s.trailLength,
    birdsDrawn: view.drawn.birds,
    trailPoints: view.drawn.trailPoints,
    firstBird: b && b.x.length > 0 ? { x: b.x[0]!, y: b.y[0]!, heading: b.heading[0]! } : undefined,
    announcements: [...view.announcements],
    exports: { saved: [...(view.actions?.saved ?? [])], waiting: view.actions?.waitingFresh ?? false },
  };
}

declare module "../debug/hook" {
  interface WorldDebugs {
    readonly plate: PlateDebug | undefined;
  }
}
