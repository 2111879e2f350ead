// The help overlay (h): every key and what it does (key-catalog.ts), each world's rows of its own
// (its sliders, its gauge) and how to use a tool, with what each world says (WorldView.help). Each
// row carries the key it lists (data-key) so a test can press every one.
import type { WorldHelp } from "../worlds/world-help";
import { keyRows } from "./key-catalog";

export class HelpOverlay {
  constructor(
    private readonly element: HTMLElement,
    helps: readonly WorldHelp[] = [],
  ) {
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
    for (const r of keyRows(helps)) row(r.keys, r.text, r.actions.map((a) => a.key));
    for (const r of helps.flatMap((h) => h.rows ?? [])) row(r.keys, r.text, []);
    const hint = doc.createElement("p");
    hint.textContent =
      "Click or tap the meadow to use the tool; the predator follows the mouse. On a phone the meadow fills the screen: drag to look around, " +
      "pinch to zoom (with the predator, one finger is the predator: two fingers move the view), and ⋯ holds a button for each key and the sliders. " +
      helps.flatMap((h) => (h.hint ? [`${h.hint} `] : [])).join("") +
      "Press h or Esc to close.";
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
