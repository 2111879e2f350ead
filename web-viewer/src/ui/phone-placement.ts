// Where a panel of controls lives: on its own over the meadow on a desktop, inside the phone's
// ⋯ menu on narrow or touch screens (where a panel of its own would cover the meadow a finger
// needs). It follows the screen as it changes (a phone turned, a window resized).

/** The screens that get the ⋯ menu: the same query as style.css's #more-button. */
export const PHONE_QUERY = "(max-width: 640px), (pointer: coarse)";

/** Puts `panel` in `desktop` or in `menu` by the screen, now and whenever it changes. */
export function placeByScreen(panel: HTMLElement, desktop: HTMLElement, menu: HTMLElement): void {
  const view = panel.ownerDocument.defaultView;
  const phone = view?.matchMedia?.(PHONE_QUERY);
  const place = (): void => {
    const parent = phone?.matches ? menu : desktop;
    panel.classList.toggle("in-menu", parent === menu);
    if (panel.parentElement !== parent) parent.append(panel);
  };
  place();
  phone?.addEventListener("change", place);
}

/**
 * The corner a watched world's panels share on a desktop (its settings, its own buttons): one
 * column at the bottom right, so they stack rather than cover each other. Made on first use.
 */
export function worldPanelsDock(doc: Document): HTMLElement {
  const found = doc.getElementById("world-panels");
  if (found) return found;
  const dock = doc.createElement("div");
  dock.id = "world-panels";
  doc.body.append(dock);
  return dock;
}
