// What the viewer knows of the tests' world from its latest frames (tests/support/test_world.*):
// a beacon lit on the meadow, its settings (glow, of full light; size, pixels a side) by the
// schema's names in Frame.settings, and the light layer it is drawn in. Plain values.
import type { Frame } from "../../src/gen/meadow/v1/viewer_pb";
import { rectFromProto } from "../../src/net/proto-mapping";
import type { WorldRect } from "../../src/render/viewport";
import { frameSettingsNow } from "../../src/settings/frame-settings";
import type { SettingsNow } from "../../src/settings/settings-panel-model";

export interface TestWorldFigures {
  /** 0 … 1: how bright the beacon is. */
  readonly glow: number;
  /** Pixels a side. */
  readonly size: number;
}

export class TestWorldState {
  settings: SettingsNow | undefined;
  viewers: number | undefined;
  worldBounds: WorldRect | undefined;
  cameraTarget: WorldRect | undefined;
  /** The light layer's pixels, as its latest frame says (0 × 0 before one). */
  lightWidth = 0;
  lightHeight = 0;
  /** Frames of this world taken since the page loaded. */
  frames = 0;

  get figures(): TestWorldFigures | undefined {
    const v = this.settings?.values;
    if (v?.glow === undefined || v.size === undefined) return undefined;
    return { glow: v.glow, size: v.size };
  }

  applyFrame(frame: Frame): void {
    this.frames += 1;
    this.viewers = frame.viewers;
    this.worldBounds = rectFromProto(frame.worldBounds) ?? this.worldBounds;
    this.cameraTarget = rectFromProto(frame.camera) ?? this.worldBounds;
    this.settings = frameSettingsNow(frame) ?? this.settings;
    if (frame.light) {
      this.lightWidth = frame.light.width;
      this.lightHeight = frame.light.height;
    }
  }

  forget(): void {
    this.settings = undefined;
    this.viewers = undefined;
    this.lightWidth = 0;
    this.lightHeight = 0;
  }
}
