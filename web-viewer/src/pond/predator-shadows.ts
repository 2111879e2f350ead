// The predators over the pond as shadows that point the way they move (docs/rules.md "The pond"):
// each viewer's predator's heading, from where it was when it last moved, kept while it is still.
import type { PredatorShadow } from "./pond-painter";
import type { PredatorView } from "./pond-state";

/** A move shorter than this (world units) keeps the heading it had: a held, still pointer does not spin. */
const MOVED = 0.5;

interface Track {
  /** Where it was when its heading was last taken. */
  readonly fromX: number;
  readonly fromY: number;
  readonly heading: number;
}

export class PredatorShadows {
  private tracks = new Map<bigint, Track>();

  /** A frame's predators as shadows; `own`: this viewer's session. */
  update(predators: readonly PredatorView[], own: bigint | undefined): PredatorShadow[] {
    const next = new Map<bigint, Track>();
    const out = predators.map((p) => {
      const before = this.tracks.get(p.owner);
      let track: Track = before ?? { fromX: p.x, fromY: p.y, heading: 0 };
      if (before && Math.hypot(p.x - before.fromX, p.y - before.fromY) >= MOVED) {
        track = { fromX: p.x, fromY: p.y, heading: Math.atan2(p.y - before.fromY, p.x - before.fromX) };
      }
      next.set(p.owner, track);
      return { x: p.x, y: p.y, heading: track.heading, own: own !== undefined && own !== 0n && p.owner === own };
    });
    this.tracks = next;
    return out;
  }

  clear(): void {
    this.tracks.clear();
  }
}
