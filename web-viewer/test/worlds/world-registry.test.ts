import { describe, expect, it } from "vitest";
import { World } from "../../src/gen/meadow/v1/viewer_pb";
import { WorldChoice } from "../../src/worlds/world-choice";
import { WorldRegistry } from "../../src/worlds/world-registry";
import { worldEnum, worldName } from "../../src/worlds/world-view";
import { namedView } from "../support/world-fixtures";

const twoWorlds = new WorldRegistry([namedView(World.SWARM), namedView(World.COLONY)]);
const threeWorlds = new WorldRegistry([namedView(World.SWARM), namedView(World.COLONY), namedView(World.MOLD)]);

/** The worlds w visits from a fresh choice, `presses` times, on a server that offers `offered`. */
function presses(offered: readonly string[], count: number): (string | undefined)[] {
  const c = new WorldChoice();
  c.offer(offered);
  return Array.from({ length: count }, (_, i) => c.next(i));
}

describe("WorldRegistry", () => {
  it("finds each world's view by its name", () => {
    expect(threeWorlds.view("colony")?.world).toBe(World.COLONY);
    expect(threeWorlds.view("mold")?.world).toBe(World.MOLD);
    expect(twoWorlds.view("mold")).toBeUndefined();
  });

  it("offers the worlds the Welcome lists that it can draw, in the server's order", () => {
    expect(threeWorlds.offered([World.SWARM, World.COLONY, World.MOLD])).toEqual(["swarm", "colony", "mold"]);
    expect(threeWorlds.offered([World.MOLD, World.SWARM])).toEqual(["mold", "swarm"]);
    // A world this viewer cannot draw is not offered.
    expect(twoWorlds.offered([World.SWARM, World.COLONY, World.MOLD])).toEqual(["swarm", "colony"]);
    expect(twoWorlds.offered([World.SWARM, World.SWARM])).toEqual(["swarm"]);
  });

  it("takes a server that lists no worlds for one that runs the swarm and the colony", () => {
    expect(threeWorlds.offered([])).toEqual(["swarm", "colony"]);
  });

  it("refuses two views of one world", () => {
    expect(() => new WorldRegistry([namedView(World.SWARM), namedView(World.SWARM)])).toThrow(/two views of the swarm/);
  });

  it("names a world the protocol does not list as its view does, and refuses a second name for a number", () => {
    const elsewhere = { ...namedView(14 as World), name: "elsewhere" };
    expect(worldName(14 as World)).toBe("world 14");
    const registry = new WorldRegistry([namedView(World.SWARM), elsewhere]);
    expect(worldName(14 as World)).toBe("elsewhere");
    expect(worldEnum("elsewhere")).toBe(14);
    expect(registry.offered([World.SWARM, 14 as World])).toEqual(["swarm", "elsewhere"]);
    expect(() => new WorldRegistry([{ ...elsewhere, name: "beyond" }])).toThrow(/world 14 is the elsewhere, not the beyond/);
    expect(() => new WorldRegistry([{ ...namedView(World.MOLD), name: "moss" }])).toThrow(/world 3 is the mold, not the moss/);
  });

  it("names worlds from the protocol, so a new world needs no mapping of its own", () => {
    expect(worldName(World.MOLD)).toBe("mold");
    expect(worldEnum("mold")).toBe(World.MOLD);
    expect(worldEnum("nowhere")).toBe(World.UNSPECIFIED);
  });
});

describe("w goes through the worlds the server offers", () => {
  it("over two worlds: there and back", () => {
    expect(presses(twoWorlds.offered([World.SWARM, World.COLONY]), 4)).toEqual(["colony", "swarm", "colony", "swarm"]);
  });

  it("over three worlds: each in turn, round to the first", () => {
    expect(presses(threeWorlds.offered([World.SWARM, World.COLONY, World.MOLD]), 4)).toEqual(["colony", "mold", "swarm", "colony"]);
  });

  it("over one world: nowhere to go", () => {
    expect(presses(["swarm"], 2)).toEqual([undefined, undefined]);
  });

  it("says which world comes after each, for the switch's notice", () => {
    const c = new WorldChoice();
    c.offer(["swarm", "colony", "mold"]);
    expect(c.after("swarm")).toBe("colony");
    expect(c.after("mold")).toBe("swarm");
  });

  it("gives up a chosen world the next server does not offer for the one it welcomed into", () => {
    const c = new WorldChoice();
    c.offer(["swarm", "colony", "mold"]);
    c.next(0);
    c.next(0);
    expect(c.chosen).toBe("mold");
    c.offer(["swarm", "colony"]);
    expect(c.afterWelcome(World.SWARM, 10)).toBeUndefined();
    expect(c.chosen).toBe("swarm");
    expect(c.passOver("swarm", 20)).toBe(false);
  });

  it("asks a server that offers the chosen world for it again after the Welcome", () => {
    const c = new WorldChoice();
    c.offer(["swarm", "colony", "mold"]);
    c.next(0);
    c.next(0);
    expect(c.afterWelcome(World.SWARM, 10)).toBe("mold");
    expect(c.passOver("swarm", 20)).toBe(true);
  });
});
