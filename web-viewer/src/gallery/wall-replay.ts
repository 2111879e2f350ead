// A wall's night replayed by itself wired (replay-schedule.ts says when): the replay asked for as
// n asks (replay/replay-control.ts), from the night's start at 60×. A visitor's touch on the meadow
// during the wall's own replay brings the wall back to live, so the meadow is theirs to touch (a
// replay a visitor asked for with n stays theirs until they leave it).
import { ReplaySchedule, type WallReplayNow } from "./replay-schedule";

export interface WallReplayHooks {
  /** Asks for the night from its start at 60×; whether it went out. */
  readonly start: () => boolean;
  readonly stop: () => void;
  /** A replay is under way (asked for, playing, or on its way back). */
  readonly busy: () => boolean;
  /** The server replays the night here (Welcome.replays). */
  readonly offered: () => boolean;
}

/** What the gallery shows of it, for the debug hook. */
export interface WallReplayDebug {
  readonly everyMs: number;
  /** Replays the wall began since the page loaded. */
  readonly started: number;
  /** The replay under way is the wall's own. */
  readonly own: boolean;
}

export class WallReplay {
  private readonly schedule: ReplaySchedule;
  private own = false;

  constructor(
    stage: HTMLElement,
    everyMs: number,
    private readonly hooks: WallReplayHooks,
    nowMs: number,
  ) {
    this.schedule = new ReplaySchedule(everyMs, nowMs);
    // Captured before the tools hear the touch: its tap then finds the past on its way out, and is quiet.
    stage.addEventListener(
      "pointerdown",
      () => {
        if (this.own && hooks.busy()) hooks.stop();
      },
      { capture: true },
    );
  }

  /** Once per animation frame. */
  tick(nowMs: number, wall: Omit<WallReplayNow, "busy" | "offered">): void {
    const busy = this.hooks.busy();
    if (!busy) this.own = false;
    if (this.schedule.tick(nowMs, { ...wall, busy, offered: this.hooks.offered() })) this.own = this.hooks.start();
  }

  debug(): WallReplayDebug {
    return { everyMs: this.schedule.periodMs, started: this.schedule.started, own: this.own };
  }
}
