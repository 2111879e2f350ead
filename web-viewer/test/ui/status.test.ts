import { describe, expect, it } from "vitest";
import { colonyStatusParts, type ColonyStatus } from "../../src/colony/colony-status";
import { swarmStatusParts, type SwarmStatus } from "../../src/swarm/swarm-status";
import { statusText, type StatusFigures } from "../../src/ui/status";

const common: Omit<StatusFigures, "world"> = {
  framesPerSecond: 29.7,
  viewers: 2,
  latencyMs: 12.4,
  problem: undefined,
};
const swarm: SwarmStatus = { fireflies: 3000 };
const figures: StatusFigures = { ...common, world: swarmStatusParts(swarm) };

/** The line's figures while the swarm is shown. */
function swarmFigures(s: Partial<SwarmStatus>, more: Partial<StatusFigures> = {}): StatusFigures {
  return { ...common, ...more, world: swarmStatusParts({ ...swarm, ...s }) };
}

/** The line's figures while the colony is shown. */
function colonyFigures(c: ColonyStatus, more: Partial<StatusFigures> = {}): StatusFigures {
  return { ...common, ...more, world: colonyStatusParts(c) };
}

describe("statusText", () => {
  it("says it is connecting", () => {
    expect(statusText({ kind: "connecting", attempt: 0 }, figures, 0)).toBe("Connecting to the meadow…");
    expect(statusText({ kind: "connecting", attempt: 3 }, figures, 0)).toBe("Finding the meadow again…");
    expect(statusText({ kind: "handshaking" }, figures, 0)).toBe("Connecting to the meadow…");
  });

  it("counts down to the next try, in whole seconds", () => {
    const waiting = { kind: "waiting", retryAt: 3000, attempt: 2, reason: "server unavailable" } as const;
    expect(statusText(waiting, figures, 0)).toBe("The meadow's server cannot be reached — retrying in 3 s");
    expect(statusText(waiting, figures, 2500)).toBe("The meadow's server cannot be reached — retrying in 1 s");
    expect(statusText({ ...waiting, reason: "resynchronising light" }, figures, 0)).toBe("Resynchronising light — retrying in 3 s");
  });

  it("says the meadow is coming back while an edge server waits for its sim", () => {
    expect(statusText({ kind: "connected" }, { ...figures, returning: true }, 0)).toBe("The meadow is coming back…");
    expect(statusText({ kind: "connected" }, { ...figures, returning: false }, 0)).toBe("3,000 fireflies · 30 fps · 2 viewers · 12 ms");
  });

  it("shows the figures when connected", () => {
    expect(statusText({ kind: "connected" }, figures, 0)).toBe("3,000 fireflies · 30 fps · 2 viewers · 12 ms");
    expect(statusText({ kind: "connected" }, { ...figures, viewers: 1, latencyMs: undefined }, 0)).toBe(
      "3,000 fireflies · 30 fps · 1 viewer",
    );
  });

  it("shows arrivals, a slowed swarm and the fed count", () => {
    const connected = { kind: "connected" } as const;
    expect(statusText(connected, swarmFigures({ targetFireflies: 4500 }), 0)).toBe("3,000 → 4,500 fireflies · 30 fps · 2 viewers · 12 ms");
    expect(statusText(connected, swarmFigures({ targetFireflies: 3000, slowed: true, fed: 0 }), 0)).toBe(
      "3,000 fireflies · slowed · 0 fed · 30 fps · 2 viewers · 12 ms",
    );
    expect(statusText(connected, swarmFigures({ fed: 1234 }), 0)).toBe("3,000 fireflies · 1,234 fed · 30 fps · 2 viewers · 12 ms");
  });

  it("shows the colony's size, store and flowers, or that it is dormant", () => {
    const connected = { kind: "connected" } as const;
    const colony = { size: 50, store: 0.6189, flowersInBloom: 2, dormant: false };
    expect(statusText(connected, colonyFigures(colony), 0)).toBe("50 fireflies · store 62 % · 2 flowers · 30 fps · 2 viewers · 12 ms");
    expect(statusText(connected, colonyFigures({ size: 1, store: 1, flowersInBloom: 1, dormant: false }), 0)).toBe(
      "1 firefly · store 100 % · 1 flower · 30 fps · 2 viewers · 12 ms",
    );
    expect(statusText(connected, colonyFigures({ size: 0, store: 0, flowersInBloom: 0, dormant: true }), 0)).toBe(
      "dormant · store 0 % · no flowers · 30 fps · 2 viewers · 12 ms",
    );
    // The swarm's arrivals, slowing and fed count do not belong to the colony's line: only
    // the world shown gives its figures.
    expect(statusText(connected, { ...swarmFigures({ targetFireflies: 4500, fed: 12, slowed: true }), world: colonyStatusParts(colony) }, 0)).toBe(
      "50 fireflies · store 62 % · 2 flowers · 30 fps · 2 viewers · 12 ms",
    );
  });

  it("says, on a weak device, how many fireflies it keeps up with, right after the count", () => {
    const connected = { kind: "connected" } as const;
    expect(statusText(connected, swarmFigures({}, { behind: { fireflies: 1800 } }), 0)).toBe(
      "3,000 fireflies · this device keeps up with about 1,800 fireflies · 30 fps · 2 viewers · 12 ms",
    );
    expect(statusText(connected, swarmFigures({ fireflies: undefined }, { behind: { fireflies: undefined } }), 0)).toBe(
      "this device is falling behind · 30 fps · 2 viewers · 12 ms",
    );
    const colony = colonyFigures({ size: 400, store: 0.5, flowersInBloom: 3, dormant: false }, { behind: { fireflies: 250 } });
    expect(statusText(connected, colony, 0)).toBe("400 fireflies · this device keeps up with about 250 fireflies · store 50 % · 3 flowers · 30 fps · 2 viewers · 12 ms");
    // Keeping up, it says nothing of it.
    expect(statusText(connected, swarmFigures({}, { behind: undefined }), 0)).toBe("3,000 fireflies · 30 fps · 2 viewers · 12 ms");
  });

  it("says last what is wrong with the shown world's drawing", () => {
    expect(statusText({ kind: "connected" }, { ...figures, problem: "light hidden" }, 0)).toBe("3,000 fireflies · 30 fps · 2 viewers · 12 ms · light hidden");
  });
});
