// What the viewer knows of the mold from its latest frames (docs/mold.md): its figures for the
// status line and the music, its shared settings and presets for the panel, the oat flakes and held
// pointers on the meadow, the meadow's bounds and the camera. Plain, validated values; nothing here
// draws. The trail itself is the frame's light, which goes to the light renderer.
import type { Frame, Mark } from "../gen/meadow/v1/viewer_pb";
import type { MoldState as MoldStateMessage } from "../gen/meadow/v1/mold/mold_frame_pb";
import { marksFromProto, rectFromProto, type MarkView } from "../net/proto-mapping";
import type { WorldRect } from "../render/viewport";

export interface MoldFiguresView {
  readonly agents: number;
  readonly stepsPerSecond: number;
  /** Share of the map's cells above the map's mean, 0 … 1. */
  readonly coverage: number;
  readonly components: number;
  readonly holes: number;
  readonly junctions: number;
  /** The mold step these figures were measured at (about once a second). */
  readonly measuredStep: number;
}

/** The mold's shared settings as the server has them (every one set). */
export interface MoldSettingsView {
  readonly agents: number;
  /** Degrees either side of the heading. */
  readonly sensorAngle: number;
  /** Degrees an agent turns in a step. */
  readonly turnAngle: number;
  /** Map cells ahead. */
  readonly sensorDistance: number;
  readonly deposit: number;
  readonly decay: number;
  readonly diffusion: number;
  readonly occupancy: boolean;
  /** The named preset these settings are, or "" when they are none. */
  readonly preset: string;
}

export interface MoldPresetView {
  readonly name: string;
  readonly title: string;
}

export interface MoldSnapshot {
  readonly figures: MoldFiguresView | undefined;
  readonly settings: MoldSettingsView | undefined;
  readonly presets: readonly MoldPresetView[];
  readonly settingsLocked: boolean;
  readonly mapWidth: number;
  readonly mapHeight: number;
  readonly minAgents: number;
  readonly maxAgents: number;
  /** Oat flakes on the meadow now, and how many may lie there before a drop is refused. */
  readonly food: number;
  readonly maxFood: number;
}

/** A mark in the mold: an oat flake (flower) keeps how much of it is left. */
export interface MoldMarkView extends MarkView {
  /** FLOWER: 1 (fresh) … 0 (eaten up); other marks: 1. */
  readonly amount: number;
}

export class MoldState {
  snapshot: MoldSnapshot | undefined;
  marks: readonly MoldMarkView[] = [];
  viewers: number | undefined;
  /** The meadow, as the frames say; the camera's aim. */
  worldBounds: WorldRect | undefined;
  cameraTarget: WorldRect | undefined;
  /** Mold frames taken since the page loaded. */
  frames = 0;

  applyFrame(frame: Frame): void {
    this.frames += 1;
    this.viewers = frame.viewers;
    if (frame.mold) this.snapshot = moldFromProto(frame.mold);
    this.marks = Object.freeze(moldMarksFromProto(frame.marks));
    const bounds = rectFromProto(frame.worldBounds);
    if (bounds) this.worldBounds = bounds;
    this.cameraTarget = rectFromProto(frame.camera) ?? this.worldBounds;
  }

  /** A new link: what the last server said about marks and viewers no longer holds. */
  forgetLive(): void {
    this.marks = [];
    this.viewers = undefined;
  }
}

export function moldFromProto(m: MoldStateMessage): MoldSnapshot {
  const f = m.figures;
  const s = m.settings;
  return {
    figures: f && {
      agents: f.agents,
      stepsPerSecond: finite(f.stepsPerSecond),
      coverage: unit(f.coverage),
      components: f.components,
      holes: f.holes,
      junctions: f.junctions,
      measuredStep: Number(f.measuredStep),
    },
    settings: s && {
      agents: s.agents,
      sensorAngle: finite(s.sensorAngle),
      turnAngle: finite(s.turnAngle),
      sensorDistance: finite(s.sensorDistance),
      deposit: finite(s.deposit),
      decay: finite(s.decay),
      diffusion: finite(s.diffusion),
      occupancy: s.occupancy,
      preset: s.preset,
    },
    presets: m.presets.filter((p) => p.name.length > 0).map((p) => ({ name: p.name, title: p.title || p.name })),
    settingsLocked: m.settingsLocked,
    mapWidth: m.mapWidth,
    mapHeight: m.mapHeight,
    minAgents: m.minAgents,
    maxAgents: m.maxAgents,
    food: m.food,
    maxFood: m.maxFood,
  };
}

export function moldMarksFromProto(marks: readonly Mark[]): MoldMarkView[] {
  const out: MoldMarkView[] = [];
  for (const m of marks) {
    const [view] = marksFromProto([m]);
    if (!view) continue;
    out.push({ ...view, amount: view.tool === "flower" ? unit(m.amount) : 1 });
  }
  return out;
}

function finite(v: number): number {
  return Number.isFinite(v) ? v : 0;
}

function unit(v: number): number {
  return Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0;
}
