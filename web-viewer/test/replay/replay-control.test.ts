// "Tonight so far" wired (src/replay/replay-control.ts), with the page's part faked: the requests
// that go out (START from the night's start at 60×, seeks at most about 3 a second and the last
// one always, SPEED, STOP), when the page is told to forget its frames, the words said, and the
// meadow refused while the past is on screen.
import { fromBinary } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { ReplayRequest_Action } from "../../src/gen/meadow/v1/replay_pb";
import { ClientMessageSchema } from "../../src/gen/meadow/v1/viewer_pb";
import { SEEK_EVERY_MS, ReplayControl, type ReplayUi } from "../../src/replay/replay-control";
import type { ReplayView } from "../../src/replay/replay-model";
import { HOUR, NIGHT_START, replayWord } from "../support/replay-fixtures";

interface Sent {
  readonly action: ReplayRequest_Action;
  readonly atMs: number;
  readonly speed: number;
}

function control(offered = true) {
  const sent: Sent[] = [];
  const said: string[] = [];
  const sources: string[] = [];
  const marks: boolean[] = [];
  const link = { up: true, letGo: 0 };
  let shown: ReplayView | undefined;
  const ui: ReplayUi = {
    show: (v) => {
      shown = v;
    },
    marked: (past) => marks.push(past),
    timeText: "",
  };
  const c = new ReplayControl({
    ui,
    send: (bytes) => {
      if (!link.up) return false;
      const m = fromBinary(ClientMessageSchema, bytes);
      if (m.body.case !== "replay") throw new Error(`not a replay request: ${m.body.case}`);
      sent.push({ action: m.body.value.action, atMs: Number(m.body.value.atMs), speed: m.body.value.speed });
      return true;
    },
    say: (text) => said.push(text),
    sourceChanged: (source) => sources.push(source),
    leaveLive: () => {
      link.letGo += 1;
    },
    language: "en",
  });
  c.welcome(offered);
  return { c, sent, said, sources, marks, link, shown: () => shown };
}

const { START, SEEK, SPEED, STOP } = ReplayRequest_Action;

describe("n and the bar's buttons", () => {
  it("n asks for the night from its start at 60×, letting go of what is held first; n again goes back to live", () => {
    const t = control();
    t.c.toggle(0);
    expect(t.link.letGo).toBe(1);
    expect(t.sent).toEqual([{ action: START, atMs: 0, speed: 60 }]);
    t.c.take(replayWord(), 100);
    t.c.toggle(200);
    expect(t.sent.at(-1)).toEqual({ action: STOP, atMs: 0, speed: 0 });
    expect(t.c.busy).toBe(true);
    t.c.take(replayWord({ playing: false }), 300);
    expect(t.c.busy).toBe(false);
  });

  it("says so where the server keeps no night, and sends nothing", () => {
    const t = control(false);
    t.c.toggle(0);
    expect(t.sent).toEqual([]);
    expect(t.said).toEqual(["This meadow keeps no night to replay."]);
  });

  it("sends nothing and stays live while the link is down", () => {
    const t = control();
    t.link.up = false;
    expect(t.c.start(0)).toBe(false);
    expect(t.c.model.phase).toBe("live");
  });

  it("asks for a speed while the replay starts or plays, never while live", () => {
    const t = control();
    t.c.speed(10);
    expect(t.sent).toEqual([]);
    t.c.start(0);
    t.c.speed(10);
    expect(t.sent.at(-1)).toEqual({ action: SPEED, atMs: 0, speed: 10 });
    t.c.take(replayWord(), 100);
    t.c.speed(1);
    expect(t.sent.at(-1)).toEqual({ action: SPEED, atMs: 0, speed: 1 });
  });
});

