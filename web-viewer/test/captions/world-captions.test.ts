// Each world's caption rules read only what its frames really carry (docs/rules.md "The gallery"):
// crafted frames as the server sends them, and the keys each world's rules name from them; the
// words are the one strings table's, in English for a browser that prefers a language it lacks.
import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { FrameSchema, Tool, World, type Frame } from "../../src/gen/meadow/v1/viewer_pb";
import type { CaptionRules } from "../../src/captions/caption-rules";
import { WALL_WORDS, wallLanguage, wallText, type CaptionKey } from "../../src/captions/caption-strings";
import { ColonyCaptions } from "../../src/colony/colony-captions";
import { MoldCaptions } from "../../src/mold/mold-captions";
import { PlateCaptions } from "../../src/plate/plate-captions";
import { PondCaptions } from "../../src/pond/pond-captions";
import { SwarmCaptions } from "../../src/swarm/swarm-captions";

type Init = Parameters<typeof create<typeof FrameSchema>>[1];
type EventInit = NonNullable<NonNullable<Init>["events"]>[number];

function frame(world: World, init: Init = {}): Frame {
  return create(FrameSchema, { world, tick: 100n, viewers: 1, ...init });
}

const crossing = (threshold: number, rising: boolean): EventInit => ({ body: { case: "orderCrossing", value: { threshold, rising, order: rising ? threshold + 0.01 : threshold - 0.01 } } });
const crumbEaten = (id: number): EventInit => ({ body: { case: "crumbEaten", value: { markId: id, position: { x: 1, y: 2 } } } });

function keys(rules: CaptionRules, f: Frame): (CaptionKey | string)[] {
  return rules.read(f).map((c) => (c.count === undefined ? c.key : `${c.key}:${c.count}`));
}

describe("the swarm's captions", () => {
  it("says falling into order and into disorder, not the crossings on the way, and a crumb eaten", () => {
    const rules = new SwarmCaptions();
    expect(keys(rules, frame(World.SWARM, { events: [crossing(0.7, true)] }))).toEqual(["swarm.order"]);
    expect(keys(rules, frame(World.SWARM, { events: [crossing(0.3, false)] }))).toEqual(["swarm.disorder"]);
    expect(keys(rules, frame(World.SWARM, { events: [crossing(0.3, true)] }))).toEqual([]);
    expect(keys(rules, frame(World.SWARM, { events: [crossing(0.7, false)] }))).toEqual([]);
    // Rising through both in one frame: the last is the furthest it went.
    expect(keys(rules, frame(World.SWARM, { events: [crossing(0.3, true), crossing(0.7, true), crumbEaten(3)] }))).toEqual(["swarm.order", "swarm.crumb"]);
    expect(keys(rules, frame(World.SWARM))).toEqual([]);
  });
});

describe("the plate's captions", () => {
  it("says the stream and the gas from its crossings of 0.9 and 0.2", () => {
    const rules = new PlateCaptions();
    expect(keys(rules, frame(World.PLATE, { events: [crossing(0.9, true)] }))).toEqual(["plate.stream"]);
    expect(keys(rules, frame(World.PLATE, { events: [crossing(0.2, false)] }))).toEqual(["plate.gas"]);
    expect(keys(rules, frame(World.PLATE, { events: [crossing(0.2, true)] }))).toEqual([]);
  });
});

describe("the colony's captions", () => {
  const colony = (store: number, events: EventInit[] = []): Frame => frame(World.COLONY, { colony: { store, size: 50 }, events });

  it("says a group flashing together with its size, the rarest moments first", () => {
    const rules = new ColonyCaptions();
    const events: EventInit[] = [
      { body: { case: "colonyBirth", value: { fireflyId: 1, store: 0.7 } } },
      { body: { case: "colonyGroupSync", value: { flowerId: 3, members: 4, sync: 0.92, inSync: true } } },
      { body: { case: "colonyGroupSync", value: { flowerId: 4, members: 7, sync: 0.95, inSync: true } } },
      { body: { case: "colonyGroupSync", value: { flowerId: 5, members: 9, sync: 0.7, inSync: false } } },
      { body: { case: "colonySpark", value: { awake: true, flowerId: 3 } } },
      { body: { case: "frogCatch", value: { frogId: 1, fireflyId: 2 } } },
      { body: { case: "tookRoot", value: { flowerId: 8 } } },
    ];
    expect(keys(rules, colony(0.6, events))).toEqual(["colony.awake", "colony.sync:7", "colony.frog", "colony.birth", "colony.rooted"]);
    expect(wallText("colony.sync", "en", 7)).toBe("Seven fireflies flash together");
    expect(keys(rules, colony(0.6, [{ body: { case: "colonySpark", value: { awake: false } } }]))).toEqual(["colony.asleep"]);
    // Flashes and sips are not moments.
    expect(keys(rules, colony(0.6, [{ body: { case: "colonyFlash", value: { fireflyId: 1, groupInSync: true } } }]))).toEqual([]);
  });

  it("says the store nearly empty once, and again only after it filled up", () => {
    const rules = new ColonyCaptions();
    expect(keys(rules, colony(0.5))).toEqual([]);
    expect(keys(rules, colony(0.08))).toEqual(["colony.hungry"]);
    expect(keys(rules, colony(0.05))).toEqual([]);
    expect(keys(rules, colony(0.15))).toEqual([]);
    expect(keys(rules, colony(0.09))).toEqual([]);
    expect(keys(rules, colony(0.3))).toEqual([]);
    expect(keys(rules, colony(0.09))).toEqual(["colony.hungry"]);
    rules.forget();
    expect(keys(rules, colony(0.09))).toEqual(["colony.hungry"]);
  });
});

