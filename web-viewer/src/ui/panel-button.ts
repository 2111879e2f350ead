// A button of its own across a world's panel at the bottom right (throw food, record trails): it never keeps the
// focus, so keys keep going to the meadow.

export function panelButton(panel: HTMLElement, id: string, onClick: () => void): HTMLButtonElement {
  const b = panel.ownerDocument.createElement("button");
  b.type = "button";
  b.id = id;
  b.addEventListener("pointerdown", (ev) => ev.preventDefault());
  b.addEventListener("click", onClick);
  panel.append(b);
  return b;
}

/** A key as the panel's buttons show it. */
export function keyLabel(doc: Document, key: string): HTMLElement {
  const kbd = doc.createElement("kbd");
  kbd.textContent = key;
  return kbd;
}
