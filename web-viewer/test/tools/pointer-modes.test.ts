// The predator following a hovering mouse, and a phone's fingers told apart: the tool's, and
// those that pan and pinch the view.
import { describe, expect, it } from "vitest";
import { ToolAction_Phase } from "../../src/gen/meadow/v1/viewer_pb";
import type { ToolIntent } from "../../src/tools/gesture-mapper";
import { HoverMapper } from "../../src/tools/hover-mapper";
import { TOOLS } from "../../src/tools/tool-catalog";
import { TouchNavigation } from "../../src/tools/touch-navigation";

const [ATTRACT, , , PREDATOR] = TOOLS;
const phases = (intents: readonly ToolIntent[]) => intents.map((i) => ToolAction_Phase[i.phase]);

describe("HoverMapper (the predator follows the mouse)", () => {
  it("puts the predator down where the mouse comes over the world, then moves it, at most 30 a second", () => {
    const h = new HoverMapper();
    const down = h.move(PREDATOR, { x: 100, y: 100 }, true, 0);
    expect(down).toEqual([{ spec: PREDATOR, phase: ToolAction_Phase.DOWN, position: { x: 100, y: 100 } }]);
    expect(h.active).toBe(true);
    // Too soon after the DOWN: it waits, and goes out with the next animation frame when due.
    expect(h.move(PREDATOR, { x: 110, y: 100 }, true, 10)).toEqual([]);
    expect(h.flush(20)).toEqual([]);
    expect(h.flush(34)).toEqual([{ spec: PREDATOR, phase: ToolAction_Phase.MOVE, position: { x: 110, y: 100 } }]);
    expect(phases(h.move(PREDATOR, { x: 120, y: 100 }, true, 70))).toEqual(["MOVE"]);
    // The mouse did not move: nothing to send.
    expect(h.move(PREDATOR, { x: 120, y: 100 }, true, 200)).toEqual([]);
  });

  it("lets go when the mouse leaves the world, and comes back down when it returns", () => {
    const h = new HoverMapper();
    h.move(PREDATOR, { x: 100, y: 100 }, true, 0);
    h.move(PREDATOR, { x: 150, y: 100 }, true, 100);
    const up = h.move(PREDATOR, { x: 0, y: 100 }, false, 200);
    expect(up).toEqual([{ spec: PREDATOR, phase: ToolAction_Phase.UP, position: { x: 150, y: 100 } }]);
    expect(h.active).toBe(false);
    expect(h.move(PREDATOR, { x: 0, y: 100 }, false, 300)).toEqual([]);
    expect(phases(h.move(PREDATOR, { x: 5, y: 100 }, true, 400))).toEqual(["DOWN"]);
  });

  it("lets go on release (the mouse left the stage, another tool, another world, focus lost), once", () => {
    const h = new HoverMapper();
    h.move(PREDATOR, { x: 100, y: 100 }, true, 0);
    h.move(PREDATOR, { x: 130, y: 100 }, true, 10);
    // The waiting move is dropped: the UP says where it was last sent.
    expect(h.release()).toEqual([{ spec: PREDATOR, phase: ToolAction_Phase.UP, position: { x: 100, y: 100 } }]);
    expect(h.release()).toEqual([]);
    expect(h.flush(1000)).toEqual([]);
  });

  it("hands over when the tool that follows changes without a release", () => {
    const h = new HoverMapper();
    h.move(PREDATOR, { x: 100, y: 100 }, true, 0);
    expect(phases(h.move(ATTRACT, { x: 100, y: 100 }, true, 50))).toEqual(["UP", "DOWN"]);
  });
});

describe("TouchNavigation (a phone's fingers)", () => {
  it("gives one finger to the tool; with a tap tool, a drag past the slop pans from where it came down", () => {
    const n = new TouchNavigation(12);
    expect(n.down(1, { x: 100, y: 100 }, true)).toBe("tool");
    expect(n.move(1, { x: 105, y: 104 })).toBeUndefined();
    expect(n.move(1, { x: 130, y: 100 })).toEqual({ kind: "pan", dx: 30, dy: 0 });
    expect(n.move(1, { x: 140, y: 90 })).toEqual({ kind: "pan", dx: 10, dy: -10 });
    expect(n.isView(1)).toBe(false);
    n.up(1);
    expect(n.fingersDown).toBe(0);
  });

  it("never pans with a held tool's finger (the predator follows it)", () => {
    const n = new TouchNavigation(12);
    n.down(1, { x: 100, y: 100 }, false);
    expect(n.move(1, { x: 200, y: 100 })).toBeUndefined();
  });

  it("gives the view two fingers, pinching, whatever the tool; and every finger until all are lifted", () => {
    const n = new TouchNavigation(12);
    n.down(1, { x: 100, y: 100 }, false);
    expect(n.down(2, { x: 200, y: 100 }, false)).toBe("view");
    expect(n.isView(1)).toBe(true);
    expect(n.move(2, { x: 250, y: 100 })).toEqual({
      kind: "pinch",
      from: [{ x: 100, y: 100 }, { x: 200, y: 100 }],
      to: [{ x: 100, y: 100 }, { x: 250, y: 100 }],
    });
    expect(n.move(1, { x: 90, y: 100 })).toEqual({
      kind: "pinch",
      from: [{ x: 100, y: 100 }, { x: 250, y: 100 }],
      to: [{ x: 90, y: 100 }, { x: 250, y: 100 }],
    });
    // A third finger changes nothing; a finger left behind after the pinch pans.
    expect(n.down(3, { x: 300, y: 300 }, true)).toBe("view");
    expect(n.move(3, { x: 310, y: 300 })).toBeUndefined();
    n.up(1);
    n.up(3);
    expect(n.move(2, { x: 260, y: 110 })).toEqual({ kind: "pan", dx: 10, dy: 10 });
    expect(n.isView(2)).toBe(true);
    n.up(2);
    // All lifted: the next finger is the tool's again.
    expect(n.down(4, { x: 0, y: 0 }, true)).toBe("tool");
  });
});
