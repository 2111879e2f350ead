import { describe, expect, it } from "vitest";
import { TOOLS } from "../../src/tools/tool-catalog";
import { keyRows } from "../../src/ui/key-catalog";
import { keyText, toolLabel, type WorldHelp } from "../../src/worlds/world-help";

const first: WorldHelp = { tools: { attract: "here it circles" }, keys: { food: "crumbs here" }, rows: [{ keys: "sliders", text: "its rules" }] };
const second: WorldHelp = { tools: { attract: "there it feeds", rock: "a stone there" } };

describe("what the worlds say in the help", () => {
  it("adds each world's words to a tool's hint, in the registration's order", () => {
    expect(toolLabel(TOOLS[0], [first, second])).toBe("Attract: here it circles; there it feeds");
    // A hint that says what the tool is already goes on after a semicolon.
    expect(toolLabel(TOOLS[2], [second])).toBe("Rock: place one, or tap a rock to remove it; a stone there");
    expect(toolLabel(TOOLS[1], [])).toBe("Flower");
  });

  it("adds each world's words to a key's row, and leaves the others as they are", () => {
    expect(keyText("Throw food", "food", [first, second])).toBe("Throw food: crumbs here");
    const rows = keyRows([first, second]);
    expect(rows.find((r) => r.keys === "f")?.text).toMatch(/: crumbs here$/);
    expect(rows.find((r) => r.keys === "1")?.text).toBe("Attract: here it circles; there it feeds");
    expect(rows.find((r) => r.keys === "m")?.text).toBe("Sound on / off");
  });
});
