import { describe, expect, it } from "vitest";
import { World } from "../../src/gen/meadow/v1/viewer_pb";
import { moldMarkShapes } from "../../src/mold/mold-marks";
import { moldStatusParts } from "../../src/mold/mold-status";
import { WorldChoice } from "../../src/worlds/world-choice";
import { WorldRegistry } from "../../src/worlds/world-registry";
import { worldName } from "../../src/worlds/world-view";
import { MEADOW, VIEWPORT, moldFrame, moldView, trail } from "../support/mold-fixtures";
import { namedView } from "../support/world-fixtures";
import { moldMeasures } from "../../src/music/mold/mold-music-frame";

describe("MoldView", () => {
  it("is the mold on the wire", () => {
    const view = moldView();
    expect(view.name).toBe("mold");
    expect(view.world).toBe(World.MOLD);
    expect(worldName(view.world)).toBe(view.name);
  });

  it("takes a mold frame: its figures in the status line, its settings, marks and meadow", () => {
    const view = moldView();
    expect(view.statusParts()).toEqual([]);
    view.takeFrame(moldFrame());
    expect(view.statusParts()).toEqual(["10,240 agents", "35 % covered", "60 steps/s", "12 holes, 40 junctions"]);
    expect(view.viewers).toBe(2);
    expect(view.worldBounds).toEqual(MEADOW);
    expect(view.cameraTarget).toEqual(MEADOW);
    expect(view.fireflies).toBeUndefined();
    const s = view.state.snapshot;
    expect(s?.settings).toMatchObject({ agents: 10240, sensorAngle: 22.5, decay: expect.closeTo(0.1, 6), occupancy: true, preset: "lace" });
    expect(s?.presets.map((p) => p.name)).toEqual(["lace", "veins"]);
    expect(s).toMatchObject({ mapWidth: 256, mapHeight: 144, minAgents: 256, maxAgents: 40960, food: 1, maxFood: 6, settingsLocked: false });
    const [flake, attract] = view.state.marks;
    expect(flake).toMatchObject({ tool: "flower", x: 400, y: 300, radius: 8, amount: 0.5, owner: 7n });
    expect(attract).toMatchObject({ tool: "attract", amount: 1 });
    expect(view.state.frames).toBe(1);
  });

  it("decodes its one-channel trail light, key then delta, with the swarm's decoder", () => {
    const view = moldView();
    view.show(VIEWPORT);
    const a = trail(1);
    const b = trail(2);
    view.takeFrame(moldFrame({ number: 20n, raster: a }));
    view.takeFrame(moldFrame({ number: 21n, raster: b, base: { raster: a, frame: 20n } }));
    expect(view.light?.framesShown).toBe(2);
    expect(view.light?.decodeErrors).toBe(0);
    expect(view.light?.dropped).toBe(0);
    // A delta whose base it never saw waits for the next key.
    view.takeFrame(moldFrame({ number: 30n, raster: a, base: { raster: b, frame: 29n } }));
    expect(view.light?.dropped).toBe(1);
  });

  it("starts its light only when first shown, and forgets the live marks with the link", () => {
    const view = moldView();
    view.takeFrame(moldFrame());
    expect(view.light).toBeUndefined();
    view.forget();
    expect(view.state.marks).toEqual([]);
    expect(view.viewers).toBeUndefined();
  });

  it("hears the mold's coverage in its music", () => {
    const heard = moldView().music(moldFrame({ coverage: 0.42 }));
    expect(heard.world).toBe("mold");
    expect(moldMeasures(heard.figures)).toMatchObject({ coverage: 0.42, agents: 10240, holes: 12, junctions: 40, measuredStep: 580 });
    // Its own figures only: no other world's measures.
    expect(Object.keys(heard.figures ?? {}).sort()).toEqual(["agents", "coverage", "holes", "junctions", "measuredStep"]);
  });

  it("takes attract held; the other worlds leave every tool as the catalog says", () => {
    expect(moldView().heldTools.has("attract")).toBe(true);
    expect(moldView().heldTools.has("flower")).toBe(false);
  });
});

describe("the mold's status line", () => {
  it("says nothing before figures, then agents, coverage as %, steps a second, holes and junctions", () => {
    expect(moldStatusParts(undefined)).toEqual([]);
    expect(moldStatusParts({ agents: 65536, coverage: 0.005, stepsPerSecond: 120.4, holes: 0, junctions: 1234 })).toEqual([
      "65,536 agents",
      "1 % covered",
      "120 steps/s",
      "0 holes, 1,234 junctions",
    ]);
  });
});

describe("the mold's marks", () => {
  const marks = moldView();
  marks.takeFrame(moldFrame({ flakeAmount: 1 }));
  const fresh = moldMarkShapes(marks.state.marks, VIEWPORT, 0, 7n);
  marks.takeFrame(moldFrame({ flakeAmount: 0.1 }));
  const eaten = moldMarkShapes(marks.state.marks, VIEWPORT, 0, 7n);

  it("draws an oat flake that shrinks and fades as it is eaten, and a held attract as a ring", () => {
    const a = fresh.find((s) => s.kind === "flake");
    const b = eaten.find((s) => s.kind === "flake");
    if (a?.kind !== "flake" || b?.kind !== "flake") throw new Error("no flake");
    expect(b.rx).toBeLessThan(a.rx);
    expect(b.alpha).toBeLessThan(a.alpha);
    expect(b.alpha).toBeGreaterThan(0);
    expect(a.ry).toBeLessThan(a.rx);
    expect(a.own).toBe(true);
    const ring = fresh.find((s) => s.kind === "feed");
    expect(ring?.own).toBe(false);
    expect(ring && "radius" in ring ? ring.radius : 0).toBeGreaterThan(20);
  });
});

describe("w with the mold", () => {
  it("goes swarm → colony → mold → swarm when the server lists the mold, and skips it when not", () => {
    const registry = new WorldRegistry([namedView(World.SWARM), namedView(World.COLONY), moldView()]);
    const choice = new WorldChoice();
    choice.offer(registry.offered([World.SWARM, World.COLONY, World.MOLD]));
    expect([choice.next(0), choice.next(1), choice.next(2)]).toEqual(["colony", "mold", "swarm"]);
    const older = new WorldChoice();
    older.offer(registry.offered([World.SWARM, World.COLONY]));
    expect([older.next(0), older.next(1)]).toEqual(["colony", "swarm"]);
  });
});
