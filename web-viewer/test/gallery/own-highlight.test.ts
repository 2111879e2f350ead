// A visitor sees briefly which of the world's things are theirs (docs/rules.md "The gallery"):
// each world picks only the things of the session asked about (marks, crumbs, predators), and the
// rings come after joining and after the first action, once those things show, for ~3 s.
import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { FrameSchema, Tool, World } from "../../src/gen/meadow/v1/viewer_pb";
import { OWN_RING_MS, OWN_WAIT_MS, OwnHighlight } from "../../src/gallery/own-highlight";
import { ownRingShapes } from "../../src/gallery/own-rings";
import { ownPoints } from "../../src/gallery/own-things";
import { PondView } from "../../src/pond/pond-view";
import { VIEWPORT, fakeCanvas, moldFrame, moldView } from "../support/mold-fixtures";

describe("ownPoints", () => {
  it("picks only the session's things, never the operator's", () => {
    const things = [
      { x: 1, y: 1, owner: 7n },
      { x: 2, y: 2, owner: 9n },
      { x: 3, y: 3, owner: 0n },
      { x: 4, y: 4, owner: 7n },
    ];
    expect(ownPoints(things, 7n)).toEqual([
      { x: 1, y: 1 },
      { x: 4, y: 4 },
    ]);
    expect(ownPoints(things, 8n)).toEqual([]);
    expect(ownPoints(things, 0n)).toEqual([]);
  });
});

describe("each world's own places", () => {
  it("the mold: this session's flakes and pointers, not another's", () => {
    const view = moldView();
    view.takeFrame(moldFrame());
    // moldFrame: a flake of session 7 at (400, 300), an attract pointer of session 9 at (900, 500).
    expect(view.ownPlaces(7n)).toEqual([{ x: 400, y: 300 }]);
    expect(view.ownPlaces(9n)).toEqual([{ x: 900, y: 500 }]);
    expect(view.ownPlaces(5n)).toEqual([]);
  });

  it("the pond: this session's crumbs and predators", () => {
    const view = new PondView(fakeCanvas(), { say: () => undefined });
    view.takeFrame(
      create(FrameSchema, {
        world: World.POND,
        worldBounds: { x: 0, y: 0, width: 1600, height: 900 },
        pond: {
          fish: new Uint8Array(0),
          count: 0,
          water: { x: 1100, y: 150, width: 264, height: 164 },
          crumbs: [
            { id: 1, position: { x: 1200, y: 240 }, ownerSession: 5n },
            { id: 2, position: { x: 1210, y: 250 }, ownerSession: 6n },
          ],
          predators: [{ position: { x: 1250, y: 200 }, ownerSession: 5n }],
        },
        marks: [{ id: 3, tool: Tool.FLOWER, position: { x: 1, y: 1 }, ownerSession: 5n }],
      }),
      0,
    );
    expect(view.ownPlaces(5n)).toEqual([
      { x: 1200, y: 240 },
      { x: 1250, y: 200 },
    ]);
    expect(view.ownPlaces(6n)).toEqual([{ x: 1210, y: 250 }]);
  });
});

describe("OwnHighlight", () => {
  it("rings the newcomer's things for a while once they show, after joining", () => {
    const own = new OwnHighlight();
    own.joined(1000);
    expect(own.strength(1500, false)).toBe(0);
    expect(own.strength(2000, true)).toBe(1);
    expect(own.strength(2000 + OWN_RING_MS / 2, true)).toBeCloseTo(0.5, 5);
    expect(own.strength(2000 + OWN_RING_MS, true)).toBe(0);
    // Over: it does not come back by itself.
    expect(own.strength(2000 + OWN_RING_MS + 100, true)).toBe(0);
    expect(own.shownCount).toBe(1);
  });

  it("rings what the first action made, not every action's", () => {
    const own = new OwnHighlight();
    own.acted(0);
    expect(own.strength(400, true)).toBe(1);
    expect(own.strength(400 + OWN_RING_MS, true)).toBe(0);
    own.acted(10_000);
    expect(own.strength(10_100, true)).toBe(0);
    expect(own.shownCount).toBe(1);
  });

  it("gives up when nothing of the visitor's shows in time", () => {
    const own = new OwnHighlight();
    own.joined(0);
    expect(own.strength(OWN_WAIT_MS + 1, false)).toBe(0);
    expect(own.strength(OWN_WAIT_MS + 100, true)).toBe(0);
  });

  it("draws a ring round each own place while it lasts, and none after", () => {
    const places = [{ x: 400, y: 300 }];
    const [ring] = ownRingShapes(places, VIEWPORT, 1, 0);
    expect(ring).toMatchObject(VIEWPORT.worldToScreen(400, 300));
    expect(ring!.alpha).toBeGreaterThan(0);
    expect(ownRingShapes(places, VIEWPORT, 0, 0)).toEqual([]);
  });
});

describe("the mold's first tool", () => {
  it("is attract, held: a newcomer's first press feeds it", () => {
    const view = moldView();
    expect(view.firstTool).toBe("attract");
    expect(view.heldTools.has("attract")).toBe(true);
  });
});
