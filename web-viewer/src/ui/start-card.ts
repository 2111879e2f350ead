// The start card (docs/rules.md "The viewer · Keys": space starts): a friendly card over the living
// meadow saying how to begin. It never blocks the meadow (no pointer events of its own): the first
// tap anywhere starts, and does what the tool does there, which is how a visitor finds out what a
// tap does; space starts too. Kiosk mode has no card and starts by itself.
export class StartCard {
  private started = false;

  constructor(
    private readonly element: HTMLElement,
    private readonly onStart: () => void,
  ) {
    const doc = element.ownerDocument;
    element.replaceChildren();
    const title = doc.createElement("h1");
    title.textContent = "Night meadow";
    const line = doc.createElement("p");
    line.textContent = "Tap or press space to start";
    const hint = doc.createElement("p");
    hint.className = "hint";
    hint.textContent = "h: every key · w: the next world · 1–5: tools";
    element.append(title, line, hint);
    element.hidden = false;
    doc.defaultView?.addEventListener("pointerdown", () => this.start(), { capture: true });
  }

  get isStarted(): boolean {
    return this.started;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.element.hidden = true;
    this.onStart();
  }
}
