// The viewer's trails (docs/rules.md "The swarm · Trails"): t turns the live trails layer on and
// off (TrailWatch keeps the server's points in step), r and the "record trails" button ask the
// server for a recording (TrailRecording follows it) and its answer is saved as an SVG picture.
// Both are the swarm's (its controls, swarm-controls.ts, say so in another world).
import type { Trails } from "../gen/meadow/v1/viewer_pb";
import { recordTrailsBytes, watchTrailsBytes } from "../net/messages";
import { RECORDING_EXPECTED_MS, TrailRecording } from "./trail-recording";
import { TrailWatch } from "./trail-watch";
import { trailsFileName, trailsSvg } from "../trails/trail-files";
import type { NoticeLevel } from "../ui/notice";
import { RecordTrailsButton } from "./record-trails-button";
import { downloadText } from "../util/download";
import type { WorldName } from "../worlds/world-view";

export interface TrailHooks {
  /** Returns whether the bytes went out (false while disconnected). */
  readonly send: (bytes: Uint8Array<ArrayBuffer>) => boolean;
  readonly say: (text: string, level: NoticeLevel) => void;
  /** The live trails layer on or off. */
  readonly showTrails: (on: boolean) => void;
}

/** A recording saved, for the debug hook. */
export interface SavedTrails {
  readonly fileName: string;
  readonly polylines: number;
  readonly trails: number;
}

/** Recordings remembered for the debug hook (the latest). */
const SAVED_KEPT = 20;

export class TrailControls {
  private readonly watch: TrailWatch;
  private readonly recording = new TrailRecording();
  private readonly button: RecordTrailsButton;
  /** The latest recordings saved since the page loaded. */
  readonly saved: SavedTrails[] = [];

  /** `panel`: the swarm's panel, where the record button goes. */
  constructor(
    panel: HTMLElement,
    private readonly hooks: TrailHooks,
  ) {
    this.watch = new TrailWatch((on) => hooks.send(watchTrailsBytes(on)));
    this.button = new RecordTrailsButton(panel, () => this.record());
  }

  get watching(): boolean {
    return this.watch.wanted;
  }

  get recordingNow(): boolean {
    return this.recording.recording;
  }

  /** t. */
  toggle(): void {
    const on = this.watch.toggle();
    this.hooks.showTrails(on);
    this.hooks.say(on ? "Trails on: each firefly's last seconds (t: off)" : "Trails off", "info");
  }

  /** r, the button, the menu's. */
  record(): void {
    if (this.recording.recording) {
      this.hooks.say("Trails are being recorded: the picture comes in a few seconds.", "info");
      return;
    }
    if (!this.hooks.send(recordTrailsBytes())) {
      this.hooks.say("Not connected to the meadow yet: no trails were recorded.", "warning");
      return;
    }
    const now = performance.now();
    this.recording.start(now);
    this.button.show(0);
    this.hooks.say(`Recording trails (about ${Math.round(RECORDING_EXPECTED_MS / 1000)} s)…`, "info");
  }

  /** Once per animation frame: the button's seconds, and a recording that ran out of time. */
  tick(nowMs: number): void {
    if (this.recording.timedOut(nowMs)) this.hooks.say("The trails did not come back from the meadow: try recording again.", "warning");
    this.button.show(this.recording.recording ? this.recording.elapsedS(nowMs) : undefined);
  }

  /** A frame of `world` is shown (the live trails are asked for again where needed). */
  frameShown(world: WorldName): void {
    this.watch.frameShown(world);
  }

  /** A notice from the server: one refusing the recording ends it (the notice itself shows as every notice does). */
  noticeArrived(code: string): void {
    this.recording.noticed(code);
  }

  /** The server's recording of the swarm's trails: saved as an SVG picture. */
  trailsArrived(trails: Trails): void {
    this.recording.answered();
    const fileName = trailsFileName(trails);
    downloadText(document, fileName, trailsSvg(trails), "image/svg+xml");
    const polylines = trails.trails.reduce((n, t) => n + t.pieces.length, 0);
    this.saved.push({ fileName, polylines, trails: trails.trails.length });
    if (this.saved.length > SAVED_KEPT) this.saved.shift();
    this.hooks.say(`Trails of ${trails.trails.length} fireflies saved as ${fileName}`, "info");
  }

  linkLost(): void {
    this.watch.linkLost();
    if (this.recording.stop()) this.hooks.say("The link dropped: the recording of trails was lost.", "warning");
  }
}
