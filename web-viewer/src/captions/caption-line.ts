// The wall's caption line (captions.css): one short line low in the middle, over the meadow but
// never in the way of a tap, that fades in and out quietly. It only shows what the board says
// (caption-board.ts decides what and when); it touches the page only when that changes.
import "./captions.css";

export class CaptionLine {
  readonly element: HTMLElement;
  private text: string | undefined;
  private fading = false;

  constructor(doc: Document) {
    const el = doc.createElement("div");
    el.id = "caption";
    el.setAttribute("role", "status");
    el.setAttribute("aria-live", "polite");
    el.className = "fading";
    doc.body.append(el);
    this.element = el;
  }

  /** The words on the wall now (also while they fade), or undefined. */
  get shown(): string | undefined {
    return this.text;
  }

  /** `text`: the caption now (undefined: none); `fading`: on its way out. */
  show(text: string | undefined, fading: boolean): void {
    const out = text === undefined || fading;
    if (text === this.text && out === this.fading) return;
    // A caption gone keeps its words while it fades, so the fade shows them.
    if (text !== undefined) this.element.textContent = text;
    this.element.classList.toggle("fading", out);
    this.text = text;
    this.fading = out;
  }
}
