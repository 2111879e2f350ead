import { fromBinary } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { ClientMessageSchema, World } from "../src/gen/meadow/v1/viewer_pb";
import { WorldChoice, worldEnum, worldName } from "../src/app/world-choice";
import { chooseWorldBytes } from "../src/net/messages";

describe("WorldChoice", () => {
  it("toggles swarm ⇄ colony", () => {
    const c = new WorldChoice();
    expect(c.chosen).toBe("swarm");
    expect(c.toggle()).toBe("colony");
    expect(c.toggle()).toBe("swarm");
  });

  it("asks again after a Welcome into another world, and not when it is already there", () => {
    const c = new WorldChoice();
    expect(c.afterWelcome(World.SWARM)).toBeUndefined();
    c.toggle();
    expect(c.afterWelcome(World.SWARM)).toBe("colony");
    expect(c.afterWelcome(World.COLONY)).toBeUndefined();
    // An older server leaves Welcome.world unset: that is the swarm.
    expect(c.afterWelcome(World.UNSPECIFIED)).toBe("colony");
  });

  it("falls back to the world shown when the server refuses", () => {
    const c = new WorldChoice();
    c.toggle();
    c.refused("swarm");
    expect(c.chosen).toBe("swarm");
    expect(c.afterWelcome(World.SWARM)).toBeUndefined();
  });

  it("names worlds both ways; anything but the colony is drawn as the swarm", () => {
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
