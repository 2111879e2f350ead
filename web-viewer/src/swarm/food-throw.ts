// "Throw food" (docs/rules.md "The swarm · The aquarium's controls": food thrown from a button as
// well as by a tap): a handful of crumbs at random spots in the part of the world on screen, where
// the fireflies are seen, sent as the very taps of the flower tool, one after another. The server
// lets a viewer tap a rock or a flower at most once every 0.2 s of its own clock (12 ticks,
// sim/viewer_limits.hpp), so the crumbs go out a little further apart than that. A notice stops the
// throw (a refusal: the viewer's crumbs are all out, a lock) and shows as a tap's would; but "too
// soon" only says the server's ticks run slower than the page's clock (a busy server skips ticks),
// so that crumb is thrown again, the crumbs further apart. The limits on crumbs stay the server's
// alone.
import type { Point, WorldRect } from "../render/viewport";
import type { RockView } from "../render/rocks";

/** Crumbs in a handful: fewer than the 8 a viewer may have waiting, so a second throw still lands some. */
export const HANDFUL = 5;
/** ms between two crumbs of a throw: the server's tap cooldown (200 ms) and room for the network's jitter. */
export const THROW_GAP_MS = 300;
/** Share of the view's width and height kept clear at each side: crumbs land where they are seen, not at its edge. */
export const VIEW_INSET = 0.12;
/** Crumbs land at least this far apart (world units at one meadow's zoom; scaled with the view). */
export const CRUMBS_APART = 60;
/** And this far from a rock's edge (world units): a crumb inside a rock would never be eaten. */
export const ROCK_CLEARANCE = 20;
/** The server's notice for a tap that came too soon after the viewer's last. */
export const TOO_SOON = "too_fast";
/** Times one throw slows down (doubling its gap) for "too soon" before it gives up. */
export const SLOWDOWNS = 3;
/** ms after a crumb in which "too soon" is its answer (a phone's round trip, with room). */
const ANSWER_MS = 1000;
/** Tries per crumb before a crowded view takes fewer. */
const TRIES = 30;
/** One meadow's width: the spacing grows with a wider view, like the tools' reach. */
const MEADOW_WIDTH = 1600;

/**
 * Up to `count` spots for crumbs: inside both the view and the world (less the inset), off the
 * rocks, apart from each other. `random` gives numbers in [0, 1).
 */
export function foodSpots(view: WorldRect, world: WorldRect, rocks: readonly RockView[], count: number, random: () => number): Point[] {
  const x0 = Math.max(view.x, world.x);
  const y0 = Math.max(view.y, world.y);
  const x1 = Math.min(view.x + view.width, world.x + world.width);
  const y1 = Math.min(view.y + view.height, world.y + world.height);
  const w = x1 - x0;
  const h = y1 - y0;
  if (!(w > 0 && h > 0)) return [];
  const apart = CRUMBS_APART * Math.max(1, view.width / MEADOW_WIDTH);
  const spots: Point[] = [];
  for (let tries = 0; spots.length < count && tries < count * TRIES; tries++) {
    const p = { x: x0 + w * (VIEW_INSET + (1 - 2 * VIEW_INSET) * random()), y: y0 + h * (VIEW_INSET + (1 - 2 * VIEW_INSET) * random()) };
    if (rocks.some((r) => Math.hypot(p.x - r.x, p.y - r.y) < r.radius + ROCK_CLEARANCE)) continue;
    if (spots.some((s) => Math.hypot(p.x - s.x, p.y - s.y) < apart)) continue;
    spots.push(p);
  }
  return spots;
}

/** One throw under way: its crumbs, each due a gap after the one before. */
export class FoodThrow {
  private left: Point[] = [];
  private nextAtMs = 0;
  private gapMs = THROW_GAP_MS;
  private slowdowns = 0;
  private lastSent: { readonly at: Point; readonly atMs: number } | undefined;

  get throwing(): boolean {
    return this.left.length > 0;
  }

  /** ms between two crumbs now (wider after "too soon"). */
  get gap(): number {
    return this.gapMs;
  }

  /** Starts a throw whose first crumb is due now; false while another is still under way. */
  start(spots: readonly Point[], nowMs: number): boolean {
    if (this.throwing) return false;
    this.left = spots.slice();
    this.nextAtMs = nowMs;
    this.gapMs = THROW_GAP_MS;
    this.slowdowns = 0;
    this.lastSent = undefined;
    return this.left.length > 0;
  }

  /** The next crumb if its time has come (at most one per call). */
  due(nowMs: number): Point | undefined {
    if (this.left.length === 0 || nowMs < this.nextAtMs) return undefined;
    this.nextAtMs = nowMs + this.gapMs;
    const crumb = this.left.shift();
    this.lastSent = crumb && { at: crumb, atMs: nowMs };
    return crumb;
  }

  /**
   * A notice from the server while the throw is under way: "too soon" throws the crumb just sent
   * again, twice as far apart (a few times at most); anything else stops the throw.
   */
  noticed(code: string, nowMs: number): void {
    const last = this.lastSent;
    if (!last) return;
    if (code === TOO_SOON && this.slowdowns < SLOWDOWNS && nowMs - last.atMs <= ANSWER_MS) {
      this.slowdowns += 1;
      this.gapMs *= 2;
      this.left.unshift(last.at);
      this.lastSent = undefined;
      this.nextAtMs = nowMs + this.gapMs;
      return;
    }
    this.stop();
  }

  /** The link dropped or the world changed: the rest stay in the hand. */
  stop(): void {
    this.left = [];
    this.lastSent = undefined;
  }
}
