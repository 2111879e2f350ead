// A wall that asks for it plays "Tonight so far" by itself (docs/gallery.md; README.md "Kiosk
// mode"): `?kiosk&replay-every=MINUTES`. When no one has touched it for the idle tour's time, and
// at most once every MINUTES, it plays the night so far from its start at 60×, and is live again
// when the server ends it (caught up with live). The MINUTES count from the end of the last
// replay, anyone's (or from the page's load), so a long night never follows itself back to back;
// while the meadow rests or a turn to another world is under way it waits. Pure, on an explicit
// clock (ms).
import { isKiosk } from "../app/kiosk";
import { aloneAt } from "./idle-tour";

/** The least a wall may ask for, minutes: a night at 60× takes minutes itself. */
export const REPLAY_EVERY_MIN_MINUTES = 1;

/** `?kiosk&replay-every=MINUTES` as ms; undefined: no replays by itself (not a kiosk, no or no usable number). */
export function replayEveryFromSearch(search: string): number | undefined {
  if (!isKiosk(search)) return undefined;
  const text = new URLSearchParams(search).get("replay-every")?.trim() ?? "";
  const minutes = text === "" ? Number.NaN : Number(text);
  if (!Number.isFinite(minutes) || minutes <= 0) return undefined;
  return Math.max(minutes, REPLAY_EVERY_MIN_MINUTES) * 60_000;
}

/** What the wall looks like now. */
export interface WallReplayNow {
  /** When a visitor last touched it; undefined: not since the page loaded. */
  readonly lastTouchMs: number | undefined;
  /** The server replays the night here (Welcome.replays). */
  readonly offered: boolean;
  /** A replay is under way (the wall's, or one a visitor asked for). */
  readonly busy: boolean;
  readonly resting: boolean;
  /** A turn to another world is under way (its veil is down). */
  readonly turning: boolean;
}

export class ReplaySchedule {
  /** When the last replay ended (or the page loaded). */
  private lastAt: number;
  /** Replays begun by the wall since the page loaded. */
  started = 0;

  constructor(
    readonly periodMs: number,
    private readonly loadedAt: number,
  ) {
    this.lastAt = loadedAt;
  }

  /** When the next replay falls: its MINUTES since the last, and the wall left alone that long (since its load, untouched). */
  dueAt(lastTouchMs: number | undefined): number {
    return Math.max(this.lastAt + this.periodMs, aloneAt(lastTouchMs ?? this.loadedAt));
  }

  /** Once per animation frame: whether the wall begins a replay now. */
  tick(nowMs: number, wall: WallReplayNow): boolean {
    if (wall.busy) {
      this.lastAt = nowMs;
      return false;
    }
    if (!wall.offered || wall.resting || wall.turning || nowMs < this.dueAt(wall.lastTouchMs)) return false;
    this.lastAt = nowMs;
    this.started += 1;
    return true;
  }
}
