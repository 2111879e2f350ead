// What a world contributes to the wall's captions (WorldView.captions): rules that read each of
// its frames and name the moments worth a line (an order crossing, fireflies flashing as one, a
// crumb eaten), most notable first. Each world's rules live in its own folder and only name keys;
// the words are in caption-strings.ts, and which caption is shown when is the board's
// (caption-board.ts). Nothing here knows a world.
import type { Frame } from "../gen/meadow/v1/viewer_pb";
import type { CaptionKey } from "./caption-strings";

/** A moment worth a caption: its key and, for phrases that count, how many. */
export interface Caption {
  readonly key: CaptionKey;
  readonly count?: number;
}

export interface CaptionRules {
  /** The moments in one frame of its world, the most notable first (none: an empty list). */
  read(frame: Frame): readonly Caption[];
  /** Its world is no longer shown, or the link dropped: what it remembered of earlier frames goes. */
  forget(): void;
}

/**
 * A condition said once when it begins to hold and not again until it has clearly ended: the
 * store falling nearly empty, a network being woven. `end` is the hysteresis: only once it holds
 * can the moment be said again.
 */
export class MomentLatch {
  private said = false;

  /** Whether the moment begins now (`begun`), given whether it has clearly ended (`ended`). */
  update(begun: boolean, ended: boolean): boolean {
    if (this.said) {
      if (ended) this.said = false;
      return false;
    }
    this.said = begun;
    return begun;
  }

  reset(): void {
    this.said = false;
  }
}
