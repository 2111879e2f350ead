// A wall that plays "Tonight so far" by itself (src/gallery/replay-schedule.ts), on a fake clock:
// the address read, the idle tour's wait after a touch, at most once every MINUTES counted from the
// end of the last replay, and the holds (a rest, a turn, a server that keeps no night).
import { describe, expect, it } from "vitest";
import { IDLE_AFTER_MS, aloneAt } from "../../src/gallery/idle-tour";
import { REPLAY_EVERY_MIN_MINUTES, ReplaySchedule, replayEveryFromSearch, type WallReplayNow } from "../../src/gallery/replay-schedule";

const MINUTE = 60_000;

/** A wall on a fake clock: ticked every 100 ms; each replay it begins lasts `lastsMs`. */
class FakeWall {
  now = 0;
  lastTouchMs: number | undefined;
  offered = true;
  resting = false;
  turning = false;
  readonly begun: number[] = [];
  private busyUntil = Number.NEGATIVE_INFINITY;

  constructor(
    readonly schedule: ReplaySchedule,
    private readonly lastsMs = 2 * MINUTE,
  ) {}

  get busy(): boolean {
    return this.now < this.busyUntil;
  }

  run(untilMs: number): void {
    for (; this.now <= untilMs; this.now += 100) {
      const wall: WallReplayNow = { lastTouchMs: this.lastTouchMs, offered: this.offered, busy: this.busy, resting: this.resting, turning: this.turning };
      if (this.schedule.tick(this.now, wall)) {
        this.begun.push(this.now);
        this.busyUntil = this.now + this.lastsMs;
      }
    }
  }

  /** A visitor's own replay (n), from now for `ms`. */
  visitorReplays(ms: number): void {
    this.busyUntil = this.now + ms;
  }
}

describe("?kiosk&replay-every=MINUTES", () => {
  it("is read on a kiosk only, as ms, at least a minute", () => {
    expect(replayEveryFromSearch("?kiosk&replay-every=30")).toBe(30 * MINUTE);
    expect(replayEveryFromSearch("?kiosk=1&replay-every=2.5")).toBe(2.5 * MINUTE);
    expect(replayEveryFromSearch("?kiosk&replay-every=0.1")).toBe(REPLAY_EVERY_MIN_MINUTES * MINUTE);
    expect(replayEveryFromSearch("?replay-every=30")).toBeUndefined();
    expect(replayEveryFromSearch("?kiosk&replay-every=")).toBeUndefined();
    expect(replayEveryFromSearch("?kiosk&replay-every=soon")).toBeUndefined();
    expect(replayEveryFromSearch("?kiosk&replay-every=-5")).toBeUndefined();
    expect(replayEveryFromSearch("?kiosk")).toBeUndefined();
  });
});

describe("the wall's replays", () => {
  it("begin once the wall has had its MINUTES and been left alone the idle tour's time since its load", () => {
    const short = new FakeWall(new ReplaySchedule(1 * MINUTE, 0));
    short.run(5 * MINUTE);
    // A minute's period, but untouched since its load only after the tour's 90 s.
    expect(short.begun[0]).toBe(IDLE_AFTER_MS);
    const long = new FakeWall(new ReplaySchedule(10 * MINUTE, 0));
    long.run(11 * MINUTE);
    expect(long.begun).toEqual([10 * MINUTE]);
  });

  it("come at most once every MINUTES, counted from the end of the last one", () => {
    const wall = new FakeWall(new ReplaySchedule(5 * MINUTE, 0), 2 * MINUTE);
    wall.run(30 * MINUTE);
    // 5 min, then 2 min of replay + 5 min: every 7 minutes (less the one tick of 100 ms that ends a replay).
    expect(wall.begun[0]).toBe(5 * MINUTE);
    expect(wall.begun).toHaveLength(4);
    for (let i = 1; i < wall.begun.length; i++) expect(wall.begun[i]! - wall.begun[i - 1]!).toBe(7 * MINUTE - 100);
  });

  it("wait for the wall to be left alone after a touch, as the turning of worlds does", () => {
    const wall = new FakeWall(new ReplaySchedule(5 * MINUTE, 0));
    wall.run(4.5 * MINUTE);
    wall.lastTouchMs = wall.now;
    wall.run(6 * MINUTE);
    expect(wall.begun).toEqual([]);
    wall.run(7 * MINUTE);
    expect(wall.begun).toEqual([aloneAt(4.5 * MINUTE + 100)]);
  });

  it("count a visitor's own replay as one: the MINUTES start again at its end", () => {
    const wall = new FakeWall(new ReplaySchedule(5 * MINUTE, 0));
    wall.run(3 * MINUTE);
    wall.visitorReplays(4 * MINUTE);
    wall.run(12 * MINUTE);
    expect(wall.begun).toEqual([12 * MINUTE]);
  });

  it("hold while the meadow rests, while a world turns, and where the server keeps no night", () => {
    const wall = new FakeWall(new ReplaySchedule(2 * MINUTE, 0));
    wall.resting = true;
    wall.run(4 * MINUTE);
    wall.resting = false;
    wall.turning = true;
    wall.run(5 * MINUTE);
    wall.turning = false;
    wall.offered = false;
    wall.run(6 * MINUTE);
    expect(wall.begun).toEqual([]);
    wall.offered = true;
    wall.run(6.5 * MINUTE);
    expect(wall.begun).toHaveLength(1);
    expect(wall.schedule.started).toBe(1);
  });
});
