// A kiosk wall left alone tells passers-by what they are looking at (docs/rules.md "The gallery"):
// after 90 s untouched, the world's card and the captions in turn.
import { describe, expect, it } from "vitest";
import { IDLE_AFTER_MS, TOUR_CARD_MS, TOUR_EVERY_MS, tourCardUp } from "../../src/gallery/idle-tour";

describe("tourCardUp", () => {
  it("waits 90 s untouched, then puts the card up and away in turn", () => {
    expect(IDLE_AFTER_MS).toBe(90_000);
    expect(tourCardUp(0)).toBe(false);
    expect(tourCardUp(IDLE_AFTER_MS - 1)).toBe(false);
    expect(tourCardUp(IDLE_AFTER_MS)).toBe(true);
    expect(tourCardUp(IDLE_AFTER_MS + TOUR_CARD_MS - 1)).toBe(true);
    // The captions' turn.
    expect(tourCardUp(IDLE_AFTER_MS + TOUR_CARD_MS)).toBe(false);
    expect(tourCardUp(IDLE_AFTER_MS + TOUR_EVERY_MS - 1)).toBe(false);
    expect(tourCardUp(IDLE_AFTER_MS + TOUR_EVERY_MS)).toBe(true);
    expect(TOUR_EVERY_MS - TOUR_CARD_MS).toBeGreaterThan(TOUR_CARD_MS);
  });
});
