// What you are looking at (i, and the ⋯ menu's "about"): a short card for the world shown, the
// idea behind it and its source (paper and year), as its view gives them (WorldView.card). Shown
// like the help, closed by i, Esc or a click.

/** A world's card: a title, a few lines in plain words, and where the idea comes from. */
export interface WorldCard {
  readonly title: string;
  readonly lines: readonly string[];
  /** The source: who, what, where, when. */
  readonly source: string;
  /** A link to it (a DOI), if there is one. */
  readonly link?: string;
}

export class WorldCardOverlay {
  readonly element: HTMLElement;
  private shown: WorldCard | undefined;

  constructor(doc: Document) {
    const el = doc.createElement("div");
    el.id = "world-card";
    el.setAttribute("role", "dialog");
    el.setAttribute("aria-label", "About this world");
    el.hidden = true;
    el.addEventListener("click", (ev) => {
      // A click on the source's link opens it; anywhere else closes the card.
      if (!(ev.target instanceof HTMLAnchorElement)) this.hide();
    });
    doc.body.append(el);
    this.element = el;
  }

  get visible(): boolean {
    return !this.element.hidden;
  }

  /** The title of the card shown, for the debug hook. */
  get title(): string | undefined {
    return this.visible ? this.shown?.title : undefined;
  }

  /** i: the card of the world shown, or away again. */
  toggle(card: WorldCard | undefined): void {
    if (this.visible || !card) {
      this.hide();
      return;
    }
    this.show(card);
  }

  show(card: WorldCard): void {
    const doc = this.element.ownerDocument;
    const title = doc.createElement("h2");
    title.textContent = card.title;
    const lines = card.lines.map((line) => {
      const p = doc.createElement("p");
      p.textContent = line;
      return p;
    });
    const source = doc.createElement("p");
    source.className = "source";
    if (card.link) {
      const a = doc.createElement("a");
      a.href = card.link;
      a.target = "_blank";
      a.rel = "noopener";
      a.textContent = card.source;
      source.append(a);
    } else {
      source.textContent = card.source;
    }
    this.element.replaceChildren(title, ...lines, source);
    this.shown = card;
    this.element.hidden = false;
  }

  hide(): void {
    this.element.hidden = true;
  }
}
