// The plate's exports (docs/rules.md "The plate"): its trails saved as SVG, JSON, CSV or Houdini's
// geometry, from this run as the page has it (the trail's frames, at once) or from a fresh study
// the server runs from the plate's seeded start with its settings now (its warm-up, then its
// recorded steps: a moment's wait). Beside the plate's settings on a desktop, in the ⋯ menu on a
// phone; out only while the plate is watched.
import { World, type Trails } from "../gen/meadow/v1/viewer_pb";
import { recordTrailsBytes } from "../net/messages";
import { TRAIL_FORMATS, trailsFile, trailsFileName, type TrailFormat } from "../trails/trail-files";
import type { NoticeLevel } from "../ui/notice";
import { placeByScreen, worldPanelsDock } from "../ui/phone-placement";
import { downloadText } from "../util/download";
import type { WorldPanel } from "../worlds/world-view";
import { runTrails } from "./plate-run-trails";
import type { PlateState } from "./plate-state";

export interface PlateExportHooks {
  /** Returns whether the bytes went out (false while disconnected). */
  readonly send: (bytes: Uint8Array<ArrayBuffer>) => boolean;
  readonly say: (text: string, level: NoticeLevel) => void;
  /** The phone's ⋯ menu. */
  readonly menu: HTMLElement;
}

/** A file saved, for the debug hook. */
export interface SavedExport {
  readonly fileName: string;
  readonly format: TrailFormat;
  readonly fresh: boolean;
  readonly trails: number;
  readonly bytes: number;
}

const LABELS: Readonly<Record<TrailFormat, string>> = { svg: "SVG", json: "JSON", csv: "CSV", geo: "Houdini" };
/** ms: a fresh study not answered by then is given up (it takes well under a second). */
const FRESH_TIMEOUT_MS = 20_000;

export class PlateExport implements WorldPanel {
  readonly element: HTMLElement;
  readonly saved: SavedExport[] = [];
  /** The fresh study asked for: its format and when. */
  private waiting: { readonly format: TrailFormat; readonly atMs: number } | undefined;
  private placed = false;

  constructor(
    doc: Document,
    private readonly state: PlateState,
    private readonly hooks: PlateExportHooks,
  ) {
    const panel = doc.createElement("div");
    panel.id = "plate-export";
    panel.className = "world-settings world-actions";
    panel.setAttribute("role", "group");
    panel.setAttribute("aria-label", "Save the plate's trails");
    panel.hidden = true;
    const title = doc.createElement("div");
    title.className = "title";
    title.textContent = "save the trails";
    panel.append(title, this.row(doc, "this run", false), this.row(doc, "fresh study", true));
    this.element = panel;
  }

  get waitingFresh(): boolean {
    return this.waiting !== undefined;
  }

  show(visible: boolean): void {
    if (visible && !this.placed) {
      this.placed = true;
      placeByScreen(this.element, worldPanelsDock(this.element.ownerDocument), this.hooks.menu);
    }
    this.element.hidden = !visible;
  }

  tick(nowMs: number): void {
    if (this.waiting && nowMs - this.waiting.atMs > FRESH_TIMEOUT_MS) {
      this.waiting = undefined;
      this.hooks.say("The plate's study did not come back from the meadow: try again.", "warning");
    }
  }

  /** This run, as the page has it, saved at once. */
  saveRun(format: TrailFormat): void {
    if (!this.state.birds || this.state.history.length === 0) {
      this.hooks.say("The plate's trails are not drawn yet: wait a moment.", "info");
      return;
    }
    this.save(runTrails(this.state, this.state.tick), format, false);
  }

  /** A fresh study asked of the server, saved when it comes. */
  askFresh(format: TrailFormat, nowMs: number): void {
    if (this.waiting) {
      this.hooks.say("The plate's study is under way: it comes in a moment.", "info");
      return;
    }
    if (!this.hooks.send(recordTrailsBytes({ world: World.PLATE, fresh: true }))) {
      this.hooks.say("Not connected to the meadow yet: no study was run.", "warning");
      return;
    }
    this.waiting = { format, atMs: nowMs };
  }

  /** The server's answer: a fresh study is saved in the format asked; anything else is not ours. */
  trailsArrived(trails: Trails): void {
    const waiting = this.waiting;
    if (!waiting) return;
    this.waiting = undefined;
    this.save(trails, waiting.format, true);
  }

  /** A notice refusing the recording ends the wait (the notice shows as every notice does). */
  noticeArrived(code: string): void {
    if (code.startsWith("trails_")) this.waiting = undefined;
  }

  private save(trails: Trails, format: TrailFormat, fresh: boolean): void {
    const fileName = trailsFileName(trails, format, "plate", fresh);
    const { text, type } = trailsFile(trails, format);
    downloadText(this.element.ownerDocument, fileName, text, type);
    this.saved.push({ fileName, format, fresh, trails: trails.trails.length, bytes: text.length });
    if (this.saved.length > 20) this.saved.shift();
    this.hooks.say(`The plate's ${fresh ? "study" : "run"}: ${trails.trails.length} trails saved as ${fileName}`, "info");
  }

  private row(doc: Document, label: string, fresh: boolean): HTMLElement {
    const row = doc.createElement("div");
    row.className = "presets";
    const caption = doc.createElement("span");
    caption.textContent = label;
    row.append(caption);
    for (const format of TRAIL_FORMATS) {
      const b = doc.createElement("button");
      b.type = "button";
      b.dataset.export = `${fresh ? "fresh" : "run"}-${format}`;
      b.textContent = LABELS[format];
      b.title = fresh ? `A fresh study from the plate's seed, as ${LABELS[format]}` : `This run's trails as ${LABELS[format]}`;
      b.addEventListener("pointerdown", (ev) => ev.preventDefault());
      b.addEventListener("click", () => (fresh ? this.askFresh(format, performance.now()) : this.saveRun(format)));
      row.append(b);
    }
    return row;
  }
}
