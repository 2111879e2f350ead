// The "throw food" button (docs/rules.md "The swarm · The aquarium's controls": food thrown from a
// button as well as by a tap), with the swarm's other controls at the bottom right, so it is out
// only while the swarm is watched. It does what f and the phone menu's button do; dimmed with a
// lock while the operator locks the flower tool, whose taps it sends.
import { keyLabel, panelButton } from "./panel-button";
import { lockIcon } from "./weight-sliders";

export class FoodButton {
  readonly element: HTMLButtonElement;
  private locked = false;

  constructor(panel: HTMLElement, onThrow: () => void) {
    this.element = panelButton(panel, "throw-food", () => {
      if (!this.locked) onThrow();
    });
    this.element.title = "f · Throw food: a handful of crumbs where you look";
    this.render();
  }

  showLocked(locked: boolean): void {
    if (locked === this.locked) return;
    this.locked = locked;
    this.element.disabled = locked;
    this.element.title = locked ? "The flower tool, and with it the food, is locked by the operator" : "f · Throw food: a handful of crumbs where you look";
    this.render();
  }

  private render(): void {
    const doc = this.element.ownerDocument;
    const parts: (Node | string)[] = this.locked ? [lockIcon(doc), " throw food"] : ["⁂ throw food ", keyLabel(doc, "f")];
    this.element.replaceChildren(...parts);
  }
}
