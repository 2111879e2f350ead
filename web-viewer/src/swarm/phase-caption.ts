// A transient caption for what the swarm just did (docs/rules.md "The swarm · Measures": everyone
// watching is told when the swarm falls into order or into disorder): it fades in under the top of
// the screen, stays a few seconds and fades out, never in the way of a tap. Apart from the notices
// at the top, which say what the server refused and must not be pushed away by the swarm's news.
import "./swarm-phases.css";

/** How long a caption stays, ms (then it fades out over the CSS transition). */
export const CAPTION_MS = 4500;
/** How long it takes to fade out, ms. */
export const CAPTION_FADE_MS = 700;

export class PhaseCaption {
  readonly element: HTMLElement;
  private fadeTimer: ReturnType<typeof setTimeout> | undefined;
  private hideTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(doc: Document) {
    this.element = doc.createElement("div");
    this.element.id = "phase-caption";
    this.element.setAttribute("role", "status");
    this.element.setAttribute("aria-live", "polite");
    this.element.hidden = true;
    doc.body.append(this.element);
  }

  /** The text said now (a newer one replaces it). */
  get text(): string | undefined {
    return this.element.hidden ? undefined : (this.element.textContent ?? undefined);
  }

  say(text: string): void {
    clearTimeout(this.fadeTimer);
    clearTimeout(this.hideTimer);
    const el = this.element;
    el.textContent = text;
    el.classList.remove("fading");
    el.hidden = false;
    this.fadeTimer = setTimeout(() => el.classList.add("fading"), CAPTION_MS);
    this.hideTimer = setTimeout(() => {
      el.hidden = true;
    }, CAPTION_MS + CAPTION_FADE_MS);
  }

  /** Another world is shown, or the link dropped: the swarm's news goes. */
  clear(): void {
    clearTimeout(this.fadeTimer);
    clearTimeout(this.hideTimer);
    this.element.hidden = true;
  }
}
