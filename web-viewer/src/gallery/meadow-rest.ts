// Whether the meadow rests, and what the wall says about it (docs/gallery.md "The caretaker"):
// frames carry `paused` while the worlds stand still, outside the opening hours (the caretaker's
// rest) or because the operator paused them. The caretaker tells the viewers present why, in a
// notice coded "caretaker"; the server says it once, so a page that joins during the rest is not
// told and the wall falls back to plain words, as for the operator's pause. A caretaker's notice
// belongs to the rest that begins within REST_NOTICE_GRACE_MS of it (the notice and the first
// paused frame travel apart, either may come first) or during it, never to a later one; the
// notice that ends a rest ("The meadow is open.") is what the veil says as it lifts. Pure, on an
// explicit clock (ms).

/** The code of the caretaker's notices (server/app/caretaker). */
export const CARETAKER_NOTICE = "caretaker";
/** How far apart a rest's notice and its first (or last) paused frame may come, ms. */
export const REST_NOTICE_GRACE_MS = 5000;

export class MeadowRest {
  private pausedNow = false;
  private begunAt = Number.NEGATIVE_INFINITY;
  private endedAt = Number.NEGATIVE_INFINITY;
  private notice: { readonly text: string; readonly atMs: number } | undefined;

  /** A frame: whether the meadow stands still. A dropped link changes nothing: the next frame says. */
  frame(paused: boolean, nowMs: number): void {
    if (paused === this.pausedNow) return;
    this.pausedNow = paused;
    if (paused) this.begunAt = nowMs;
    else this.endedAt = nowMs;
  }

  /** A notice from the server; whether it was the caretaker's (kept for the wall to say). */
  noticeArrived(code: string, text: string, nowMs: number): boolean {
    if (code !== CARETAKER_NOTICE || text === "") return false;
    this.notice = { text, atMs: nowMs };
    return true;
  }

  get resting(): boolean {
    return this.pausedNow;
  }

  /**
   * The wall's words: while resting, the caretaker's notice of this rest or `plain`; just after a
   * rest, the notice that ended it; otherwise none.
   */
  words(plain: string): string | undefined {
    const n = this.notice;
    if (this.pausedNow) return n && n.atMs >= this.begunAt - REST_NOTICE_GRACE_MS ? n.text : plain;
    return n && Math.abs(n.atMs - this.endedAt) <= REST_NOTICE_GRACE_MS ? n.text : undefined;
  }
}
