// The wall's captions are not a ticker (docs/rules.md "The gallery"): on a fake clock, however
// many moments the frames bring, no two captions start closer than the spacing, each stands its
// time and fades, the same one is not said again within a minute, and a moment too old to wait
// for its turn is dropped.
import { describe, expect, it } from "vitest";
import {
  CAPTION_FADE_MS,
  CAPTION_FRESH_MS,
  CAPTION_REPEAT_MS,
  CAPTION_SHOW_MS,
  CAPTION_SPACING_MS,
  CaptionBoard,
} from "../../src/captions/caption-board";
import type { Caption } from "../../src/captions/caption-rules";
import type { CaptionKey } from "../../src/captions/caption-strings";

const KEYS: readonly CaptionKey[] = ["swarm.order", "swarm.crumb", "pond.crumb", "colony.birth", "colony.frog", "mold.reached"];

/** Runs a board for `ms` on a fake clock at 30 frames a second, offering `moments(t)` each frame; returns when each caption started. */
function run(board: CaptionBoard, ms: number, moments: (t: number) => readonly Caption[], quiet: (t: number) => boolean = () => false): { key: CaptionKey; at: number }[] {
  const started: { key: CaptionKey; at: number }[] = [];
  let since: number | undefined;
  for (let t = 0; t <= ms; t += 1000 / 30) {
    board.offer(moments(t), t);
    const shown = board.tick(t, quiet(t));
    if (shown && shown.sinceMs !== since) {
      since = shown.sinceMs;
      started.push({ key: shown.caption.key, at: t });
    }
  }
  return started;
}

describe("CaptionBoard", () => {
  it("starts a caption at once, stands it for its time, fades it, then it is gone", () => {
    const board = new CaptionBoard();
    board.offer([{ key: "pond.crumb", count: 2 }], 1000);
    expect(board.tick(1000)).toEqual({ caption: { key: "pond.crumb", count: 2 }, sinceMs: 1000, fading: false });
    expect(board.tick(1000 + CAPTION_SHOW_MS - 1)?.fading).toBe(false);
    expect(board.tick(1000 + CAPTION_SHOW_MS)?.fading).toBe(true);
    expect(board.tick(1000 + CAPTION_SHOW_MS + CAPTION_FADE_MS)).toBeUndefined();
  });

  it("never starts two captions closer than the spacing, whatever every frame brings", () => {
    // Every frame a different moment, round and round the keys.
    const started = run(new CaptionBoard(), 120_000, (t) => [{ key: KEYS[Math.floor(t / 500) % KEYS.length] ?? "swarm.order" }]);
    expect(started.length).toBeGreaterThan(5);
    for (let i = 1; i < started.length; i++) expect(started[i]!.at - started[i - 1]!.at).toBeGreaterThanOrEqual(CAPTION_SPACING_MS);
    // Nor does a caption start while another stands: the spacing outlasts a caption and its fade.
    expect(CAPTION_SPACING_MS).toBeGreaterThanOrEqual(CAPTION_SHOW_MS + CAPTION_FADE_MS);
  });

  it("does not repeat a caption within a minute, though its moment comes every frame", () => {
    const started = run(new CaptionBoard(), 200_000, () => [{ key: "swarm.crumb" }]);
    expect(started.map((s) => s.at)).toHaveLength(4);
    for (let i = 1; i < started.length; i++) expect(started[i]!.at - started[i - 1]!.at).toBeGreaterThanOrEqual(CAPTION_REPEAT_MS);
  });

  it("says a frame's most notable moment that was not said lately", () => {
    const board = new CaptionBoard();
    board.offer([{ key: "colony.sync", count: 7 }, { key: "colony.birth" }], 0);
    expect(board.tick(0)?.caption.key).toBe("colony.sync");
    // A minute on: sync was said 10 s ago, so the birth is said, not nothing.
    board.offer([{ key: "colony.sync", count: 8 }, { key: "colony.birth" }], 10_000);
    expect(board.tick(10_000)?.caption.key).toBe("colony.birth");
  });

  it("lets a moment wait for its turn only while it is fresh", () => {
    const board = new CaptionBoard();
    board.offer([{ key: "swarm.order" }], 0);
    expect(board.tick(0)?.caption.key).toBe("swarm.order");
    // Comes while the wall must keep quiet: waits, and is said as soon as the spacing allows.
    board.offer([{ key: "swarm.crumb" }], CAPTION_SPACING_MS - 2000);
    expect(board.tick(CAPTION_SPACING_MS - 1)).toBeUndefined();
    expect(board.tick(CAPTION_SPACING_MS)?.caption.key).toBe("swarm.crumb");
    // Comes too long before its turn: dropped.
    board.offer([{ key: "pond.crumb" }], CAPTION_SPACING_MS + 1000);
    expect(board.tick(2 * CAPTION_SPACING_MS)).toBeUndefined();
    expect(2 * CAPTION_SPACING_MS - (CAPTION_SPACING_MS + 1000)).toBeGreaterThan(CAPTION_FRESH_MS);
  });

  it("keeps quiet while told to (the card is up), and starts nothing after a clear", () => {
    const board = new CaptionBoard();
    board.offer([{ key: "swarm.order" }], 0);
    expect(board.tick(0, true)).toBeUndefined();
    expect(board.tick(100)?.caption.key).toBe("swarm.order");
    board.clear();
    expect(board.tick(200)).toBeUndefined();
  });
});
