// The tests' world's words in the help: its tool's hint beside the other worlds', and its row
// of its own and its closing hint in the help overlay (on a stand-in document: the tests run
// without a DOM).
import { describe, expect, it } from "vitest";
import { TOOLS } from "../../src/tools/tool-catalog";
import { HelpOverlay } from "../../src/ui/help-overlay";
import { keyRows } from "../../src/ui/key-catalog";
import { toolLabel } from "../../src/worlds/world-help";
import { viewsWithTheTestWorld } from "./test-world-fixtures";

/** Just enough of an element for the help overlay: children, text, dataset, hidden. */
class StandInElement {
  readonly children: StandInElement[] = [];
  readonly dataset: Record<string, string> = {};
  textContent = "";
  hidden = false;
  constructor(
    readonly tagName: string,
    readonly ownerDocument: { createElement(tag: string): StandInElement },
  ) {}
  append(...nodes: StandInElement[]): void {
    this.children.push(...nodes);
  }
  addEventListener(): void {}
  /** Its text and its children's, depth first. */
  texts(): string[] {
    return [this.textContent, ...this.children.flatMap((c) => c.texts())].filter((t) => t !== "");
  }
}

function standInDocument(): { createElement(tag: string): StandInElement } {
  const doc = { createElement: (tag: string): StandInElement => new StandInElement(tag, doc) };
  return doc;
}

const helps = () => viewsWithTheTestWorld().views.flatMap((v) => (v.help ? [v.help] : []));

describe("the test world's help", () => {
  it("says what its tool does, after the worlds before it in the registration", () => {
    const attract = TOOLS.find((t) => t.name === "attract");
    if (!attract) throw new Error("no attract tool");
    const label = toolLabel(attract, helps());
    expect(label).toMatch(/^Attract: /);
    expect(label.endsWith("; in the test world, the beacon moves there")).toBe(true);
    expect(keyRows(helps()).find((r) => r.keys === "1")?.text).toBe(label);
  });

  it("shows its row and its hint in the help overlay", () => {
    const element = standInDocument().createElement("div");
    const overlay = new HelpOverlay(element as unknown as HTMLElement, helps());
    expect(overlay.visible).toBe(false);
    const texts = element.texts();
    const at = texts.indexOf("glow, size");
    expect(at).toBeGreaterThan(0);
    expect(texts[at + 1]).toMatch(/^The test world's beacon/);
    expect(texts.some((t) => t.includes("In the test world, tap to move its beacon."))).toBe(true);
  });

  it("starts a viewer on its tool", () => {
    expect(viewsWithTheTestWorld().test.firstTool).toBe("attract");
  });
});
