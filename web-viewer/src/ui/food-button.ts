// A "throw food" button (food thrown from a button as well as by a tap): a world's, with its
// other controls, so it is out only while that world is watched; each world that throws food may
// have one of its own (its id and words differ). It does what f and the phone menu's button do; dimmed with a lock
// while the operator locks the flower tool, whose taps it sends.
import { keyLabel, panelButton } from "./panel-button";
import { lockIcon } from "./lock-icon";

export interface FoodButtonOptions {
  /** Its element's id: "throw-food" unless a world gives another. */
  readonly id?: string;
  /** What a throw does, for its tooltip. */
  readonly what?: string;
}

const LOCKED_TITLE = "The flower tool, and with it the food, is locked by the operator";

export class FoodButton {
  readonly element: HTMLButtonElement;
  private locked = false;
  private readonly title: string;

  constructor(panel: HTMLElement, onThrow: () => void, options: FoodButtonOptions = {}) {
    this.element = panelButton(panel, options.id ?? "throw-food", () => {
      if (!this.locked) onThrow();
    });
    // Every food button looks alike, whichever world's it is (style.css).
    this.element.classList.add("throw-food");
    this.title = `f · Throw food: ${options.what ?? "a handful of crumbs where you look"}`;
    this.element.title = this.title;
    this.render();
  }

  showLocked(locked: boolean): void {
    if (locked === this.locked) return;
    this.locked = locked;
    this.element.disabled = locked;
    this.element.title = locked ? LOCKED_TITLE : this.title;
    this.render();
  }

  private render(): void {
    const doc = this.element.ownerDocument;
    const parts: (Node | string)[] = this.locked ? [lockIcon(doc), " throw food"] : ["⁂ throw food ", keyLabel(doc, "f")];
    this.element.replaceChildren(...parts);
  }
}
