// A wall that asks for it shows the worlds in turn (README.md "Kiosk mode"): every
// SECONDS (at least 20) the next world, under a black veil that darkens before the switch and
// lifts once the new world shows; a touch holds the turning until the wall is idle again.
import { describe, expect, it } from "vitest";
import { IDLE_AFTER_MS } from "../../src/gallery/idle-tour";
import { TURN_DARK_MAX_MS, TURN_FADE_MS, TurnSchedule, turnFromSearch, type TurnStep, type WallNow } from "../../src/gallery/turn-schedule";

const OFFERED = ["alpha", "beta", "gamma", "delta"];

/** A wall on a fake clock: the schedule ticked every 50 ms; a world asked for shows `lagMs` later. */
class FakeWall {
  now = 0;
  shown: string | undefined = undefined;
  lastTouchMs: number | undefined = undefined;
  resting = false;
  /** Each switch: when it was asked for, and to what. */
  readonly asked: { atMs: number; world: string }[] = [];
  /** When the veil went down and up. */
  readonly veil: { atMs: number; down: boolean }[] = [];
  private arriving: { atMs: number; world: string } | undefined;
  private veilDown = false;

  constructor(
    readonly schedule: TurnSchedule,
    private readonly lagMs = 300,
    private readonly refuses = false,
  ) {}

  /** Runs the clock on to `untilMs`. */
  run(untilMs: number): void {
    for (; this.now <= untilMs; this.now += 50) {
      if (this.arriving && this.now >= this.arriving.atMs) {
        this.shown = this.arriving.world;
        this.arriving = undefined;
      }
      const wall: WallNow = { shown: this.shown, lastTouchMs: this.lastTouchMs, resting: this.resting };
      const step: TurnStep = this.schedule.tick(this.now, wall);
      if (step.veil !== this.veilDown) this.veil.push({ atMs: this.now, down: (this.veilDown = step.veil) });
      if (step.choose !== undefined) {
        this.asked.push({ atMs: this.now, world: step.choose });
        if (!this.refuses) this.arriving = { atMs: this.now + this.lagMs, world: step.choose };
      }
    }
  }

  get worldsAsked(): string[] {
    return this.asked.map((a) => a.world);
  }
}

function wallOf(search: string, offered = OFFERED, opensOn?: string): FakeWall {
  const ask = turnFromSearch(search);
  if (!ask) throw new Error(`no turning in ${search}`);
  const schedule = new TurnSchedule(ask);
  schedule.offer(offered);
  const wall = new FakeWall(schedule);
  wall.shown = opensOn ?? ask.worlds?.[0] ?? offered[0];
  return wall;
}

describe("turnFromSearch", () => {
  it("reads ?kiosk&turn=SECONDS and the worlds asked for, at least 20 s a world", () => {
    expect(turnFromSearch("?kiosk&turn=60")).toEqual({ periodMs: 60_000, worlds: undefined });
    expect(turnFromSearch("?kiosk=1&turn=5")?.periodMs).toBe(20_000);
    expect(turnFromSearch("?kiosk&turn=20&worlds=Beta, alpha,beta,<x>")).toEqual({ periodMs: 20_000, worlds: ["beta", "alpha"] });
  });

  it("turns nothing without a kiosk or a number of seconds", () => {
    for (const q of ["?turn=30", "?kiosk=0&turn=30", "?kiosk", "?kiosk&turn", "?kiosk&turn=soon", "?kiosk&turn=0", "?kiosk&turn=-40", "?kiosk&worlds=alpha,beta"]) {
      expect(turnFromSearch(q), q).toBeUndefined();
    }
  });
});

