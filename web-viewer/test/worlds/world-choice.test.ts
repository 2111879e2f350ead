import { fromBinary } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { ClientMessageSchema, World } from "../../src/gen/meadow/v1/viewer_pb";
import { SWITCH_WAIT_MS, WorldChoice, worldFromSearch } from "../../src/worlds/world-choice";
import { worldEnum, worldName } from "../../src/worlds/world-view";
import { chooseWorldBytes } from "../../src/net/messages";

describe("WorldChoice", () => {
  it("goes swarm ⇄ colony on a server of the two", () => {
    const c = new WorldChoice();
    expect(c.chosen).toBe("swarm");
    expect(c.next(0)).toBe("colony");
    expect(c.next(0)).toBe("swarm");
  });

  it("asks again after a Welcome into another world, and not when it is already there", () => {
    const c = new WorldChoice();
    expect(c.afterWelcome(World.SWARM, 0)).toBeUndefined();
    c.next(0);
    expect(c.afterWelcome(World.SWARM, 0)).toBe("colony");
    expect(c.afterWelcome(World.COLONY, 0)).toBeUndefined();
    // An older server leaves Welcome.world unset: that is the swarm.
    expect(c.afterWelcome(World.UNSPECIFIED, 0)).toBe("colony");
  });

  it("opens on the world the address asks for (?world=), when the server offers it", () => {
    expect(worldFromSearch("?world=plate")).toBe("plate");
    expect(worldFromSearch("?kiosk&world=Mold")).toBe("mold");
    expect(worldFromSearch("?world=")).toBeUndefined();
    expect(worldFromSearch("?world=<script>")).toBeUndefined();
    expect(worldFromSearch("")).toBeUndefined();
    const c = new WorldChoice("plate");
    c.offer(["swarm", "colony", "mold", "plate"]);
    expect(c.afterWelcome(World.SWARM, 0)).toBe("plate");
    const gone = new WorldChoice("pond");
    gone.offer(["swarm", "colony"]);
    expect(gone.afterWelcome(World.SWARM, 0)).toBeUndefined();
    expect(gone.chosen).toBe("swarm");
  });

  it("falls back to the world shown when the server refuses", () => {
    const c = new WorldChoice();
    c.next(0);
    c.refused("swarm");
    expect(c.chosen).toBe("swarm");
    expect(c.afterWelcome(World.SWARM, 0)).toBeUndefined();
    expect(c.passOver("swarm", 10)).toBe(false);
  });

  it("passes over frames of the other world for a moment after asking, until the chosen one comes", () => {
    const c = new WorldChoice();
    expect(c.passOver("swarm", 0)).toBe(false);
    c.next(0);
    c.afterWelcome(World.SWARM, 1000); // a reconnect: the server starts in the swarm
    expect(c.passOver("swarm", 1033)).toBe(true);
    expect(c.passOver("colony", 1066)).toBe(false);
    // Once the chosen world has come, the other one is shown again if it is what arrives.
    expect(c.passOver("swarm", 1100)).toBe(false);
  });

  it("shows the other world after all when the switch does not come", () => {
    const c = new WorldChoice();
    c.next(0);
    expect(c.passOver("swarm", SWITCH_WAIT_MS - 1)).toBe(true);
    expect(c.passOver("swarm", SWITCH_WAIT_MS)).toBe(false);
  });

  it("chooses a world by name (a wall's turn) only when it is offered and not chosen already", () => {
    const c = new WorldChoice();
    c.offer(["swarm", "colony", "plate"]);
    expect(c.choose("plate", 0)).toBe(true);
    expect(c.chosen).toBe("plate");
    expect(c.passOver("swarm", SWITCH_WAIT_MS - 1)).toBe(true);
    expect(c.choose("plate", 0)).toBe(false);
    expect(c.choose("pond", 0)).toBe(false);
    expect(c.chosen).toBe("plate");
  });

  it("names worlds both ways; an unset world is the swarm", () => {
    expect(worldName(World.COLONY)).toBe("colony");
    expect(worldName(World.SWARM)).toBe("swarm");
    expect(worldName(World.UNSPECIFIED)).toBe("swarm");
    expect(worldEnum("colony")).toBe(World.COLONY);
    expect(worldEnum("swarm")).toBe(World.SWARM);
  });

  it("encodes ChooseWorld", () => {
    const m = fromBinary(ClientMessageSchema, chooseWorldBytes(World.COLONY));
    expect(m.body.case).toBe("chooseWorld");
    if (m.body.case === "chooseWorld") expect(m.body.value.world).toBe(World.COLONY);
  });
});
