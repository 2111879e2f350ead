// "Tonight so far" on the page (replay-control.ts's ReplayUi): the bar along the bottom
// (replay-bar.ts), and while the frames are the replay's, the mark of the past: body.replaying
// (the tools and settings greyed, replay.css) and a faint warm veil over the meadow (veil.ts). The
// bottom row of the page (status line, order trace, caption, panels) moves up by the bar's height,
// measured whenever it changes (--replay-lift).
import { Veil } from "../gallery/veil";
import type { ReplayUi } from "./replay-control";
import type { ReplayView } from "./replay-model";
import { ReplayBar, type ReplayBarHooks } from "./replay-bar";

/** The room kept between the bar and what moves up over it, px. */
const LIFT_GAP_PX = 6;

export class ReplayPage implements ReplayUi {
  private readonly bar: ReplayBar;
  private readonly veil: Veil;

  constructor(
    private readonly stage: HTMLElement,
    language: string,
    hooks: ReplayBarHooks,
  ) {
    const doc = stage.ownerDocument;
    this.bar = new ReplayBar(doc, language, hooks);
    this.veil = new Veil(stage, "replay-veil");
    const view = doc.defaultView;
    if (view && "ResizeObserver" in view) {
      new view.ResizeObserver(() => {
        doc.body.style.setProperty("--replay-lift", `${this.bar.element.offsetHeight + LIFT_GAP_PX}px`);
      }).observe(this.bar.element);
    }
  }

  show(view: ReplayView): void {
    this.bar.show(view);
  }

  marked(past: boolean): void {
    this.stage.ownerDocument.body.classList.toggle("replaying", past);
    this.veil.set(past);
  }

  get timeText(): string {
    return this.bar.timeText;
  }
}
