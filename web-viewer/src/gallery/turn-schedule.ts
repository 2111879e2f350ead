// A wall that asks for it shows the worlds in turn (README.md "Kiosk mode"):
// `?kiosk&turn=SECONDS` goes to the next world every SECONDS (at least TURN_MIN_S), through
// `&worlds=a,b,c` in that order or every world the server offers in its order. Each turn darkens
// the meadow under a black veil first (TURN_FADE_MS), asks for the next world, and lifts the veil
// once that world's frames show, so the wall never cuts hard from one world to another. A touch
// holds the turning until the wall is left alone long enough for the idle tour to start again:
// a visitor is not carried off mid-gesture. While the meadow rests nothing turns. Pure, on an
// explicit clock (ms).
import { isKiosk } from "../app/kiosk";
import { asWorldName } from "../worlds/world-choice";
import type { WorldName } from "../worlds/world-view";
import { aloneAt } from "./idle-tour";

/** The shortest turn a wall may ask for, s: a world needs time to be looked at. */
export const TURN_MIN_S = 20;
/** The veil darkens this long before the switch (and lifts as long, its CSS transition), ms. */
export const TURN_FADE_MS = 750;
/** The veil lifts at the latest this long after the switch, even without the new world's frames (refused, slow), ms. */
export const TURN_DARK_MAX_MS = 4000;

/** What a wall's address asks for: how often, and which worlds (undefined: all the server offers). */
export interface TurnAsk {
  readonly periodMs: number;
  readonly worlds: readonly WorldName[] | undefined;
}

/** `?kiosk&turn=SECONDS[&worlds=a,b]`, or undefined: no turning (not a kiosk, no or no usable number). */
export function turnFromSearch(search: string): TurnAsk | undefined {
  if (!isKiosk(search)) return undefined;
  const params = new URLSearchParams(search);
  const text = params.get("turn")?.trim() ?? "";
  const seconds = text === "" ? Number.NaN : Number(text);
  if (!Number.isFinite(seconds) || seconds <= 0) return undefined;
  const names = (params.get("worlds") ?? "").split(",").flatMap((t) => asWorldName(t) ?? []);
  return { periodMs: Math.max(seconds, TURN_MIN_S) * 1000, worlds: names.length > 0 ? [...new Set(names)] : undefined };
}

/** What the wall does now: whether its veil is down, and the world to ask for (once, at the turn). */
export interface TurnStep {
  readonly veil: boolean;
  readonly choose?: WorldName;
}

/** What the wall looks like now: its world, when the visitor last touched it, whether the meadow rests. */
export interface WallNow {
  readonly shown: WorldName | undefined;
  readonly lastTouchMs: number | undefined;
  readonly resting: boolean;
}

export class TurnSchedule {
  private list: readonly WorldName[];
  private phase: "showing" | "darkening" | "dark" = "showing";
  private phaseAt = 0;
  /** When the world on screen began to count: its first frame, the last turn, a rest going on. */
  private since = 0;
  private shownWorld: WorldName | undefined;
  private leaving: WorldName | undefined;
  /** Turns asked for since the page loaded. */
  turns = 0;

  constructor(readonly ask: TurnAsk) {
    this.list = ask.worlds ?? [];
  }

  /** The worlds the server offers (its Welcome, in its order): those asked for that it has, or all of them. */
  offer(offered: readonly WorldName[]): void {
    this.list = this.ask.worlds ? this.ask.worlds.filter((w) => offered.includes(w)) : offered.slice();
  }

  /** The worlds turned through, in order. */
  get worlds(): readonly WorldName[] {
    return this.list;
  }

  /** The world that follows `world` on the wall (the first for one not in turn); undefined: no other. */
  after(world: WorldName | undefined): WorldName | undefined {
    const i = world === undefined ? -1 : this.list.indexOf(world);
    const next = this.list[(i + 1) % this.list.length];
    return next === world ? undefined : next;
  }

  /** When the next turn falls: the world shown has had its time and the wall is left alone. */
  dueAt(lastTouchMs: number | undefined): number {
    return Math.max(this.since + this.ask.periodMs, aloneAt(lastTouchMs));
  }

  /** Once per animation frame. */
  tick(nowMs: number, wall: WallNow): TurnStep {
    if (wall.shown !== this.shownWorld) {
      this.shownWorld = wall.shown;
      this.since = nowMs;
    }
    if (this.phase === "dark") {
      // The new world shows (or the switch came to nothing): the veil lifts.
      if (wall.shown !== this.leaving || nowMs - this.phaseAt >= TURN_DARK_MAX_MS) this.lift(nowMs);
    } else if (this.phase === "darkening") {
      const touched = wall.lastTouchMs !== undefined && wall.lastTouchMs >= this.phaseAt;
      const next = this.after(wall.shown);
      if (touched || wall.resting || next === undefined) this.lift(nowMs);
      else if (nowMs - this.phaseAt >= TURN_FADE_MS) {
        this.enter("dark", nowMs);
        this.leaving = wall.shown;
        this.turns += 1;
        return { veil: true, choose: next };
      }
    } else if (wall.resting || wall.shown === undefined) {
      // A resting meadow holds the turn: the world shown gets its whole time once it goes on.
      this.since = nowMs;
    } else if (this.after(wall.shown) !== undefined && nowMs >= this.dueAt(wall.lastTouchMs) - TURN_FADE_MS) {
      this.enter("darkening", nowMs);
    }
    return { veil: this.phase !== "showing" };
  }

  private enter(phase: "darkening" | "dark", nowMs: number): void {
    this.phase = phase;
    this.phaseAt = nowMs;
  }

  private lift(nowMs: number): void {
    this.phase = "showing";
    this.since = nowMs;
    this.leaving = undefined;
  }
}
