// What the viewer knows of the swarm from the latest frames: figures for the status line and
// the controls, every viewer's marks, the world's bounds and the camera's target. Plain,
// validated values; nothing here draws.
import type { Frame } from "../gen/meadow/v1/viewer_pb";
import type { SwarmFigures } from "../gen/meadow/v1/swarm/swarm_frame_pb";
import { marksFromProto, rectFromProto, type MarkView } from "../net/proto-mapping";
import type { WorldRect } from "../render/viewport";
import { crossingsFromEvents, type OrderCrossingView } from "./order-crossings";
import { MAX_COUNT } from "../ui/count-step";
import type { Weights } from "./weight-sliders";

export interface Figures {
  readonly count: number;
  /** The count asked for; equals `count` once arrivals and departures are done. */
  readonly target: number;
  readonly weights: Weights;
  /** The speed band's factor, 0.5 … 2 (1: the usual 1.8 … 3.2 units a step). */
  readonly speed: number;
  readonly settingsLocked: boolean;
  /** The most fireflies this viewer may ask for (the operator may have set more). */
  readonly viewerMaxCount: number;
  readonly fed: number;
  readonly slowed: boolean;
  readonly order: number;
  /** The swarm's pace, steps a second (60·√(meadows wide)); 60 from a server that does not say. */
  readonly targetStepsPerSecond: number;
}

/**
 * Steps a second of a one-meadow swarm (docs/rules.md "The swarm · Pace"), which is also the ticks
 * a second.
 */
export const USUAL_STEPS_PER_SECOND = 60;

export class SwarmState {
  figures: Figures | undefined;
  marks: readonly MarkView[] = [];
  viewers: number | undefined;
  /** The swarm's world; from the Welcome until frames carry it. */
  worldBounds: WorldRect | undefined;
  cameraTarget: WorldRect | undefined;
  /** Whether the latest frame carried the world's bounds (servers before the growing world did not). */
  boundsInFrames = false;
  /** Crumbs eaten in the latest frame (world positions), for a little flash. */
  eaten: readonly { readonly x: number; readonly y: number }[] = [];
  /** The order crossings the server announced in the latest frame. */
  crossings: readonly OrderCrossingView[] = [];

  applyFrame(frame: Frame): void {
    this.viewers = frame.viewers;
    if (frame.swarm) this.figures = figuresFromProto(frame.swarm);
    this.marks = Object.freeze(marksFromProto(frame.marks));
    const bounds = rectFromProto(frame.worldBounds);
    if (bounds) this.worldBounds = bounds;
    this.boundsInFrames = bounds !== undefined;
    // An older server sends no camera: the whole world is the view.
    this.cameraTarget = rectFromProto(frame.camera) ?? this.worldBounds;
    const eaten: { x: number; y: number }[] = [];
    for (const ev of frame.events) {
      if (ev.body.case !== "crumbEaten") continue;
      const p = ev.body.value.position;
      if (p && Number.isFinite(p.x) && Number.isFinite(p.y)) eaten.push({ x: p.x, y: p.y });
    }
    this.eaten = eaten;
    this.crossings = crossingsFromEvents(frame.events);
  }

  /** A new link: what the last server said about marks and viewers no longer holds. */
  forgetLive(): void {
    this.marks = [];
    this.eaten = [];
    this.crossings = [];
    this.viewers = undefined;
  }
}

export function figuresFromProto(s: SwarmFigures): Figures {
  return {
    count: s.count,
    // A server that predates target_count leaves it 0: the count is the target then.
    target: s.targetCount > 0 ? s.targetCount : s.count,
    weights: { separation: s.separation, alignment: s.alignment, cohesion: s.cohesion },
    // A server that predates the speed setting leaves it 0: its fireflies fly the usual band.
    speed: s.speed > 0 ? s.speed : 1,
    settingsLocked: s.settingsLocked,
    // A server that predates the viewers' ceiling leaves it 0: the viewer's own range holds.
    viewerMaxCount: s.viewerMaxCount > 0 ? Math.min(s.viewerMaxCount, MAX_COUNT) : MAX_COUNT,
    fed: Number(s.fed),
    slowed: s.slowed,
    order: s.order,
    targetStepsPerSecond: s.targetStepsPerSecond > 0 ? s.targetStepsPerSecond : USUAL_STEPS_PER_SECOND,
  };
}