describe("the mold's captions", () => {
  const flake = (id: number, amount: number) => ({ id, tool: Tool.FLOWER, position: { x: 10, y: 10 }, ownerSession: 7n, radius: 8, amount });
  const figures = (components: number, holes: number, junctions: number) => ({ agents: 10240, coverage: 0.3, components, holes, junctions });
  const mold = (marks: ReturnType<typeof flake>[], f = figures(30, 0, 0)): Frame => frame(World.MOLD, { marks, mold: { figures: f } });

  it("says the mold reaching a flake (its amount starts to fall) and eating one up (gone nearly eaten)", () => {
    const rules = new MoldCaptions();
    expect(keys(rules, mold([flake(1, 1), flake(2, 0.5)]))).toEqual([]);
    expect(keys(rules, mold([flake(1, 0.9), flake(2, 0.2)]))).toEqual(["mold.reached"]);
    expect(keys(rules, mold([flake(1, 0.8)]))).toEqual(["mold.eaten"]);
    // A fresh flake that ages out untouched is not eaten.
    expect(keys(rules, mold([flake(3, 1)]))).toEqual([]);
    expect(keys(rules, mold([]))).toEqual([]);
    // Attract pointers are not flakes.
    expect(keys(rules, frame(World.MOLD, { marks: [{ ...flake(4, 1), tool: Tool.ATTRACT }] }))).toEqual([]);
  });

  it("says its network once it reads as one, and again only after it came apart", () => {
    const rules = new MoldCaptions();
    expect(keys(rules, mold([], figures(40, 2, 3)))).toEqual([]);
    expect(keys(rules, mold([], figures(1, 12, 26)))).toEqual(["mold.network"]);
    expect(keys(rules, mold([], figures(1, 7, 14)))).toEqual([]);
    expect(keys(rules, mold([], figures(1, 12, 26)))).toEqual([]);
    expect(keys(rules, mold([], figures(5, 3, 6)))).toEqual([]);
    expect(keys(rules, mold([], figures(1, 9, 18)))).toEqual(["mold.network"]);
    // Branches that do not close into holes are no network: too many junctions a hole.
    expect(keys(new MoldCaptions(), mold([], figures(1, 8, 60)))).toEqual([]);
  });
});

describe("the pond's captions", () => {
  const pond = (predators: number, eaten: number[] = []): Frame =>
    frame(World.POND, {
      pond: { count: 0, predators: Array.from({ length: predators }, () => ({ position: { x: 1, y: 1 }, ownerSession: 3n })) },
      events: eaten.map(crumbEaten),
    });

  it("says crumbs eaten, with how many, and a predator's shadow coming over the water", () => {
    const rules = new PondCaptions();
    expect(keys(rules, pond(0, [7]))).toEqual(["pond.crumb:1"]);
    expect(keys(rules, pond(0, [8, 9, 10]))).toEqual(["pond.crumb:3"]);
    expect(wallText("pond.crumb", "en", 1)).toBe("A fish snaps up a crumb");
    expect(wallText("pond.crumb", "en", 3)).toBe("The fish snap up three crumbs");
    expect(keys(rules, pond(1))).toEqual(["pond.predator"]);
    expect(keys(rules, pond(2))).toEqual([]);
    expect(keys(rules, pond(0))).toEqual([]);
    expect(keys(rules, pond(1))).toEqual(["pond.predator"]);
    // A page that joins while a predator is out says nothing of it.
    expect(keys(new PondCaptions(), pond(1))).toEqual([]);
  });
});

describe("the strings", () => {
  it("have English for every key, and English for a language without a table", () => {
    expect(wallLanguage(["fr-FR", "en-GB"])).toBe("en");
    expect(wallLanguage(["de"])).toBe("en");
    expect(wallLanguage([])).toBe("en");
    expect(wallText("swarm.order", "de")).toBe("The swarm falls into order");
    expect(wallText("join.here", "en", 12)).toBe("12 here");
    for (const phrase of Object.values(WALL_WORDS.en ?? {})) expect(typeof phrase === "string" ? phrase : phrase(2)).toMatch(/^\S/);
  });
});
