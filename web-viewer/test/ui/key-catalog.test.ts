import { describe, expect, it } from "vitest";
import { KEY_ROWS, actionId } from "../../src/ui/key-catalog";
import { commandForKey } from "../../src/ui/key-commands";

const actions = KEY_ROWS.flatMap((r) => r.actions);

describe("key catalogue (help rows and the phone's buttons)", () => {
  it("lists keys whose command is the one the keyboard gives", () => {
    for (const a of actions) {
      const c = commandForKey({ key: a.key, ctrlKey: false, altKey: false, metaKey: false });
      expect(c, a.key).toEqual(a.command);
    }
  });

  it("covers every key the viewer's rules list (space, w, m, x, i, h, 1–4, ↑/↓), p and f, the frog's 5, the trails' t and r and the night's n", () => {
    expect(actions.map((a) => a.key).sort()).toEqual([" ", "1", "2", "3", "4", "5", "ArrowDown", "ArrowUp", "f", "h", "i", "m", "n", "p", "r", "t", "w", "x"].sort());
    const card = actions.find((a) => a.key === "i");
    expect(card?.command).toEqual({ kind: "card" });
    expect(actionId(card!)).toBe("card");
  });

  it("gives the frog, the live trails and the recording a button each for the phone's menu", () => {
    const byId = new Map(actions.map((a) => [actionId(a), a] as const));
    expect(byId.get("tool-frog")?.key).toBe("5");
    expect(byId.get("trails")?.command).toEqual({ kind: "trails" });
    expect(byId.get("record")?.command).toEqual({ kind: "record" });
    // Neither is locked with the settings or a tool: the frog carries its own lock.
    expect(byId.get("trails")?.settings).toBeUndefined();
    expect(byId.get("record")?.tool).toBeUndefined();
  });

  it("gives the night replayed a row and a button: n, Tonight so far", () => {
    const row = KEY_ROWS.find((r) => r.keys === "n");
    expect(row?.text).toMatch(/^Tonight so far: the night replayed up to 60× fast, with a scrub bar; n again back to live$/);
    const replay = row?.actions[0];
    expect(replay && actionId(replay)).toBe("replay");
    expect(replay?.tool).toBeUndefined();
    expect(replay?.settings).toBeUndefined();
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
