// The phone's "more" button (docs/rules.md "The viewer · Keys"): a ⋯ button that opens a panel with
// a button for each key (key-catalog.ts), so everything the keyboard does works by tap. Buttons of
// what the operator locked are disabled and show a lock; those of what the server does not offer
// are left out. The menu stays open for further taps and closes with ⋯ again or a tap on the meadow.
import type { ToolName } from "../tools/tool-catalog";
import { KEY_ROWS, actionId, type KeyAction } from "./key-catalog";
import type { KeyCommand } from "./key-commands";

export interface LockView {
  readonly tools: ReadonlySet<ToolName>;
  readonly settings: boolean;
}

export class MoreMenu {
  private readonly buttons: { action: KeyAction; element: HTMLButtonElement }[] = [];

  constructor(
    private readonly toggleButton: HTMLButtonElement,
    private readonly panel: HTMLElement,
    run: (command: KeyCommand) => void,
  ) {
    const doc = panel.ownerDocument;
    toggleButton.textContent = "⋯";
    toggleButton.title = "More: a button for each key";
    toggleButton.setAttribute("aria-expanded", "false");
    toggleButton.addEventListener("pointerdown", (ev) => ev.preventDefault());
    toggleButton.addEventListener("click", () => this.setOpen(panel.hidden));
    for (const row of KEY_ROWS) {
      for (const action of row.actions) {
        const b = doc.createElement("button");
        b.type = "button";
        b.dataset.action = actionId(action);
        b.textContent = action.button;
        b.title = `${row.keys} · ${row.text}`;
        // Buttons never keep focus, so keys keep going to the meadow.
        b.addEventListener("pointerdown", (ev) => ev.preventDefault());
        b.addEventListener("click", () => {
          if (!b.disabled) run(action.command);
        });
        panel.append(b);
        this.buttons.push({ action, element: b });
      }
    }
    panel.hidden = true;
    doc.getElementById("stage")?.addEventListener("pointerdown", () => this.setOpen(false));
  }

  get open(): boolean {
    return !this.panel.hidden;
  }

  setOpen(open: boolean): void {
    this.panel.hidden = !open;
    this.toggleButton.setAttribute("aria-expanded", String(open));
  }

  /** Whether the server offers what a button does (the night replayed: Welcome.replays); hidden where not. */
  showOffered(id: string, offered: boolean): void {
    for (const { action, element } of this.buttons) if (actionId(action) === id) element.hidden = !offered;
  }

  /** The operator's locks: those buttons are disabled and marked 🔒. */
  showLocks(locks: LockView): void {
    for (const { action, element } of this.buttons) {
      const c = action.command;
      const locked =
        (action.settings === true && locks.settings) || (c.kind === "tool" && locks.tools.has(c.spec.name)) || (action.tool !== undefined && locks.tools.has(action.tool));
      if (element.disabled === locked) continue;
      element.disabled = locked;
      element.classList.toggle("locked", locked);
      element.textContent = locked ? `🔒 ${action.button}` : action.button;
    }
  }
}
