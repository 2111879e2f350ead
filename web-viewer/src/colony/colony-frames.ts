// What the viewer knows of the colony from the latest colony frames: the snapshot (stump,
// store, flowers, figures), the fireflies' and frogs' motion between frames, where each gulping
// frog caught its firefly, the events' flourishes, the viewers, the meadow's bounds and the
// camera. Plain, validated values; nothing here draws.
import type { Frame } from "../gen/meadow/v1/viewer_pb";
import { rectFromProto } from "../net/proto-mapping";
import type { Point, WorldRect } from "../render/viewport";
import { effectsFromEvents, liveEffects, type Effect, type LiveEffect } from "./colony-effects";
import { colonyFromProto, type ColonySnapshot, type FireflyView, type FrogView } from "./colony-snapshot";
import { FireflyMotion } from "./firefly-motion";
import { FrogMotion } from "./frog-motion";

export class ColonyFrames {
  snapshot: ColonySnapshot | undefined;
  viewers: number | undefined;
  worldBounds: WorldRect | undefined;
  cameraTarget: WorldRect | undefined;
  /** Colony frames received since the page loaded. */
  frames = 0;
  /** When the snapshot's frame arrived (ms, the clock applyFrame is given). */
  arrivedMs = 0;
  private readonly motion = new FireflyMotion();
  private readonly frogMotion = new FrogMotion();
  private effects: Effect[] = [];
  /** Where each frog that is gulping now caught its firefly (the frames' FrogCatch events). */
  readonly frogCatches = new Map<number, Point>();

  setFrameRate(framesPerSecond: number): void {
    this.motion.setFrameRate(framesPerSecond);
    this.frogMotion.setFrameRate(framesPerSecond);
  }

  applyFrame(frame: Frame, nowMs: number): void {
    this.frames += 1;
    this.viewers = frame.viewers;
    this.worldBounds = rectFromProto(frame.worldBounds) ?? this.worldBounds;
    this.cameraTarget = rectFromProto(frame.camera) ?? this.worldBounds;
    // A colony frame without its colony says nothing new about it: keep what was shown.
    if (!frame.colony) return;
    this.snapshot = colonyFromProto(frame.colony);
    this.arrivedMs = nowMs;
    this.motion.push(this.snapshot.fireflies, nowMs);
    this.frogMotion.push(this.snapshot.frogs, nowMs);
    this.noteCatches(frame, this.snapshot.frogs);
    const nowS = nowMs / 1000;
    this.effects = [...liveEffects(this.effects, nowS), ...effectsFromEvents(frame.events, this.snapshot.stump, nowS)];
  }

  /** The events' flourishes still running at `nowMs`. */
  effectsAt(nowMs: number): LiveEffect[] {
    return liveEffects(this.effects, nowMs / 1000);
  }

  /** The fireflies to draw at `nowMs`, between the two latest frames. */
  fireflies(nowMs: number): FireflyView[] {
    return this.motion.sample(nowMs);
  }

  /** The frogs to draw at `nowMs`, between the two latest frames. */
  frogs(nowMs: number): FrogView[] {
    return this.frogMotion.sample(nowMs);
  }

  /** Left the colony, or a new link: nothing shown holds any more. */
  forget(): void {
    this.snapshot = undefined;
    this.viewers = undefined;
    this.motion.clear();
    this.frogMotion.clear();
    this.frogCatches.clear();
    this.effects = [];
  }

  /** A frog's catch is kept while it gulps: its tongue flicks towards it. */
  private noteCatches(frame: Frame, frogs: readonly FrogView[]): void {
    for (const ev of frame.events) {
      if (ev.body.case !== "frogCatch") continue;
      const p = ev.body.value.position;
      if (p && Number.isFinite(p.x) && Number.isFinite(p.y)) this.frogCatches.set(ev.body.value.frogId, { x: p.x, y: p.y });
    }
    for (const id of this.frogCatches.keys()) {
      if (!frogs.some((f) => f.id === id && f.gulp > 0)) this.frogCatches.delete(id);
    }
  }
}
