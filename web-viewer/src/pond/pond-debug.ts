// The pond's part of the debug hook (window.__meadow.pond): its figures, its water, palette and
// settings, its crumbs and predators, what was drawn, the crumbs eaten and the handfuls this viewer
// threw, and where its fish are, while it is shown.
import type { SettingsNow } from "../settings/settings-panel-model";
import type { Point, WorldRect } from "../render/viewport";
import type { PondFigures, PondPaletteName } from "./pond-state";
import type { HandfulSent, PondView } from "./pond-view";

export interface PondDebug extends PondFigures {
  /** Pond frames taken since the page loaded, and frames whose fish were refused. */
  readonly frames: number;
  readonly refused: number;
  /** The water's box as the frames say, and the pond drawn (pondOf(0, 0): its centre, radii and lily pads). */
  readonly water: WorldRect | undefined;
  readonly drawnPond: { readonly x: number; readonly y: number; readonly rx: number; readonly ry: number; readonly bounds: WorldRect; readonly pads: readonly { readonly x: number; readonly y: number; readonly r: number }[] } | undefined;
  readonly palette: PondPaletteName;
  readonly settings: SettingsNow | undefined;
  /** Fish in the latest drawing, and how many of them bent (turning); crumbs drawn. */
  readonly fishDrawn: number;
  readonly bentDrawn: number;
  readonly crumbsDrawn: number;
  /** Every crumb in the pond now (`own`: this viewer's), and every predator. */
  readonly crumbList: readonly { readonly id: number; readonly x: number; readonly y: number; readonly own: boolean }[];
  readonly predators: readonly { readonly x: number; readonly y: number; readonly own: boolean }[];
  /** Crumbs seen eaten since the page loaded; the latest of them (its id and where it lay), and the few before it. */
  readonly eatenSeen: number;
  readonly lastEaten: (Point & { readonly id: number }) | undefined;
  readonly recentEaten: readonly (Point & { readonly id: number })[];
  /** Handfuls this viewer threw (one message each). */
  readonly handfuls: readonly HandfulSent[];
  /** The school's centre, and each fish (world units, to a tenth). */
  readonly centre: Point | undefined;
  readonly fishAt: readonly Point[];
}

export function pondDebug(view: PondView, sessionId: bigint | undefined): PondDebug | undefined {
  const s = view.state;
  const f = s.figures;
  if (!f) return undefined;
  const own = (owner: bigint): boolean => sessionId !== undefined && sessionId !== 0n && owner === sessionId;
  const p = view.pond;
  const tenth = (v: number): number => Math.round(v * 10) / 10;
  return {
    ...f,
    frames: s.frames,
    refused: s.refused,
    water: s.water,
    drawnPond: p && { x: p.x, y: p.y, rx: p.rx, ry: p.ry, bounds: p.bounds, pads: p.pads.map((l) => ({ x: l.x, y: l.y, r: l.r })) },
    palette: s.palette,
    settings: s.settings,
    fishDrawn: view.drawn.fish,
    bentDrawn: view.drawn.bent,
    crumbsDrawn: view.drawn.crumbs,
    crumbList: s.crumbs.map((c) => ({ id: c.id, x: c.x, y: c.y, own: own(c.owner) })),
    predators: s.predators.map((d) => ({ x: d.x, y: d.y, own: own(d.owner) })),
    eatenSeen: view.eatenSeen,
    lastEaten: view.recentEaten.at(-1),
    recentEaten: [...view.recentEaten],
    handfuls: [...view.handfuls],
    centre: view.schoolCentre(),
    fishAt: (s.fish ?? []).map((x) => ({ x: tenth(x.x), y: tenth(x.y) })),
  };
}

declare module "../debug/hook" {
  interface WorldDebugs {
    readonly pond: PondDebug | undefined;
  }
}
