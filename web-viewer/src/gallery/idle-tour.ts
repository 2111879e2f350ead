// A kiosk wall no one has touched for IDLE_AFTER_MS tells passers-by what they are looking at
// (docs/rules.md "The gallery"): the world's card (i: its idea and its source) for TOUR_CARD_MS,
// then the captions alone for the rest of each TOUR_EVERY_MS, in turn. Any touch or key ends it
// at once (the card goes) and the wait starts again. `tourCardUp` is the schedule (pure);
// IdleTour puts the card up and away.
import type { WorldCard, WorldCardOverlay } from "../ui/world-card";

/** Untouched this long, the wall begins its tour, ms. */
export const IDLE_AFTER_MS = 90_000;
/** The card stands this long in each turn, ms; the captions have the rest of it. */
export const TOUR_CARD_MS = 15_000;
export const TOUR_EVERY_MS = 45_000;

/**
 * When a wall last touched at `lastTouchMs` has been left alone long enough again (−∞: never
 * touched): what a visitor left is not carried off before then (the worlds in turn, the night replayed).
 */
export function aloneAt(lastTouchMs: number | undefined): number {
  return lastTouchMs === undefined ? Number.NEGATIVE_INFINITY : lastTouchMs + IDLE_AFTER_MS;
}

/** Whether the tour has the card up `idleMs` after the last touch. */
export function tourCardUp(idleMs: number): boolean {
  return idleMs >= IDLE_AFTER_MS && (idleMs - IDLE_AFTER_MS) % TOUR_EVERY_MS < TOUR_CARD_MS;
}

export class IdleTour {
  private touchedAt: number;
  /** The visitor's last touch or key (undefined: none since the page loaded). */
  private lastTouch: number | undefined;
  /** The card the tour put up (undefined: none; a card the visitor opened with i is theirs). */
  private cardShown: WorldCard | undefined;

  constructor(
    win: Window,
    private readonly overlay: WorldCardOverlay,
    nowMs: number,
  ) {
    this.touchedAt = nowMs;
    const touched = (): void => this.touched(performance.now());
    win.addEventListener("pointerdown", touched, { capture: true });
    win.addEventListener("keydown", touched, { capture: true });
  }

  /** Whether the wall is touring now (untouched long enough). */
  idle(nowMs: number): boolean {
    return nowMs - this.touchedAt >= IDLE_AFTER_MS;
  }

  /** Whether the tour has the card up now. */
  get cardUp(): boolean {
    return this.cardShown !== undefined;
  }

  /** When the visitor last touched the wall (the turning of worlds waits on it too); undefined: never. */
  get lastTouchMs(): number | undefined {
    return this.lastTouch;
  }

  touched(nowMs: number): void {
    this.touchedAt = nowMs;
    this.lastTouch = nowMs;
    this.takeCardDown();
  }

  /** Once per animation frame: the card of the world shown goes up or down as the schedule says. */
  tick(nowMs: number, card: WorldCard | undefined): void {
    if (!card || !tourCardUp(nowMs - this.touchedAt)) {
      this.takeCardDown();
      return;
    }
    if (card === this.cardShown) return;
    // A card the visitor opened stays theirs; the tour's follows the world shown.
    if (this.overlay.visible && this.cardShown === undefined) return;
    this.overlay.show(card);
    this.cardShown = card;
  }

  private takeCardDown(): void {
    if (this.cardShown === undefined) return;
    this.cardShown = undefined;
    this.overlay.hide();
  }
}
