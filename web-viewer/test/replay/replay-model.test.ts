// "Tonight so far" as the page knows it (src/replay/replay-model.ts), on a fake clock: when the
// frames change source (exactly at the server's words), what the bar shows between its words, a
// seek held on the bar until the server takes it up, and words that never come.
import { describe, expect, it } from "vitest";
import { MAX_SPEED, ReplayModel, SEEK_HOLD_MS, START_WAIT_MS, STOP_WAIT_MS, replayFigures } from "../../src/replay/replay-model";
import { HOUR, NIGHT_START as START, replayWord as word } from "../support/replay-fixtures";

function offered(): ReplayModel {
  const m = new ReplayModel();
  m.welcome(true);
  return m;
}

/** A model whose replay plays (its first word taken at `nowMs`). */
function playing(nowMs = 1000, state = word()): ReplayModel {
  const m = offered();
  m.start(nowMs - 100);
  m.take(state, nowMs);
  return m;
}

describe("the replay's phases", () => {
  it("is off where the server keeps no night, live where it does, and only a live page may start", () => {
    const m = new ReplayModel();
    expect(m.phase).toBe("off");
    m.welcome(false);
    expect(m.start(0)).toBe(false);
    expect(m.phase).toBe("off");
    m.welcome(true);
    expect(m.phase).toBe("live");
    expect(m.start(0)).toBe(true);
    expect(m.phase).toBe("starting");
    expect(m.start(10)).toBe(false);
  });

  it("goes into the past exactly at the server's first `playing` word, and out of it at its last", () => {
    const m = offered();
    m.start(0);
    expect(m.past).toBe(false);
    expect(m.take(word(), 300)).toEqual({ source: "past" });
    expect(m.phase).toBe("playing");
    expect(m.past).toBe(true);
    // The words once a second change nothing of the source.
    expect(m.take(word({ atMs: START + 60_000 }), 1300)).toEqual({});
    expect(m.take(word({ playing: false, reason: "caught up with live" }), 2300)).toEqual({ source: "live", reason: "caught up with live" });
    expect(m.phase).toBe("live");
    expect(m.past).toBe(false);
  });

  it("stays in the past after a STOP until the server says it stopped (its frames come until then)", () => {
    const m = playing();
    expect(m.stop(1500)).toBe(true);
    expect(m.phase).toBe("stopping");
    expect(m.past).toBe(true);
    // A word sent before the server had the STOP.
    expect(m.take(word({ atMs: START + 60_000 }), 1600)).toEqual({});
    expect(m.phase).toBe("stopping");
    expect(m.take(word({ playing: false }), 1700)).toEqual({ source: "live" });
    expect(m.phase).toBe("live");
    expect(m.stop(1800)).toBe(false);
  });

  it("says why a replay could not start, and never went into the past", () => {
    const m = offered();
    m.start(0);
    expect(m.take(word({ playing: false, reason: "The meadow replays as many nights as it can just now." }), 200)).toEqual({
      reason: "The meadow replays as many nights as it can just now.",
    });
    expect(m.phase).toBe("live");
  });

  it("enters a replay stopped before the server had started it, and leaves it at the server's word", () => {
    const m = offered();
    m.start(0);
    m.stop(50);
    expect(m.take(word(), 100)).toEqual({ source: "past" });
    expect(m.phase).toBe("stopping");
    expect(m.take(word({ playing: false }), 200)).toEqual({ source: "live" });
  });

  it("goes live at once when another world is chosen, and passes over the late words of the replay it left", () => {
    const m = playing();
    expect(m.worldChosen(2000)).toEqual({ source: "live" });
    expect(m.phase).toBe("live");
    // A word the server sent before it had the ChooseWorld, then its end of the replay.
    expect(m.take(word({ atMs: START + 60_000 }), 2050)).toEqual({});
    expect(m.past).toBe(false);
    expect(m.take(word({ playing: false, reason: "another world" }), 2100)).toEqual({});
    expect(m.worldChosen(2200)).toEqual({});
  });

  it("enters no replay it did not ask for", () => {
    const m = offered();
    expect(m.take(word(), 100)).toEqual({});
    expect(m.phase).toBe("live");
  });

  it("gives up a START never answered, and a STOP never answered (live then)", () => {
    const m = offered();
    m.start(0);
    expect(m.tick(START_WAIT_MS - 1)).toEqual({});
    expect(m.tick(START_WAIT_MS)).toEqual({ gaveUp: "start" });
    expect(m.phase).toBe("live");

    const p = playing(1000);
    p.stop(2000);
    expect(p.tick(2000 + STOP_WAIT_MS - 1)).toEqual({});
    expect(p.tick(2000 + STOP_WAIT_MS)).toEqual({ gaveUp: "stop", source: "live" });
    expect(p.past).toBe(false);
  });

  it("is live again with a new Welcome (a new session), without a change of source of its own", () => {
    const m = playing();
    m.welcome(true);
    expect(m.phase).toBe("live");
    expect(m.past).toBe(false);
  });
});