describe("TurnSchedule", () => {
  it("goes through the worlds asked for in their order, round to the first, one turn a period", () => {
    const wall = wallOf("?kiosk&turn=30&worlds=gamma,alpha,beta", OFFERED, "gamma");
    wall.run(3 * 30_000 + 5_000);
    expect(wall.worldsAsked).toEqual(["alpha", "beta", "gamma"]);
    // Each switch as the world before it has had its 30 s (counted from its first frame, 300 ms after the ask).
    expect(wall.asked[0]!.atMs).toBe(30_000);
    expect(wall.asked[1]!.atMs - wall.asked[0]!.atMs).toBe(30_000 + 300);
    expect(wall.schedule.turns).toBe(3);
  });

  it("without worlds= turns through every world the server offers, in its order; leaves out those asked for it lacks", () => {
    const all = wallOf("?kiosk&turn=20");
    all.run(4 * 21_000);
    expect(all.worldsAsked).toEqual(["beta", "gamma", "delta", "alpha"]);
    const some = wallOf("?kiosk&turn=20&worlds=beta,omega,delta", OFFERED, "beta");
    expect(some.schedule.worlds).toEqual(["beta", "delta"]);
    some.run(3 * 21_000);
    expect(some.worldsAsked).toEqual(["delta", "beta", "delta"]);
  });

  it("never turns faster than every 20 s, nor with a single world", () => {
    const fast = wallOf("?kiosk&turn=1&worlds=alpha,beta");
    fast.run(19_000);
    expect(fast.asked).toEqual([]);
    fast.run(21_000);
    expect(fast.worldsAsked).toEqual(["beta"]);
    const lone = wallOf("?kiosk&turn=20&worlds=alpha,omega");
    lone.run(120_000);
    expect(lone.asked).toEqual([]);
    expect(lone.veil).toEqual([]);
  });

  it("darkens the veil before the switch and lifts it once the new world shows", () => {
    const wall = wallOf("?kiosk&turn=20&worlds=alpha,beta");
    wall.run(25_000);
    expect(wall.veil).toEqual([
      { atMs: 20_000 - TURN_FADE_MS, down: true },
      { atMs: 20_000 + 300, down: false },
    ]);
    expect(wall.asked).toEqual([{ atMs: 20_000, world: "beta" }]);
  });

  it("lifts the veil after a while when the new world never comes, and tries again a period later", () => {
    const ask = turnFromSearch("?kiosk&turn=20&worlds=alpha,beta")!;
    const schedule = new TurnSchedule(ask);
    schedule.offer(OFFERED);
    const wall = new FakeWall(schedule, 300, true);
    wall.shown = "alpha";
    wall.run(30_000);
    expect(wall.veil.map((v) => v.atMs)).toEqual([20_000 - TURN_FADE_MS, 20_000 + TURN_DARK_MAX_MS]);
    wall.run(20_000 + TURN_DARK_MAX_MS + 20_000);
    expect(wall.asked.map((a) => a.atMs)).toEqual([20_000, 20_000 + TURN_DARK_MAX_MS + 20_000]);
  });

  it("holds still after a touch until the idle tour would start again, then turns", () => {
    const wall = wallOf("?kiosk&turn=20&worlds=alpha,beta");
    wall.run(10_000);
    wall.lastTouchMs = 10_000;
    wall.run(10_000 + IDLE_AFTER_MS - 1_000);
    expect(wall.asked).toEqual([]);
    wall.run(10_000 + IDLE_AFTER_MS + 1_000);
    expect(wall.asked).toEqual([{ atMs: 10_000 + IDLE_AFTER_MS, world: "beta" }]);
  });

  it("a touch while the veil darkens calls the turn off: the veil lifts and the world stays", () => {
    const wall = wallOf("?kiosk&turn=20&worlds=alpha,beta");
    wall.run(19_500);
    expect(wall.veil).toEqual([{ atMs: 20_000 - TURN_FADE_MS, down: true }]);
    wall.lastTouchMs = 19_500;
    wall.run(60_000);
    expect(wall.veil[1]).toEqual({ atMs: 19_550, down: false });
    expect(wall.asked).toEqual([]);
    expect(wall.shown).toBe("alpha");
  });

  it("turns nothing while the meadow rests; the world shown has its whole time once the meadow goes on", () => {
    const wall = wallOf("?kiosk&turn=20&worlds=alpha,beta");
    wall.run(10_000);
    wall.resting = true;
    wall.run(100_000);
    expect(wall.asked).toEqual([]);
    wall.resting = false;
    wall.run(115_000);
    expect(wall.asked).toEqual([]);
    wall.run(125_000);
    // Counted from the last frame at rest (100 s).
    expect(wall.asked.map((a) => a.atMs)).toEqual([100_000 + 20_000]);
  });

  it("a world the visitor chose (not one in turn) gives way to the first in turn", () => {
    const wall = wallOf("?kiosk&turn=20&worlds=beta,gamma", OFFERED, "alpha");
    wall.run(21_000);
    expect(wall.worldsAsked).toEqual(["beta"]);
  });
});
