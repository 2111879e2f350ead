// The viewer survives a server restart: it says it is retrying, then comes back by itself.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { debugState, launchChromium, openViewer, waitConnected } from "./browser";
import { startServer, type RunningServer } from "./server";

describe("reconnecting", () => {
  let browser: Browser;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("retries while the server is down and reconnects when it is back", async () => {
    server = await startServer();
    const port = server.port;
    const { page, errors } = await openViewer(browser, server.url);
    await waitConnected(page);

    await server.stop();
    await page.waitForFunction(
      () => /retrying in \d+ s/.test(document.getElementById("status")?.textContent ?? ""),
      undefined,
      { timeout: 10_000 },
    );
    expect((await debugState(page)).connected).toBe(false);

    server = await startServer(port);
    const framesBefore = (await debugState(page)).frames;
    // Backoff is capped at 10 s; a restart within a few seconds is picked up well before that.
    await page.waitForFunction((n) => window.__meadow?.connected === true && window.__meadow.frames > n, framesBefore, {
      timeout: 20_000,
    });
    expect(errors).toEqual([]);
  });
});
