import { describe, expect, it } from "vitest";
import { statusText, type StatusFigures } from "../src/ui/status";

const figures: StatusFigures = {
  fireflies: 3000,
  framesPerSecond: 29.7,
  viewers: 2,
  latencyMs: 12.4,
  lightProblem: undefined,
};

describe("statusText", () => {
  it("says it is connecting", () => {
    expect(statusText({ kind: "connecting", attempt: 0 }, figures, 0)).toBe("connecting…");
    expect(statusText({ kind: "handshaking" }, figures, 0)).toBe("connecting…");
  });

  it("counts down to the next try, in whole seconds", () => {
    const waiting = { kind: "waiting", retryAt: 3000, attempt: 2, reason: "server unavailable" } as const;
    expect(statusText(waiting, figures, 0)).toBe("server unavailable — retrying in 3 s");
    expect(statusText(waiting, figures, 2500)).toBe("server unavailable — retrying in 1 s");
  });

  it("shows the figures when connected", () => {
    expect(statusText({ kind: "connected" }, figures, 0)).toBe("3,000 fireflies · 30 fps · 2 viewers · 12 ms");
    expect(statusText({ kind: "connected" }, { ...figures, viewers: 1, latencyMs: undefined }, 0)).toBe(
      "3,000 fireflies · 30 fps · 1 viewer",
    );
  });

  it("shows arrivals, a slowed swarm and the fed count", () => {
    const connected = { kind: "connected" } as const;
    expect(statusText(connected, { ...figures, targetFireflies: 4500 }, 0)).toBe("3,000 → 4,500 fireflies · 30 fps · 2 viewers · 12 ms");
    expect(statusText(connected, { ...figures, targetFireflies: 3000, slowed: true, fed: 0 }, 0)).toBe(
      "3,000 fireflies · slowed · 30 fps · 2 viewers · 12 ms",
    );
    expect(statusText(connected, { ...figures, fed: 1234 }, 0)).toBe("3,000 fireflies · 1,234 fed · 30 fps · 2 viewers · 12 ms");
  });
});
