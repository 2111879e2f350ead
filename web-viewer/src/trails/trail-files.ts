// A recording of trails (Trails: any world's) as the files the operator's
// `meadowctl trails --format svg|json|csv|geo` writes (client/meadowctl/trail_files.cpp), the same
// documents to the byte: SVG with the world's rectangle as the viewBox on a dark ground and one
// <polyline> per piece of each path in its colour, hairlines a thousandth of the world wide; JSON
// with every point; CSV a row per point; Houdini's classic ASCII geometry (`PGEOMETRY V5`), every
// point with its colour as Cd and each piece an open polygon, y turned over (Houdini's is up).
// Points keep a hundred-thousandth of the world's width: two decimals over a large world, five
// over a unit square.
import type { Trail, Trails } from "../gen/meadow/v1/viewer_pb";
import type { Rect } from "../gen/meadow/v1/geometry_pb";

export type TrailFormat = "svg" | "json" | "csv" | "geo";

export const TRAIL_FORMATS: readonly TrailFormat[] = ["svg", "json", "csv", "geo"];

/** Stroke width as a share of the world's width: a hair at any size of the picture. */
const STROKE_SHARE = 1 / 1000;
const GROUND = "#05070d";
const MEDIA: Readonly<Record<TrailFormat, string>> = {
  svg: "image/svg+xml",
  json: "application/json",
  csv: "text/csv",
  geo: "text/plain",
};

/**
 * The file a recording is saved as: named for its world and the meadow's tick; without a world,
 * as the first recordings were named (the world that had trails first keeps that name).
 */
export function trailsFileName(trails: Trails, format: TrailFormat = "svg", world?: string, fresh = false): string {
  const what = world === undefined ? "meadow-trails" : `meadow-${world}${fresh ? "-study" : ""}`;
  return `${what}-${trails.tick}.${format}`;
}

export function trailsFile(trails: Trails, format: TrailFormat): { readonly text: string; readonly type: string } {
  const text = format === "svg" ? trailsSvg(trails) : format === "json" ? trailsJson(trails) : format === "csv" ? trailsCsv(trails) : trailsGeo(trails);
  return { text, type: MEDIA[format] };
}

function worldOf(trails: Trails): Rect | { x: number; y: number; width: number; height: number } {
  return trails.world ?? { x: 0, y: 0, width: 0, height: 0 };
}

/** As meadowctl's: a hundred-thousandth of the world's width, 2 … 8 decimals. */
export function decimalsFor(width: number): number {
  const w = width > 0 ? width : 1;
  return Math.min(8, Math.max(2, Math.ceil(-Math.log10(w / 1e5))));
}

export function trailsSvg(trails: Trails): string {
  const w = worldOf(trails);
  const d = decimalsFor(w.width);
  const n = (v: number): string => number(v, d);
  const [x, y, width, height] = [w.x, w.y, w.width, w.height].map(n);
  let out = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${x} ${y} ${width} ${height}">\n`;
  out += `<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="${GROUND}"/>\n`;
  out += `<g fill="none" stroke-linecap="round" stroke-linejoin="round" stroke-width="${n(w.width * STROKE_SHARE)}">\n`;
  for (const t of trails.trails) {
    const stroke = rgb(t);
    for (const piece of t.pieces) {
      const points: string[] = [];
      for (let i = 0; i + 1 < piece.xy.length; i += 2) points.push(`${n(piece.xy[i] ?? 0)},${n(piece.xy[i + 1] ?? 0)}`);
      out += `<polyline data-id="${t.id}" stroke="${stroke}" points="${points.join(" ")}"/>\n`;
    }
  }
  return `${out}</g>\n</svg>\n`;
}

export function trailsJson(trails: Trails): string {
  const w = worldOf(trails);
  const d = decimalsFor(w.width);
  const n = (v: number): string => number(v, d);
  let out = `{"world":{"x":${n(w.x)},"y":${n(w.y)},"width":${n(w.width)},"height":${n(w.height)}},"tick":${trails.tick},"warmup_steps":${trails.warmupSteps},"steps":${trails.steps},"trails":[`;
  trails.trails.forEach((t, k) => {
    if (k > 0) out += ",";
    out += `\n{"id":${t.id},"colour":[${part(t.red)},${part(t.green)},${part(t.blue)}],"pieces":[`;
    out += t.pieces
      .map((piece) => {
        const points: string[] = [];
        for (let i = 0; i + 1 < piece.xy.length; i += 2) points.push(`[${n(piece.xy[i] ?? 0)},${n(piece.xy[i + 1] ?? 0)}]`);
        return `[${points.join(",")}]`;
      })
      .join(",");
    out += "]}";
  });
  return `${out}\n]}\n`;
}

export function trailsCsv(trails: Trails): string {
  const d = decimalsFor(worldOf(trails).width);
  let out = "trail,id,piece,point,x,y,red,green,blue\n";
  trails.trails.forEach((t, k) => {
    const colour = `${part(t.red)},${part(t.green)},${part(t.blue)}`;
    t.pieces.forEach((piece, p) => {
      for (let i = 0; i + 1 < piece.xy.length; i += 2) {
        out += `${k},${t.id},${p},${i / 2},${number(piece.xy[i] ?? 0, d)},${number(piece.xy[i + 1] ?? 0, d)},${colour}\n`;
      }
    });
  });
  return out;
}

export function trailsGeo(trails: Trails): string {
  const w = worldOf(trails);
  const d = decimalsFor(w.width);
  let points = 0;
  let pieces = 0;
  for (const t of trails.trails) {
    for (const piece of t.pieces) {
      points += Math.floor(piece.xy.length / 2);
      pieces += 1;
    }
  }
  let out = `PGEOMETRY V5\nNPoints ${points} NPrims ${pieces}\nNPointGroups 0 NPrimGroups 0\nNPointAttrib 1 NVertexAttrib 0 NPrimAttrib 0 NAttrib 0\nPointAttrib\nCd 3 float 1 1 1\n`;
  const top = w.y + w.height;
  for (const t of trails.trails) {
    const colour = ` 1 (${part(t.red)} ${part(t.green)} ${part(t.blue)})\n`;
    for (const piece of t.pieces) {
      for (let i = 0; i + 1 < piece.xy.length; i += 2) out += `${number(piece.xy[i] ?? 0, d)} ${number(top - (piece.xy[i + 1] ?? 0), d)} 0${colour}`;
    }
  }
  if (pieces > 0) out += `Run ${pieces} Poly\n`;
  let next = 0;
  for (const t of trails.trails) {
    for (const piece of t.pieces) {
      const count = Math.floor(piece.xy.length / 2);
      const ids: number[] = [];
      for (let i = 0; i < count; i++) ids.push(next + i);
      out += ` ${count} : ${ids.join(" ")}\n`;
      next += count;
    }
  }
  return `${out}beginExtra\nendExtra\n`;
}

/** As printf's "%.Nf" (meadowctl writes with it). */
function number(v: number, decimals: number): string {
  return (Number.isFinite(v) ? v : 0).toFixed(decimals);
}

/** A colour's part: three decimals, as meadowctl's. */
function part(unit: number): string {
  return number(Math.min(1, Math.max(0, Number.isFinite(unit) ? unit : 0)), 3);
}

function channel(unit: number): number {
  return Math.round(Math.min(1, Math.max(0, Number.isFinite(unit) ? unit : 0)) * 255);
}

function rgb(t: Trail): string {
  return `rgb(${channel(t.red)},${channel(t.green)},${channel(t.blue)})`;
}
