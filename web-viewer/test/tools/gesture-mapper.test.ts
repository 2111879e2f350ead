import { describe, expect, it } from "vitest";
import { Tool, ToolAction_Phase } from "../../src/gen/meadow/v1/viewer_pb";
import { GestureMapper, type PointerSample, type ToolIntent } from "../../src/tools/gesture-mapper";
import { TOOLS, toolForKey, type ToolSpec } from "../../src/tools/tool-catalog";

const tool = (key: string): ToolSpec => {
  const t = toolForKey(key);
  if (!t) throw new Error(key);
  return t;
};
const ATTRACT = tool("1");
const ROCK = tool("3");
const PREDATOR = tool("4");

/** Screen and world coincide here (scale 1) to keep the numbers readable. */
const at = (x: number, y: number, timeMs: number, pointerId = 1): PointerSample => ({
  pointerId,
  screen: { x, y },
  world: { x, y },
  timeMs,
});
const phases = (intents: readonly ToolIntent[]) => intents.map((i) => ToolAction_Phase[i.phase]);

describe("tool catalog", () => {
  it("has keys 1–5 for attract, flower, rock, predator and the colony's frog", () => {
    expect(TOOLS.map((t) => `${t.key}:${t.name}:${t.gesture}`)).toEqual([
      "1:attract:tap",
      "2:flower:tap",
      "3:rock:tap",
      "4:predator:hold",
      "5:frog:tap",
    ]);
    expect(TOOLS[4].tool).toBe(Tool.FROG);
  });
});

describe("GestureMapper, tap tools", () => {
  it("turns a click into one TAP at the press position", () => {
    const g = new GestureMapper();
    expect(g.down(ATTRACT, at(100, 50, 0))).toEqual([]);
    expect(g.move(at(103, 52, 10))).toEqual([]);
    const out = g.up(at(104, 53, 80));
    expect(out).toEqual([{ spec: ATTRACT, phase: ToolAction_Phase.TAP, position: { x: 100, y: 50 } }]);
  });

  it("sends nothing for a drag, a cancel or a leave", () => {
    const g = new GestureMapper();
    g.down(ROCK, at(100, 50, 0));
    g.move(at(160, 50, 30));
    g.move(at(101, 50, 60)); // came back, but it travelled: not a tap
    expect(g.up(at(101, 50, 90))).toEqual([]);
    g.down(ROCK, at(10, 10, 100));
    expect(g.cancel(1)).toEqual([]);
    expect(g.up(at(10, 10, 120))).toEqual([]);
  });

  it("follows one pointer: a second finger neither taps nor ends the first", () => {
    const g = new GestureMapper();
    g.down(ROCK, at(100, 50, 0, 1));
    expect(g.down(ROCK, at(300, 50, 5, 2))).toEqual([]);
    expect(g.up(at(300, 50, 20, 2))).toEqual([]);
    expect(phases(g.up(at(100, 50, 40, 1)))).toEqual(["TAP"]);
  });
});

describe("GestureMapper, the predator", () => {
  it("sends DOWN, throttled MOVEs only when it moved, and UP", () => {
    const g = new GestureMapper({ tapSlopPx: 12, moveIntervalMs: 1000 / 30 });
    expect(phases(g.down(PREDATOR, at(0, 0, 0)))).toEqual(["DOWN"]);
    // Moves every 10 ms: at most one per 33 ms goes out.
    const sent: ToolIntent[] = [];
    for (let t = 10; t <= 200; t += 10) {
      sent.push(...g.move(at(t, 0, t)));
      sent.push(...g.flush(t));
    }
    expect(sent.every((i) => i.phase === ToolAction_Phase.MOVE)).toBe(true);
    expect(sent.length).toBeGreaterThanOrEqual(5);
    expect(sent.length).toBeLessThanOrEqual(7); // 200 ms at 30 a second
    // The latest position is what goes out, never an older one.
    const xs = sent.map((i) => i.position.x);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));

    // Holding still sends nothing more.
    const still: ToolIntent[] = [];
    for (let t = 210; t <= 500; t += 10) {
      still.push(...g.move(at(200, 0, t)));
      still.push(...g.flush(t));
    }
    expect(still.filter((i) => i.position.x !== 200)).toEqual([]);
    expect(still.length).toBeLessThanOrEqual(1);
    const up = g.up(at(200, 0, 510));
    expect(phases(up)).toEqual(["UP"]);
    expect(up[0]?.position).toEqual({ x: 200, y: 0 });
    expect(g.holding).toBe(false);
  });

  it("sends the last position of a quick move once its turn comes (trailing edge)", () => {
    const g = new GestureMapper({ tapSlopPx: 12, moveIntervalMs: 40 });
    g.down(PREDATOR, at(0, 0, 0));
    expect(g.move(at(5, 0, 10))).toEqual([]);
    expect(g.move(at(9, 0, 20))).toEqual([]);
    expect(g.flush(30)).toEqual([]);
    const late = g.flush(41);
    expect(phases(late)).toEqual(["MOVE"]);
    expect(late[0]?.position).toEqual({ x: 9, y: 0 });
    expect(g.flush(100)).toEqual([]);
  });

  it("lets go with UP when the pointer is cancelled or the window loses it", () => {
    const g = new GestureMapper();
    g.down(PREDATOR, at(50, 60, 0));
    g.move(at(70, 60, 50));
    const cancelled = g.cancel(1);
    expect(phases(cancelled)).toEqual(["UP"]);
    expect(cancelled[0]?.position).toEqual({ x: 70, y: 60 });
    expect(g.flush(1000)).toEqual([]);

    g.down(PREDATOR, at(1, 2, 2000));
    expect(phases(g.releaseAll())).toEqual(["UP"]);
    expect(g.releaseAll()).toEqual([]);
  });

  it("ignores a cancel of another pointer", () => {
    const g = new GestureMapper();
    g.down(PREDATOR, at(50, 60, 0, 7));
    expect(g.cancel(8)).toEqual([]);
    expect(g.holding).toBe(true);
  });
});
