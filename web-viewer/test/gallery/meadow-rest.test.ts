// The meadow at rest (docs/gallery.md "The caretaker"): frames say `paused`; the caretaker's
// notice says why and when it opens, and belongs to the rest it came with, not a later one.
import { describe, expect, it } from "vitest";
import { CARETAKER_NOTICE, MeadowRest, REST_NOTICE_GRACE_MS } from "../../src/gallery/meadow-rest";

const PLAIN = "The meadow rests.";
const CLOSING = "The meadow rests for the night; it opens again at 18:00.";
const OPENING = "The meadow is open.";

describe("MeadowRest", () => {
  it("rests while the frames say paused, and only then", () => {
    const r = new MeadowRest();
    expect(r.resting).toBe(false);
    expect(r.words(PLAIN)).toBeUndefined();
    r.frame(false, 0);
    expect(r.resting).toBe(false);
    r.frame(true, 100);
    expect(r.resting).toBe(true);
    r.frame(false, 200);
    expect(r.resting).toBe(false);
  });

  it("says the caretaker's notice of this rest, whether it comes just before or after the first paused frame", () => {
    const before = new MeadowRest();
    expect(before.noticeArrived(CARETAKER_NOTICE, CLOSING, 1000)).toBe(true);
    before.frame(false, 1020); // a frame of the tick before, late
    before.frame(true, 1050);
    expect(before.words(PLAIN)).toBe(CLOSING);
    const after = new MeadowRest();
    after.frame(true, 1000);
    expect(after.words(PLAIN)).toBe(PLAIN);
    after.noticeArrived(CARETAKER_NOTICE, CLOSING, 1040);
    expect(after.words(PLAIN)).toBe(CLOSING);
  });

  it("says plain words for the operator's pause, or a rest begun before the page joined", () => {
    const joined = new MeadowRest();
    joined.frame(true, 500);
    expect(joined.words(PLAIN)).toBe(PLAIN);
    // Other notices are not the rest's.
    expect(joined.noticeArrived("flower_limit", "Too many flowers.", 600)).toBe(false);
    expect(joined.noticeArrived(CARETAKER_NOTICE, "", 700)).toBe(false);
    expect(joined.words(PLAIN)).toBe(PLAIN);
  });

  it("says the notice that ends a rest as the veil lifts, and no old notice at a later pause", () => {
    const r = new MeadowRest();
    r.noticeArrived(CARETAKER_NOTICE, CLOSING, 0);
    r.frame(true, 30);
    r.noticeArrived(CARETAKER_NOTICE, OPENING, 60_000);
    expect(r.words(PLAIN)).toBe(OPENING);
    r.frame(false, 60_030);
    expect(r.resting).toBe(false);
    expect(r.words(PLAIN)).toBe(OPENING);
    // The operator pauses an hour later: the opening's words are not this rest's.
    r.frame(true, 3_660_000);
    expect(r.words(PLAIN)).toBe(PLAIN);
    r.frame(false, 3_700_000);
    expect(r.words(PLAIN)).toBeUndefined();
  });

  it("keeps a rest's notice only within its grace of the rest's start", () => {
    const r = new MeadowRest();
    r.noticeArrived(CARETAKER_NOTICE, CLOSING, 0);
    r.frame(true, REST_NOTICE_GRACE_MS + 1);
    expect(r.words(PLAIN)).toBe(PLAIN);
  });
});
