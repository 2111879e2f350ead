// Each bird's trail as polylines in plate units (docs/rules.md "The plate"): its positions over the
// frames kept, oldest first, lifted where it crosses the seam (a step longer than half the plate is
// the torus wrapping, not a flight across it), so a trail that crosses an edge goes on from the
// other side instead of striking over the plate.
import type { PlateBirds } from "./plate-state";

/** A step longer than this (plate units, on either axis) is a wrap across the seam. */
export const SEAM_JUMP = 0.5;

/** One bird's trail: polylines of x, y pairs. */
export function birdTrail(history: readonly PlateBirds[], now: PlateBirds | undefined, bird: number): number[][] {
  const frames = now ? [...history, now] : history;
  const lines: number[][] = [];
  let line: number[] = [];
  let px = Number.NaN;
  let py = Number.NaN;
  for (const f of frames) {
    const x = f.x[bird];
    const y = f.y[bird];
    if (x === undefined || y === undefined) continue;
    if (line.length > 0 && (Math.abs(x - px) > SEAM_JUMP || Math.abs(y - py) > SEAM_JUMP)) {
      if (line.length >= 4) lines.push(line);
      line = [];
    }
    line.push(x, y);
    px = x;
    py = y;
  }
  if (line.length >= 4) lines.push(line);
  return lines;
}
