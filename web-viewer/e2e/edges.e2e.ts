// One sim and an edge server on NATS (docs/edges.md), in the browser: a page on the
// edge shows the sim's meadow, and a rock placed there reaches a page on the sim. When the sim
// restarts, the edge keeps the page's link up: the status line says the meadow is coming back,
// then shows the meadow again without a reconnect.
import { spawn, type ChildProcess } from "node:child_process";
import { connect } from "node:net";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { debugState, launchChromium, openViewer, tapUntil, waitConnected, waitForState, worldToScreen } from "./browser";
import { freePort, startServer, type RunningServer } from "./server";

/** Debian's nats-server on a free loopback port, once it takes connections. */
async function startNats(port: number): Promise<ChildProcess> {
  const child = spawn("nats-server", ["-a", "127.0.0.1", "-p", String(port)], { stdio: "ignore" });
  const accepts = (): Promise<boolean> =>
    new Promise((done) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.end();
        done(true);
      });
      socket.once("error", () => done(false));
    });
  for (let i = 0; i < 100; i++) {
    if (await accepts()) return child;
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill();
  throw new Error("nats-server did not start (deploy/setup-debian.sh installs it)");
}

function statusLine(page: Page): Promise<string> {
  return page.evaluate(() => document.getElementById("status")?.textContent ?? "");
}

describe("edge servers", () => {
  let browser: Browser;
  let nats: ChildProcess | undefined;
  let natsUrl = "";
  let sim: RunningServer | undefined;
  let edge: RunningServer | undefined;

  beforeAll(async () => {
    browser = await launchChromium();
    const port = await freePort();
    nats = await startNats(port);
    natsUrl = `nats://127.0.0.1:${port}`;
    sim = await startServer(undefined, ["--role", "sim", "--nats", natsUrl, "--nats-insecure"]);
    edge = await startServer(undefined, ["--role", "edge", "--nats", natsUrl, "--nats-insecure", "--edge-name", "edge-a"]);
  });

  afterAll(async () => {
    await browser?.close();
    await edge?.stop();
    await sim?.stop();
    nats?.kill("SIGINT");
  });

  it("shows the sim's meadow on the edge, and a rock placed there reaches the sim's viewers", async () => {
    const onEdge = await openViewer(browser, edge!.url);
    const onSim = await openViewer(browser, sim!.url);
    await waitConnected(onEdge.page);
    await waitConnected(onSim.page);
    // Both pages count both viewers: the frames the edge relays count every server's.
    await waitForState(onEdge.page, (s) => s.viewers === 2, "the edge's page counts 2 viewers", 15_000);

    const { camera: v, rocks } = await debugState(onEdge.page);
    const spot = [[0.35, 0.4], [0.65, 0.6], [0.5, 0.75]]
      .map(([fx = 0, fy = 0]) => ({ x: v.x + v.width * fx, y: v.y + v.height * fy }))
      .find((p) => rocks.every((r) => Math.hypot(r.x - p.x, r.y - p.y) > r.radius + 80));
    if (!spot) throw new Error("no free spot");
    await onEdge.page.keyboard.press("3");
    await tapUntil(
      onEdge.page,
      async () => {
        const at = await worldToScreen(onEdge.page, spot.x, spot.y);
        await onEdge.page.mouse.click(at.x, at.y);
      },
      (s) => s.rocks.some((r) => Math.hypot(r.x - spot.x, r.y - spot.y) < 4),
      "the rock stands on the edge's page",
    );
    await waitForState(onSim.page, (s) => s.rocks.some((r) => Math.hypot(r.x - spot.x, r.y - spot.y) < 4), "the sim's page has the edge's rock", 15_000);
    expect(onEdge.errors).toEqual([]);
    expect(onSim.errors).toEqual([]);
    await onEdge.page.context().close();
    await onSim.page.context().close();
  }, 120_000);

  it("keeps the page connected while the sim restarts, says so, and shows the meadow again", async () => {
    const { page, errors } = await openViewer(browser, edge!.url);
    await waitConnected(page);
    const simPort = sim!.port;
    await sim!.stop();
    await page.waitForFunction(() => /coming back/.test(document.getElementById("status")?.textContent ?? ""), undefined, {
      timeout: 15_000,
    });
    expect((await debugState(page)).connected).toBe(true);

    sim = await startServer(simPort, ["--role", "sim", "--nats", natsUrl, "--nats-insecure"]);
    const framesBefore = (await debugState(page)).frames;
    await page.waitForFunction((n) => (window.__meadow?.frames ?? 0) > n + 5, framesBefore, { timeout: 30_000 });
    await page.waitForFunction(() => !/coming back/.test(document.getElementById("status")?.textContent ?? ""), undefined, {
      timeout: 10_000,
    });
    expect(await statusLine(page)).toMatch(/fps/);
    expect((await debugState(page)).decodeErrors).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});
