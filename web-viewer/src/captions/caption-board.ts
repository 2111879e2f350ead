// Which caption the wall shows when (docs/rules.md "The gallery"): at most one every
// CAPTION_SPACING_MS, each for CAPTION_SHOW_MS and then a quiet fade, the same one never again
// within CAPTION_REPEAT_MS, so the wall is not a ticker. A moment that comes while the wall must
// keep quiet waits for its turn, but only while it is fresh (CAPTION_FRESH_MS): a line about
// something long over would mislead. Pure, on an explicit clock (ms).
import type { Caption } from "./caption-rules";
import type { CaptionKey } from "./caption-strings";

/** The least time between the starts of two captions, ms. */
export const CAPTION_SPACING_MS = 8000;
/** How long a caption stands before it fades, ms. */
export const CAPTION_SHOW_MS = 5000;
/** How long its fade takes (the CSS transition's), ms. */
export const CAPTION_FADE_MS = 900;
/** The same caption is not said again within this, ms. */
export const CAPTION_REPEAT_MS = 60_000;
/** A moment waits at most this long for its turn, ms. */
export const CAPTION_FRESH_MS = 4000;

/** The caption on the wall now, since when (ms), and whether it is fading out. */
export interface ShownCaption {
  readonly caption: Caption;
  readonly sinceMs: number;
  readonly fading: boolean;
}

export class CaptionBoard {
  private waiting: { readonly caption: Caption; readonly atMs: number } | undefined;
  private current: { readonly caption: Caption; readonly sinceMs: number } | undefined;
  private lastStartMs = Number.NEGATIVE_INFINITY;
  private readonly lastSaid = new Map<CaptionKey, number>();

  /** A frame's moments, the most notable first: the first that may be said waits for its turn. */
  offer(captions: readonly Caption[], nowMs: number): void {
    if (this.waiting && nowMs - this.waiting.atMs <= CAPTION_FRESH_MS) return;
    const next = captions.find((c) => !this.saidLately(c.key, nowMs));
    this.waiting = next && { caption: next, atMs: nowMs };
  }

  /**
   * The caption to show at `nowMs` (starting the waiting one when its turn has come); undefined:
   * none. `quiet`: nothing new starts (the world's card is up); the one shown runs its course.
   */
  tick(nowMs: number, quiet = false): ShownCaption | undefined {
    if (this.current && nowMs - this.current.sinceMs >= CAPTION_SHOW_MS + CAPTION_FADE_MS) this.current = undefined;
    const w = this.waiting;
    if (w && nowMs - w.atMs > CAPTION_FRESH_MS) this.waiting = undefined;
    else if (w && !this.current && !quiet && nowMs - this.lastStartMs >= CAPTION_SPACING_MS && !this.saidLately(w.caption.key, nowMs)) {
      this.current = { caption: w.caption, sinceMs: nowMs };
      this.lastStartMs = nowMs;
      this.lastSaid.set(w.caption.key, nowMs);
      this.waiting = undefined;
    }
    const c = this.current;
    return c && { caption: c.caption, sinceMs: c.sinceMs, fading: nowMs - c.sinceMs >= CAPTION_SHOW_MS };
  }

  /** Another world is shown, or the link dropped: what waits and what shows are no longer so. */
  clear(): void {
    this.waiting = undefined;
    this.current = undefined;
  }

  private saidLately(key: CaptionKey, nowMs: number): boolean {
    const at = this.lastSaid.get(key);
    return at !== undefined && nowMs - at < CAPTION_REPEAT_MS;
  }
}
