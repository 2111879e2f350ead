// The operator's lock as the panels show it (a locked slider, a locked button).

/** A padlock drawn in SVG (an emoji may be missing from the device's fonts). */
export function lockIcon(doc: Document): SVGSVGElement {
  const ns = "http://www.w3.org/2000/svg";
  const svg = doc.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("width", "12");
  svg.setAttribute("height", "12");
  svg.setAttribute("aria-hidden", "true");
  const shackle = doc.createElementNS(ns, "path");
  shackle.setAttribute("d", "M5 7V5a3 3 0 0 1 6 0v2");
  shackle.setAttribute("fill", "none");
  shackle.setAttribute("stroke", "currentColor");
  shackle.setAttribute("stroke-width", "1.6");
  const body = doc.createElementNS(ns, "rect");
  body.setAttribute("x", "3");
  body.setAttribute("y", "7");
  body.setAttribute("width", "10");
  body.setAttribute("height", "8");
  body.setAttribute("rx", "1.5");
  body.setAttribute("fill", "currentColor");
  svg.append(shackle, body);
  return svg;
}
