// The "record trails" button (docs/rules.md "The swarm · Trails"), with the swarm's other controls
// at the bottom right: it asks the server for a recording of trails (what r and the phone menu's
// button do) and, while one is under way, says so with the seconds it has taken, dimmed against a
// second ask.
import { keyLabel, panelButton } from "../ui/panel-button";

const TITLE = "r · Record trails: 200 fireflies' paths for 2 s after a warm-up, saved as an SVG picture";

export class RecordTrailsButton {
  readonly element: HTMLButtonElement;
  /** The seconds shown while recording; undefined while idle. */
  private shownS: number | undefined = Number.NaN;

  constructor(panel: HTMLElement, onRecord: () => void) {
    this.element = panelButton(panel, "record-trails", () => {
      if (!this.element.disabled) onRecord();
    });
    this.element.title = TITLE;
    this.show(undefined);
  }

  /** `recordingS`: seconds since the recording under way began; undefined: none is. */
  show(recordingS: number | undefined): void {
    if (recordingS === this.shownS) return;
    this.shownS = recordingS;
    const b = this.element;
    b.disabled = recordingS !== undefined;
    b.classList.toggle("recording", recordingS !== undefined);
    if (recordingS === undefined) b.replaceChildren("● record trails ", keyLabel(b.ownerDocument, "r"));
    else b.replaceChildren(`◉ recording trails… ${recordingS} s`);
  }
}
