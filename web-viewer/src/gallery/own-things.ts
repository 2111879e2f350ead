// Which of a world's things are this viewer's (marks, crumbs, predators, frogs: each carries the
// session that made it, docs/rules.md "The tools"): a world's WorldView.ownPlaces picks them with
// this, so the page can ring them a moment. The operator's (session 0) are no one's. Pure.
import type { Point } from "../render/viewport";

/** A thing on the meadow that someone made. */
export interface Owned extends Point {
  /** The session that made it (0n: the operator). */
  readonly owner: bigint;
}

/** Where the things `session` made lie (world units), in their order. */
export function ownPoints(things: Iterable<Owned>, session: bigint): Point[] {
  const out: Point[] = [];
  if (session === 0n) return out;
  for (const t of things) if (t.owner === session) out.push({ x: t.x, y: t.y });
  return out;
}
