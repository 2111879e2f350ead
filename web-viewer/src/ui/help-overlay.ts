// The help overlay (h): every key and what it does (key-catalog.ts), the swarm's sliders (its
// rules and its speed), and how to use a tool. Each row carries the key it lists (data-key) so a test can press every one.
import { KEY_ROWS } from "./key-catalog";

export class HelpOverlay {
  constructor(private readonly element: HTMLElement) {
    const doc = element.ownerDocument;
    const title = doc.createElement("h2");
    title.textContent = "Meadow";
    const list = doc.createElement("dl");
    const row = (keys: string, text: string, pressed: readonly string[]): void => {
      const dt = doc.createElement("dt");
      const kbd = doc.createElement("kbd");
      kbd.textContent = keys;
      dt.append(kbd);
      const dd = doc.createElement("dd");
      dd.textContent = text;
      if (pressed.length > 0) dt.dataset.keys = pressed.join("|");
      list.append(dt, dd);
    };
    for (const r of KEY_ROWS) row(r.keys, r.text, r.actions.map((a) => a.key));
    row("sliders", "Separation, alignment, cohesion: how the swarm flocks (0 … 3 × the usual); speed: how fast its fireflies fly (0.5 … 2 × the usual)", []);
    row("order", "The swarm's order, the last minute: 0 when its fireflies fly every way, 1 when all fly one way; its crossings are said on screen", []);
    const hint = doc.createElement("p");
    hint.textContent =
      "Click or tap the meadow to use the tool; the predator follows the mouse. On a phone the meadow fills the screen: drag to look around, " +
      "pinch to zoom (with the predator, one finger is the predator: two fingers move the view), and ⋯ holds a button for each key and the sliders. " +
      "The frog (5) lives in the colony: tap the meadow to drop one, tap a frog to take it away. Press h or Esc to close.";
    element.append(title, list, hint);
    element.hidden = true;
    element.addEventListener("click", () => this.hide());
  }

  get visible(): boolean {
    return !this.element.hidden;
  }

  toggle(): void {
    this.element.hidden = !this.element.hidden;
  }

  hide(): void {
    this.element.hidden = true;
  }
}
