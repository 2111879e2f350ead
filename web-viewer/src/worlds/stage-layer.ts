// A world's canvas on the stage: the page's own (index.html names some worlds' canvases, in the
// order they stack) or, for a world the page does not name, one made here and stacked
// under the air and the marks, which stay on top of every world.
export interface LayerOptions {
  /** Added onto the meadow (light), rather than painted over it. */
  readonly added?: boolean;
}

/** Canvases every world's layers go under. */
const ON_TOP = ["air-layer", "marks-layer"];

export function stageLayer(stage: HTMLElement, id: string, options: LayerOptions = {}): HTMLCanvasElement {
  const doc = stage.ownerDocument;
  const found = doc.getElementById(id);
  if (found instanceof HTMLCanvasElement) {
    if (options.added) found.style.mixBlendMode = "plus-lighter";
    return found;
  }
  if (found) throw new Error(`#${id} is not a canvas`);
  const canvas = doc.createElement("canvas");
  canvas.id = id;
  if (options.added) canvas.style.mixBlendMode = "plus-lighter";
  const above = ON_TOP.map((top) => doc.getElementById(top)).find((el) => el?.parentElement === stage);
  stage.insertBefore(canvas, above ?? null);
  return canvas;
}
