// A recording of trails (Trails) as an SVG picture, the same document the operator's
// `meadowctl trails --format svg` writes (client/meadowctl/trail_files.cpp): the world's
// rectangle as the viewBox on a dark ground, one <polyline> per piece of each firefly's path in
// its colour, hairlines a thousandth of the world wide. Numbers have two decimals, as there.
import type { Trail, Trails } from "../gen/meadow/v1/viewer_pb";

/** Stroke width as a share of the world's width: a hair at any size of the picture. */
const STROKE_SHARE = 1 / 1000;
const GROUND = "#05070d";

/** The file a recording is saved as. */
export function trailsFileName(trails: Trails): string {
  return `meadow-trails-${trails.tick}.svg`;
}

export function trailsSvg(trails: Trails): string {
  const w = trails.world ?? { x: 0, y: 0, width: 0, height: 0 };
  const [x, y, width, height] = [w.x, w.y, w.width, w.height].map(number);
  let out = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${x} ${y} ${width} ${height}">\n`;
  out += `<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="${GROUND}"/>\n`;
  out += `<g fill="none" stroke-linecap="round" stroke-linejoin="round" stroke-width="${number(w.width * STROKE_SHARE)}">\n`;
  for (const t of trails.trails) {
    const stroke = rgb(t);
    for (const piece of t.pieces) {
      const points: string[] = [];
      for (let i = 0; i + 1 < piece.xy.length; i += 2) points.push(`${number(piece.xy[i] ?? 0)},${number(piece.xy[i + 1] ?? 0)}`);
      out += `<polyline data-id="${t.id}" stroke="${stroke}" points="${points.join(" ")}"/>\n`;
    }
  }
  return `${out}</g>\n</svg>\n`;
}

/** As printf's "%.2f". */
function number(v: number): string {
  return v.toFixed(2);
}

function channel(unit: number): number {
  return Math.round(Math.min(1, Math.max(0, Number.isFinite(unit) ? unit : 0)) * 255);
}

function rgb(t: Trail): string {
  return `rgb(${channel(t.red)},${channel(t.green)},${channel(t.blue)})`;
}
