import { describe, expect, it } from "vitest";
import { Tool, ToolAction_Phase } from "../../src/gen/meadow/v1/viewer_pb";
import { GestureMapper, type PointerSample, type ToolIntent } from "../../src/tools/gesture-mapper";
import { TOOLS, heldIn, toolForKey, type ToolSpec } from "../../src/tools/tool-catalog";
import { moldView } from "../support/mold-fixtures";

const tool = (key: string): ToolSpec => {
  const t = toolForKey(key);
  if (!t) throw new Error(key);
  return t;
};
const ATTRACT = tool("1");
const FLOWER = tool("2");
const ROCK = tool("3");
const PREDATOR = tool("4");
const at = (x: number, y: number, timeMs: number): PointerSample => ({ pointerId: 1, screen: { x, y }, world: { x, y }, timeMs });
const phases = (intents: readonly ToolIntent[]) => intents.map((i) => ToolAction_Phase[i.phase]);

/** A press at (100, 100), a drag of 60 px over 200 ms, a release: what goes out, as Controls maps it in a world holding `held`. */
function pressDragRelease(spec: ToolSpec, held: ReadonlySet<ToolSpec["name"]> | undefined): { phases: string[]; tools: Tool[] } {
  const g = new GestureMapper();
  const active = heldIn(spec, held);
  const out = [...g.down(active, at(100, 100, 0))];
  for (let t = 50; t <= 200; t += 50) out.push(...g.move(at(100 + (t / 200) * 60, 100, t)), ...g.flush(t));
  out.push(...g.up(at(160, 100, 250)));
  return { phases: phases(out), tools: out.map((i) => i.spec.tool) };
}

/** A click (no travel): what goes out. */
function click(spec: ToolSpec, held: ReadonlySet<ToolSpec["name"]> | undefined): string[] {
  const g = new GestureMapper();
  const active = heldIn(spec, held);
  return phases([...g.down(active, at(100, 100, 0)), ...g.up(at(101, 100, 80))]);
}

describe("tools in the mold", () => {
  const mold = moldView().heldTools;

  it("holds attract in the mold: DOWN on press, MOVEs while moving, UP on release", () => {
    const held = pressDragRelease(ATTRACT, mold);
    expect(held.phases[0]).toBe("DOWN");
    expect(held.phases.filter((p) => p === "MOVE").length).toBeGreaterThanOrEqual(2);
    expect(held.phases.at(-1)).toBe("UP");
    expect(new Set(held.tools)).toEqual(new Set([Tool.ATTRACT]));
    expect(click(ATTRACT, mold)).toEqual(["DOWN", "UP"]);
  });

  it("keeps attract a tap in the swarm and the colony (they hold no tools of their own)", () => {
    expect(click(ATTRACT, undefined)).toEqual(["TAP"]);
    expect(pressDragRelease(ATTRACT, undefined).phases).toEqual([]);
  });

  it("drops an oat flake and places a rock with a tap, and holds the predator, as everywhere", () => {
    expect(click(FLOWER, mold)).toEqual(["TAP"]);
    expect(click(ROCK, mold)).toEqual(["TAP"]);
    expect(pressDragRelease(PREDATOR, mold).phases[0]).toBe("DOWN");
    expect(pressDragRelease(PREDATOR, undefined).phases.at(-1)).toBe("UP");
  });

  it("leaves the catalog as it is", () => {
    expect(heldIn(ATTRACT, mold)).not.toBe(ATTRACT);
    expect(heldIn(ROCK, mold)).toBe(ROCK);
    expect(TOOLS.find((t) => t.name === "attract")?.gesture).toBe("tap");
  });
});
