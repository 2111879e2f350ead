// The help overlay (h): every key and what it does now. Keys the viewer does not have yet are
// listed as coming, not pretended.
import { TOOLS } from "../tools/tool-catalog";

interface HelpRow {
  readonly keys: string;
  readonly text: string;
  readonly later?: boolean;
}

const ROWS: readonly HelpRow[] = [
  ...TOOLS.map((t) => ({ keys: t.key, text: t.label })),
  { keys: "↑ / ↓", text: "More fireflies (×1.5) / fewer (÷1.5)" },
  { keys: "sliders", text: "Separation, alignment, cohesion: how the swarm flocks" },
  { keys: "w", text: "Switch world: swarm ⇄ colony" },
  { keys: "x", text: "Fullscreen on / off" },
  { keys: "h", text: "This help" },
  { keys: "space", text: "Start (coming later)", later: true },
  { keys: "m", text: "Sound on / off (volume and mute: top right)" },
];

export class HelpOverlay {
  constructor(private readonly element: HTMLElement) {
    const doc = element.ownerDocument;
    const title = doc.createElement("h2");
    title.textContent = "Meadow";
    const list = doc.createElement("dl");
    for (const row of ROWS) {
      const dt = doc.createElement("dt");
      const kbd = doc.createElement("kbd");
      kbd.textContent = row.keys;
      dt.append(kbd);
      const dd = doc.createElement("dd");
      dd.textContent = row.text;
      if (row.later) {
        dt.className = "later";
        dd.className = "later";
      }
      list.append(dt, dd);
    }
    const hint = doc.createElement("p");
    hint.textContent = "Click or tap the meadow to use the tool. Press h or Esc to close.";
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