describe("what the bar shows", () => {
  it("places the moment on the bar, and runs the time on between the server's words at the speed achieved", () => {
    const m = playing(1000, word({ atMs: START + HOUR, endMs: START + 2 * HOUR, speed: 60, achieved: 50 }));
    const v = m.view(1000);
    expect(v.atMs).toBe(START + HOUR);
    expect(v.position).toBeCloseTo(0.5, 9);
    // Half a second later: 25 s of the night on (50×), and the night's end half a second on.
    const later = m.view(1500);
    expect(later.atMs).toBe(START + HOUR + 25_000);
    expect(later.endMs).toBe(START + 2 * HOUR + 500);
    // It runs on for at most two seconds without a word.
    expect(m.view(11_000).atMs).toBe(START + HOUR + 100_000);
  });

  it("runs on at the speed asked before a second has been achieved, never past now", () => {
    const m = playing(1000, word({ atMs: START + 2 * HOUR - 10_000, speed: 60, achieved: 0 }));
    expect(m.view(1100).atMs).toBe(START + 2 * HOUR - 4000);
    expect(m.view(2000).atMs).toBe(m.view(2000).endMs);
  });

  it("says when it is well below the speed asked, not while seeking", () => {
    expect(playing(1000, word({ speed: 60, achieved: 23 })).view(1000).slow).toBe(true);
    expect(playing(1000, word({ speed: 60, achieved: 55 })).view(1000).slow).toBe(false);
    expect(playing(1000, word({ speed: 60, achieved: 0 })).view(1000).slow).toBe(false);
    expect(playing(1000, word({ speed: 60, achieved: 5, seeking: true })).view(1000).slow).toBe(false);
  });

  it("lights the speed asked at once, until the server's word says what it plays at", () => {
    const m = playing(1000, word({ speed: 60 }));
    expect(m.askSpeed(1)).toBe(true);
    expect(m.view(1010).speed).toBe(1);
    m.take(word({ speed: 1 }), 1500);
    expect(m.view(1500).speed).toBe(1);
    expect(offered().askSpeed(10)).toBe(false);
    // While it starts too: a short night at 60× could be over before the first word.
    const starting = offered();
    starting.start(0);
    expect(starting.askSpeed(1)).toBe(true);
    starting.take(word({ speed: 60 }), 100);
    expect(starting.view(100).speed).toBe(1);
  });

  it("reads a speed of 0 as the server's 60", () => {
    expect(replayFigures(word({ speed: 0 })).speed).toBe(MAX_SPEED);
  });
});

describe("a seek on the bar", () => {
  it("asks for the moment under the thumb, and holds it on the bar until the server has found it", () => {
    const m = playing(1000, word({ atMs: START, endMs: START + 2 * HOUR, speed: 1 }));
    const at = m.seek(0.75, 1000);
    expect(at).toBe(START + 1.5 * HOUR);
    expect(m.view(1100)).toMatchObject({ atMs: at, seeking: true });
    expect(m.view(1100).position).toBeCloseTo(0.75, 4);
    // A word sent before the server had the seek: the bar does not jump back.
    m.take(word({ atMs: START + 1000, speed: 1 }), 1200);
    expect(m.view(1200).atMs).toBe(at);
    // The server seeks, then finds it.
    m.take(word({ atMs: START + 1000, seeking: true, speed: 1 }), 1500);
    expect(m.view(1500)).toMatchObject({ atMs: at, seeking: true });
    m.take(word({ atMs: at! + 200, speed: 1 }), 2500);
    expect(m.view(2500)).toMatchObject({ atMs: at! + 200, seeking: false });
  });

  it("lets go of a target the server answers near it without a word of seeking", () => {
    const m = playing(1000, word({ speed: 60 }));
    const at = m.seek(0.5, 1000)!;
    m.take(word({ atMs: at + 40_000, speed: 60 }), 2000);
    expect(m.view(2000).seeking).toBe(false);
    expect(m.view(2000).atMs).toBe(at + 40_000);
  });

  it("shows the server's moment again once the hold has passed without an answer", () => {
    const m = playing(1000, word({ atMs: START, speed: 1 }));
    m.seek(0.9, 1000);
    expect(m.view(1000 + SEEK_HOLD_MS - 1).seeking).toBe(true);
    expect(m.view(1000 + SEEK_HOLD_MS).seeking).toBe(false);
  });

  it("asks for nothing while nothing plays", () => {
    expect(offered().seek(0.5, 0)).toBeUndefined();
    const m = offered();
    m.start(0);
    expect(m.seek(0.5, 10)).toBeUndefined();
  });
});
