// What the viewer knows of the plate from its latest frames (docs/rules.md "The plate"): its birds
// (decoded from six bytes each), their order and run, where the plate lies on the meadow, its
// settings, and each bird's trail as the frames have shown it: the positions of the last
// `trail_length` frames, forgotten when the plate is scattered afresh. Plain values; nothing here
// draws.
import type { Frame } from "../gen/meadow/v1/viewer_pb";
import { rectFromProto } from "../net/proto-mapping";
import type { WorldRect } from "../render/viewport";
import { frameSettingsNow } from "../settings/frame-settings";
import type { SettingsNow } from "../settings/settings-panel-model";

/** The birds of one frame, plate units: x, y in [0, 1); heading in radians (y down). */
export interface PlateBirds {
  readonly x: Float32Array;
  readonly y: Float32Array;
  readonly heading: Float32Array;
}

export interface PlateFigures {
  readonly count: number;
  /** |mean heading|, 0 … 1. */
  readonly order: number;
  /** Steps since the birds were scattered. */
  readonly runSteps: number;
}

/** The trail's length before a frame says (the server's default). */
export const DEFAULT_TRAIL_LENGTH = 120;
/** The most frames of history kept, whatever a frame asks (the schema's ceiling). */
export const MOST_TRAIL_LENGTH = 360;

/** Birds from PlateState.birds; undefined when the bytes are not `count` birds of six bytes. */
export function birdsFromBytes(bytes: Uint8Array, count: number): PlateBirds | undefined {
  if (bytes.length !== count * 6) return undefined;
  const x = new Float32Array(count);
  const y = new Float32Array(count);
  const heading = new Float32Array(count);
  for (let i = 0, at = 0; i < count; i++, at += 6) {
    x[i] = (bytes[at]! | (bytes[at + 1]! << 8)) / 65536;
    y[i] = (bytes[at + 2]! | (bytes[at + 3]! << 8)) / 65536;
    heading[i] = ((bytes[at + 4]! | (bytes[at + 5]! << 8)) / 65536) * 2 * Math.PI;
  }
  return { x, y, heading };
}

export class PlateState {
  birds: PlateBirds | undefined;
  figures: PlateFigures | undefined;
  /** Where the torus lies on the meadow (world units). */
  plate: WorldRect | undefined;
  settings: SettingsNow | undefined;
  viewers: number | undefined;
  worldBounds: WorldRect | undefined;
  cameraTarget: WorldRect | undefined;
  /** The meadow's tick of the latest frame. */
  tick = 0n;
  /** Plate frames taken since the page loaded, and frames refused (bytes that were not birds). */
  frames = 0;
  refused = 0;
  /** Past frames' birds, oldest first, at most the trail's length (the newest is `birds`). */
  readonly history: PlateBirds[] = [];

  get trailLength(): number {
    const asked = this.settings?.values.trail_length ?? DEFAULT_TRAIL_LENGTH;
    return Math.max(0, Math.min(MOST_TRAIL_LENGTH, Math.round(asked)));
  }

  applyFrame(frame: Frame): void {
    this.viewers = frame.viewers;
    this.tick = frame.tick;
    const bounds = rectFromProto(frame.worldBounds);
    if (bounds) this.worldBounds = bounds;
    this.cameraTarget = rectFromProto(frame.camera) ?? this.worldBounds;
    this.settings = frameSettingsNow(frame) ?? this.settings;
    const p = frame.plate;
    if (!p) return;
    const birds = birdsFromBytes(p.birds, p.count);
    if (!birds) {
      this.refused += 1;
      return;
    }
    this.frames += 1;
    const runSteps = Number(p.runSteps);
    // A fresh scatter (or another count): the old trails belong to another plate.
    const restarted = !this.figures || runSteps < this.figures.runSteps || p.count !== this.figures.count;
    if (restarted) this.history.length = 0;
    else if (this.birds) this.history.push(this.birds);
    const keep = this.trailLength;
    if (this.history.length > keep) this.history.splice(0, this.history.length - keep);
    this.birds = birds;
    this.figures = { count: p.count, order: Number.isFinite(p.order) ? Math.min(1, Math.max(0, p.order)) : 0, runSteps };
    if (p.plateSide > 0 && Number.isFinite(p.plateX) && Number.isFinite(p.plateY)) {
      this.plate = { x: p.plateX, y: p.plateY, width: p.plateSide, height: p.plateSide };
    }
  }

  /** The link dropped: what the frames said no longer holds. */
  forget(): void {
    this.birds = undefined;
    this.figures = undefined;
    this.history.length = 0;
    this.viewers = undefined;
  }
}
