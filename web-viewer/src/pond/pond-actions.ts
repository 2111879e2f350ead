// The pond's own button (docs/rules.md "The pond"): "throw food", a handful of crumbs the server
// scatters over the water, beside the pond's settings on a desktop. On a phone the ⋯ menu's own
// "throw food" does the same (f everywhere), so this panel stays off the menu (.desktop-only).
// Dimmed with a lock while the operator locks the flower tool, whose taps the crumbs are.
import { FoodButton } from "../ui/food-button";
import { placeByScreen, worldPanelsDock } from "../ui/phone-placement";
import type { WorldPanel } from "../worlds/world-view";

export interface PondActionsHooks {
  /** Throws the handful; returns whether it went out. */
  readonly throwFood: () => boolean;
  /** Whether the operator locks the food now. */
  readonly locked: () => boolean;
  readonly notThrown: () => void;
  /** The phone's ⋯ menu. */
  readonly menu: HTMLElement;
}

export class PondActions implements WorldPanel {
  readonly element: HTMLElement;
  private readonly button: FoodButton;
  private placed = false;

  constructor(
    doc: Document,
    private readonly hooks: PondActionsHooks,
  ) {
    const panel = doc.createElement("div");
    panel.id = "pond-actions";
    panel.className = "world-settings world-actions desktop-only";
    panel.setAttribute("role", "group");
    panel.setAttribute("aria-label", "Feed the fish");
    panel.hidden = true;
    const title = doc.createElement("div");
    title.className = "title";
    title.textContent = "feed the fish";
    panel.append(title);
    this.button = new FoodButton(panel, () => {
      if (!hooks.throwFood()) hooks.notThrown();
    }, { id: "pond-throw-food", what: "a handful of crumbs over the water" });
    this.element = panel;
  }

  show(visible: boolean): void {
    if (visible && !this.placed) {
      this.placed = true;
      placeByScreen(this.element, worldPanelsDock(this.element.ownerDocument), this.hooks.menu);
    }
    this.element.hidden = !visible;
  }

  tick(): void {
    this.button.showLocked(this.hooks.locked());
  }
}
