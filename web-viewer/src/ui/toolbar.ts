// The small tool bar: one button per tool (its key, icon and name), the current one lit.
// Tapping a button selects the tool, for phones that have no number keys.
import { TOOLS, type ToolSpec } from "../tools/tool-catalog";
import { toolLabel, type WorldHelp } from "../worlds/world-help";

export class Toolbar {
  private readonly buttons = new Map<string, HTMLButtonElement>();

  constructor(
    bar: HTMLElement,
    onSelect: (spec: ToolSpec) => void,
    /** What the worlds say of their tools, for the buttons' hints. */
    private readonly helps: readonly WorldHelp[] = [],
  ) {
    const doc = bar.ownerDocument;
    for (const spec of TOOLS) {
      const b = doc.createElement("button");
      b.type = "button";
      b.dataset.tool = spec.name;
      b.title = `${spec.key} · ${toolLabel(spec, helps)}`;
      b.setAttribute("aria-pressed", "false");
      const key = doc.createElement("kbd");
      key.textContent = spec.key;
      const icon = doc.createElement("span");
      icon.className = "icon";
      icon.setAttribute("aria-hidden", "true");
      icon.textContent = spec.icon;
      const name = doc.createElement("span");
      name.className = "name";
      name.textContent = spec.name;
      b.append(key, icon, name);
      // Buttons never keep focus, so keys keep going to the meadow.
      b.addEventListener("pointerdown", (ev) => ev.preventDefault());
      b.addEventListener("click", () => onSelect(spec));
      bar.append(b);
      this.buttons.set(spec.name, b);
    }
  }

  /** Tools the operator locked: disabled, with a lock and a title saying so. */
  showLocks(locked: ReadonlySet<string>): void {
    for (const [name, b] of this.buttons) {
      const on = locked.has(name);
      if (b.classList.contains("locked") === on) continue;
      b.classList.toggle("locked", on);
      b.setAttribute("aria-disabled", String(on));
      const spec = TOOLS.find((t) => t.name === name);
      b.title = on ? `${name} is locked by the operator` : spec ? `${spec.key} · ${toolLabel(spec, this.helps)}` : name;
    }
  }

  show(active: ToolSpec): void {
    for (const [name, b] of this.buttons) {
      const on = name === active.name;
      b.classList.toggle("active", on);
      b.setAttribute("aria-pressed", String(on));
    }
  }
}
