// A veil over the whole meadow (veil.css), on the stage above every world and under the page's
// chrome, that fades down and up by a CSS transition: black around a wall's turn to another world,
// a night's dark while the meadow rests, with its words large in the middle. It only shows what it
// is told, and touches the page only when that changes; never takes a tap.
import "./veil.css";

export class Veil {
  readonly element: HTMLElement;
  private readonly words: HTMLElement | undefined;
  private isDown = false;

  /** `spoken`: the veil has words in the middle (read out politely by screen readers). */
  constructor(stage: HTMLElement, id: string, spoken = false) {
    const doc = stage.ownerDocument;
    const el = doc.createElement("div");
    el.id = id;
    el.className = "veil";
    if (spoken) {
      this.words = doc.createElement("div");
      this.words.className = "veil-words";
      this.words.setAttribute("role", "status");
      this.words.setAttribute("aria-live", "polite");
      el.append(this.words);
    }
    stage.append(el);
    this.element = el;
  }

  get down(): boolean {
    return this.isDown;
  }

  /** The words on it now (kept while it lifts, so the fade shows them). */
  get said(): string | undefined {
    return this.words?.textContent || undefined;
  }

  /** Down or up; `words`: what it says now (undefined: what it said stays). */
  set(down: boolean, words?: string): void {
    if (this.words && words !== undefined && words !== this.words.textContent) this.words.textContent = words;
    if (down === this.isDown) return;
    this.isDown = down;
    this.element.classList.toggle("down", down);
  }
}
