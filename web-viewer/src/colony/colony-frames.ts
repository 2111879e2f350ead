// What the viewer knows of the colony from the latest colony frames: the snapshot (stump,
// store, flowers, figures), the fireflies' motion between frames, the events' flourishes, the
// viewers, the meadow's bounds and the camera. Plain, validated values; nothing here draws.
import type { Frame } from "../gen/meadow/v1/viewer_pb";
import { rectFromProto } from "../net/proto-mapping";
import type { WorldRect } from "../render/viewport";
import { effectsFromEvents, liveEffects, type Effect, type LiveEffect } from "./colony-effects";
import { colonyFromProto, type ColonySnapshot, type FireflyView } from "./colony-snapshot";
import { FireflyMotion } from "./firefly-motion";

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
  private effects: Effect[] = [];

  setFrameRate(framesPerSecond: number): void {
    this.motion.setFrameRate(framesPerSecond);
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

  /** Left the colony, or a new link: nothing shown holds any more. */
  forget(): void {
    this.snapshot = undefined;
    this.viewers = undefined;
    this.motion.clear();
    this.effects = [];
  }
}
