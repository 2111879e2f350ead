import { describe, expect, it } from "vitest";
import { webSocketUrl } from "../../src/net/ws-url";

describe("webSocketUrl", () => {
  it("uses ws: on http pages and keeps the host and port", () => {
    expect(webSocketUrl({ protocol: "http:", host: "127.0.0.1:8080" })).toBe("ws://127.0.0.1:8080/ws");
  });

  it("uses wss: on https pages (behind a TLS proxy)", () => {
    expect(webSocketUrl({ protocol: "https:", host: "meadow.example" })).toBe("wss://meadow.example/ws");
  });
});