describe("the frames' source", () => {
  it("changes at the server's words: the page forgets its frames there, marks the past and unmarks it", () => {
    const t = control();
    t.c.start(0);
    t.c.tick(50);
    expect(t.sources).toEqual([]);
    t.c.take(replayWord(), 100);
    expect(t.sources).toEqual(["past"]);
    expect(t.marks.at(-1)).toBe(true);
    t.c.take(replayWord({ atMs: NIGHT_START + 60_000 }), 1100);
    expect(t.sources).toEqual(["past"]);
    t.c.take(replayWord({ playing: false, reason: "caught up with live" }), 2100);
    expect(t.sources).toEqual(["past", "live"]);
    expect(t.marks.at(-1)).toBe(false);
    expect(t.said).toEqual(["caught up with live"]);
  });

  it("is live again at once when another world is chosen", () => {
    const t = control();
    t.c.start(0);
    t.c.take(replayWord(), 100);
    t.c.worldChosen(500);
    expect(t.sources).toEqual(["past", "live"]);
    expect(t.c.busy).toBe(false);
  });

  it("is live, unmarked, when the link drops (the replay was the session's)", () => {
    const t = control();
    t.c.start(0);
    t.c.take(replayWord(), 100);
    t.c.linkLost();
    expect(t.c.busy).toBe(false);
    expect(t.c.model.offered).toBe(true);
    expect(t.marks.at(-1)).toBe(false);
  });

  it("says why a replay could not start (the limit of replays reached)", () => {
    const t = control();
    t.c.start(0);
    t.c.take(replayWord({ playing: false, reason: "As many replays run as the meadow allows: try again soon." }), 100);
    expect(t.sources).toEqual([]);
    expect(t.said).toEqual(["As many replays run as the meadow allows: try again soon."]);
  });

  it("asks again for a STOP never answered, and goes live meanwhile", () => {
    const t = control();
    t.c.start(0);
    t.c.take(replayWord(), 100);
    t.c.stop(200);
    t.c.tick(200 + 10_000);
    expect(t.sent.filter((s) => s.action === STOP)).toHaveLength(2);
    expect(t.sources).toEqual(["past", "live"]);
  });
});

describe("scrubbing", () => {
  it("sends a seek at once, then at most one every SEEK_EVERY_MS, the last one always", () => {
    const t = control();
    t.c.start(0);
    t.c.take(replayWord({ atMs: NIGHT_START, endMs: NIGHT_START + 2 * HOUR, speed: 1 }), 100);
    const seeks = (): Sent[] => t.sent.filter((s) => s.action === SEEK);
    // Twenty seeks in a second (keys held on the bar, clicks in a hurry).
    for (let i = 0; i < 20; i++) {
      const now = 1000 + i * 50;
      t.c.seek(i / 20, now);
      t.c.tick(now);
    }
    for (let now = 2000; now <= 3000; now += 16) t.c.tick(now);
    const sent = seeks();
    expect(sent.length).toBeGreaterThanOrEqual(3);
    expect(sent.length).toBeLessThanOrEqual(1 + Math.ceil(2000 / SEEK_EVERY_MS));
    expect(sent[0]?.atMs).toBe(NIGHT_START);
    // The last position asked for went out: 95 % of the night, whose end is now (1,850 ms after the word that said it).
    expect(sent.at(-1)?.atMs).toBe(NIGHT_START + Math.round((19 / 20) * (2 * HOUR + 1850)));
  });

  it("sends one seek for one drag (its end), and the bar holds the moment asked for", () => {
    const t = control();
    t.c.start(0);
    t.c.take(replayWord({ atMs: NIGHT_START, speed: 1 }), 100);
    t.c.seek(0.25, 1000);
    t.c.tick(1000);
    const seeks = t.sent.filter((s) => s.action === SEEK);
    expect(seeks).toHaveLength(1);
    expect(t.shown()).toMatchObject({ seeking: true });
    expect(t.shown()?.position).toBeCloseTo(0.25, 3);
  });

  it("forgets a waiting seek when the replay ends", () => {
    const t = control();
    t.c.start(0);
    t.c.take(replayWord({ speed: 1 }), 100);
    t.c.seek(0.1, 1000);
    t.c.seek(0.9, 1100);
    t.c.take(replayWord({ playing: false }), 1150);
    t.c.tick(2000);
    expect(t.sent.filter((s) => s.action === SEEK)).toHaveLength(1);
  });
});

describe("touching the meadow", () => {
  it("is refused with a word while the past is on screen, quietly on the way back, and allowed live", () => {
    const t = control();
    expect(t.c.untouchable).toBeUndefined();
    t.c.start(0);
    // Still live until the server's word: the meadow may be touched.
    expect(t.c.untouchable).toBeUndefined();
    t.c.take(replayWord(), 100);
    expect(t.c.untouchable).toMatch(/watching the past/);
    t.c.stop(200);
    expect(t.c.untouchable).toBe("");
    t.c.take(replayWord({ playing: false }), 300);
    expect(t.c.untouchable).toBeUndefined();
  });
});
