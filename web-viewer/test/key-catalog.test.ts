import { describe, expect, it } from "vitest";
import { KEY_ROWS, actionId } from "../src/ui/key-catalog";
import { commandForKey } from "../src/ui/key-commands";

const actions = KEY_ROWS.flatMap((r) => r.actions);

describe("key catalogue (help rows and the phone's buttons)", () => {
  it("lists keys whose command is the one the keyboard gives", () => {
    for (const a of actions) {
      const c = commandForKey({ key: a.key, ctrlKey: false, altKey: false, metaKey: false });
      expect(c, a.key).toEqual(a.command);
    }
  });

  it("covers every key of SPEC §7 (space, w, m, x, h, 1–4, ↑/↓), p and f", () => {
    expect(actions.map((a) => a.key).sort()).toEqual([" ", "1", "2", "3", "4", "ArrowDown", "ArrowUp", "f", "h", "m", "p", "w", "x"].sort());
  });

  it("locks throwing food with the flower tool, whose taps it sends", () => {
    const food = actions.find((a) => a.command.kind === "food");
    expect(food && actionId(food)).toBe("food");
    expect(food?.tool).toBe("flower");
  });

  it("gives every action its own button name", () => {
    const ids = actions.map(actionId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(actions.filter((a) => a.settings).map(actionId)).toEqual(["count-more", "count-fewer"]);
  });
});
