// The tests' world on screen (the server's tests/support/test_world.*): its frames read into its
// state, its settings panel from its schema, its tool and help, its status-line part, its debug
// part and its music theme. It lives only in the viewer's tests: nothing under src/ names it, so
// that it proves a world plugs into the viewer's shared code from its own folder alone.
import type { Frame, Welcome } from "../../src/gen/meadow/v1/viewer_pb";
import { musicFrame } from "../../src/music/frame-to-music";
import type { MusicFrame } from "../../src/music/music-frame";
import type { MusicLog } from "../../src/music/music-log";
import type { Theme } from "../../src/music/theme";
import { rectFromProto } from "../../src/net/proto-mapping";
import { clearCanvas, clearedContext } from "../../src/render/canvas-2d";
import type { Viewport, WorldRect } from "../../src/render/viewport";
import type { SettingsSource } from "../../src/settings/settings-panel-model";
import { StateView } from "../../src/worlds/state-view";
import type { Scene, WorldView } from "../../src/worlds/world-view";
import { TestWorldTheme } from "./music/test-world-theme";
import { testWorldDebug, type TestWorldDebug } from "./test-world-debug";
import { TEST_WORLD_HELP } from "./test-world-help";
import { TEST_WORLD, TEST_WORLD_NAME } from "./test-world-kind";
import { TestWorldState } from "./test-world-state";
import { testWorldStatusParts } from "./test-world-status";

export class TestWorldView extends StateView<TestWorldState> implements WorldView {
  readonly world = TEST_WORLD;
  readonly name = TEST_WORLD_NAME;
  readonly greeting = "The test world: a beacon that a tap moves";
  readonly firstTool = "attract";
  readonly help = TEST_WORLD_HELP;
  readonly musicTheme = (seed: number, log: MusicLog): Theme => new TestWorldTheme(seed, log);
  readonly settings: SettingsSource;
  readonly fireflies = undefined;
  readonly problem = undefined;
  /** Animation frames that drew something new. */
  drawings = 0;
  private drawnFrames = -1;

  constructor(private readonly canvas: HTMLCanvasElement) {
    super(new TestWorldState());
    const state = this.state;
    this.settings = {
      title: "the test",
      now: () => state.settings,
      hint: (name) => (name === "glow" ? "How bright the beacon is, of full light" : undefined),
    };
  }

  landOf(welcome: Welcome): WorldRect | undefined {
    return rectFromProto(welcome.meadow);
  }

  takeFrame(frame: Frame): void {
    this.state.applyFrame(frame);
  }

  statusParts(): readonly string[] {
    return testWorldStatusParts(this.state.figures, this.state.settings?.preset || undefined);
  }

  debugState(): TestWorldDebug | undefined {
    return testWorldDebug(this);
  }

  music(frame: Frame): MusicFrame {
    // Its beacon's glow and size, for its theme: read from the frame's settings, as its state reads them.
    const v = Object.fromEntries(frame.settings.map((s) => [s.name, s.value]));
    const figures = v.glow !== undefined && v.size !== undefined ? { glow: v.glow, size: v.size } : undefined;
    return musicFrame(frame, figures);
  }

  show(_viewport: Viewport): void {
    this.drawnFrames = -1;
  }

  draw(scene: Scene): void {
    if (this.state.frames === this.drawnFrames && !scene.moved) return;
    this.drawnFrames = this.state.frames;
    this.drawings += 1;
    // Its light is the server's beacon; the canvas only keeps the world's bounds outlined.
    const ctx = clearedContext(this.canvas, scene.viewport);
    const b = this.state.worldBounds;
    if (!ctx || !b) return;
    const p = scene.viewport.worldToScreen(b.x, b.y);
    const q = scene.viewport.worldToScreen(b.x + b.width, b.y + b.height);
    ctx.strokeStyle = "rgba(255, 240, 200, 0.4)";
    ctx.strokeRect(p.x, p.y, q.x - p.x, q.y - p.y);
  }

  hide(): void {
    clearCanvas(this.canvas);
    this.drawnFrames = -1;
  }

  forget(): void {
    this.state.forget();
    this.drawnFrames = -1;
  }

  setFrameRate(): void {}

  setPalette(): void {}
}
