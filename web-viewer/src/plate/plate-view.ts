// The plate on screen (docs/rules.md "The plate"): Reynolds's boids on a torus, drawn as a dark
// square in the middle of the meadow with each bird's trail growing in the plate's warm ramp; its
// figures in the status line; its crossings of order announced; its settings panel built from its
// schema, its values from the frames. It takes no tools.
import { World, type Frame, type Trails, type Welcome } from "../gen/meadow/v1/viewer_pb";
import { musicFrame } from "../music/frame-to-music";
import type { MusicFrame } from "../music/music-frame";
import type { MusicLog } from "../music/music-log";
import { PlateTheme } from "../music/plate/plate-theme";
import type { Theme } from "../music/theme";
import { rectFromProto } from "../net/proto-mapping";
import { OrderHistory } from "../order/order-history";
import { clearCanvas } from "../render/canvas-2d";
import type { Viewport, WorldRect } from "../render/viewport";
import type { SettingsSource } from "../settings/settings-panel-model";
import type { NoticeLevel } from "../ui/notice";
import { StateView } from "../worlds/state-view";
import type { Scene, WorldView } from "../worlds/world-view";
import { plateDebug, type PlateDebug } from "./plate-debug";
import { PlateExport, type PlateExportHooks } from "./plate-export";
import { paintPlate, type PlateDrawn } from "./plate-painter";
import { PlateState } from "./plate-state";
import { plateStatusParts } from "./plate-status";
import { PLATE_CARD } from "./plate-card";
import { PlateCaptions } from "./plate-captions";

export interface PlateHooks {
  readonly say: (text: string, level: NoticeLevel) => void;
  /** Its order's live trace on the page (none in tests without a page). */
  readonly gauge?: { show(visible: boolean): void; paint(history: OrderHistory, nowMs: number, force?: boolean): void };
  /** Where its exports send and live (none where there is no page: tests). */
  readonly exports?: Omit<PlateExportHooks, "say">;
}

/** How the announcement of a crossing reads. */
export function crossingText(rising: boolean, threshold: number): string {
  if (rising) return threshold >= 0.5 ? "The plate falls into a stream." : "The plate comes out of its gas.";
  return threshold >= 0.5 ? "The plate's stream breaks up." : "The plate scatters into a gas.";
}

export class PlateView extends StateView<PlateState> implements WorldView {
  readonly world = World.PLATE;
  readonly name = "plate";
  readonly greeting = "The plate: Reynolds's boids on a torus (1987)";
  readonly card = PLATE_CARD;
  readonly captions = new PlateCaptions();
  readonly musicTheme = (seed: number, log: MusicLog): Theme => new PlateTheme(seed, log);
  readonly settings: SettingsSource;
  /** Its exports, beside its settings. */
  readonly actions: PlateExport | undefined;
  /** What the latest drawing drew. */
  drawn: PlateDrawn = { birds: 0, trailPoints: 0 };
  /** Its order over the last minute, for its trace. */
  readonly orderHistory = new OrderHistory();
  /** The crossings announced since the page loaded. */
  readonly announcements: string[] = [];
  private drawnFrames = -1;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly hooks: PlateHooks,
  ) {
    super(new PlateState());
    const state = this.state;
    const exports = hooks.exports;
    this.actions = exports && new PlateExport(canvas.ownerDocument, state, { ...exports, say: hooks.say });
    this.settings = {
      title: "the plate",
      now: () => state.settings,
      hint: (name) => (name === "trail_length" ? "Frames of each bird's path kept on the plate" : undefined),
    };
  }

  landOf(welcome: Welcome): WorldRect | undefined {
    return rectFromProto(welcome.meadow);
  }

  readonly fireflies = undefined;
  readonly problem = undefined;

  statusParts(): readonly string[] {
    return plateStatusParts(this.state.figures);
  }

  debugState(): PlateDebug | undefined {
    return plateDebug(this);
  }

  music(frame: Frame): MusicFrame {
    // Its order and birds, for its theme: the frame's part the shared reading does not know.
    const p = frame.plate;
    return { ...musicFrame(frame), figures: p ? { order: p.order, birds: p.count } : undefined };
  }

  trailsArrived(trails: Trails): void {
    this.actions?.trailsArrived(trails);
  }

  noticeArrived(code: string): void {
    this.actions?.noticeArrived(code);
  }

  takeFrame(frame: Frame, nowMs: number): void {
    this.state.applyFrame(frame);
    const order = this.state.figures?.order;
    if (frame.plate && order !== undefined) this.orderHistory.add(nowMs, order);
    for (const e of frame.events) {
      if (e.body.case !== "orderCrossing") continue;
      this.orderHistory.addThreshold(e.body.value.threshold);
      const text = crossingText(e.body.value.rising, e.body.value.threshold);
      this.announcements.push(text);
      if (this.announcements.length > 20) this.announcements.shift();
      this.hooks.say(text, "info");
    }
  }

  show(_viewport: Viewport): void {
    this.drawnFrames = -1;
    this.hooks.gauge?.show(true);
  }

  draw(scene: Scene): void {
    this.hooks.gauge?.paint(this.orderHistory, scene.nowMs);
    if (this.state.frames === this.drawnFrames && !scene.moved) return;
    this.drawnFrames = this.state.frames;
    this.drawn = paintPlate(this.canvas, scene.viewport, this.state);
  }

  hide(): void {
    this.hooks.gauge?.show(false);
    clearCanvas(this.canvas);
    this.drawnFrames = -1;
  }

  forget(): void {
    this.state.forget();
    this.orderHistory.clear();
    this.drawnFrames = -1;
  }

  setFrameRate(): void {}

  setPalette(): void {
    // The plate's colours are its ramp's: no palette to follow.
  }
}
