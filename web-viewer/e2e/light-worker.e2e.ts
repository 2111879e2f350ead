// The swarm's light off the main thread: in Chromium the page hands the light canvas
// to a worker (its control transferred: the page itself can no longer draw into it), the worker
// decodes the frames and draws them, and its pixels are on the screen; the palette reaches it.
// With ?light=main the same light is drawn on the main thread (the fallback), and so it is when
// the worker fails after the canvas went to it (its script refused), on a fresh canvas. The
// first two print the viewer's own timings.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { compareLight, debugState, launchChromium, openViewer, saveArtifact, waitConnected, waitForState, DESKTOP_VIEWPORT } from "./browser";
import { lightAlone, litPixels, waitForLight } from "./light-pixels";

/** Whether the page's main thread can still get a context of the light canvas. */
function pageOwnsLightCanvas(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const canvas = document.getElementById("light-layer") as HTMLCanvasElement;
    try {
      return canvas.getContext("webgl2") !== null;
    } catch {
      // InvalidStateError: its control went to an OffscreenCanvas.
      return false;
    }
  });
}

async function printTimings(page: Page, path: string): Promise<void> {
  await waitForState(page, (s) => s.experience.timings.frame.count >= 30 && s.experience.timings.decode.count >= 30, "enough frames to measure", 30_000);
  const t = (await debugState(page)).experience.timings;
  console.log(
    `[e2e] light on the ${path}: first light ${t.firstLightMs?.toFixed(0)} ms after navigation; main thread per animation frame mean ` +
      `${t.frame.meanMs.toFixed(2)} ms (max ${t.frame.maxMs.toFixed(1)}, ${t.frame.count} frames); light frame decode mean ` +
      `${t.decode.meanMs.toFixed(2)} ms (max ${t.decode.maxMs.toFixed(1)}, ${t.decode.count}); light drawn mean ${t.lightDraw.meanMs.toFixed(2)} ms (${t.lightDraw.count} draws)`,
  );
}

describe("the swarm's light off the main thread", () => {
  const baseUrl = inject("baseUrl");
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("is decoded and drawn in a worker, its pixels on screen, moving, in the palette chosen", async () => {
    const { page, errors } = await openViewer(browser, baseUrl);
    await waitConnected(page);
    const s = await waitForState(page, (st) => st.lightAvailable && st.experience.timings.firstLightMs !== undefined && st, "the worker draws the first light");
    expect(s.experience.light.path).toBe("worker");
    expect(await pageOwnsLightCanvas(page), "the light canvas's control went to the worker").toBe(false);
    // Frames decoded and drawn there, as the worker reports.
    await waitForState(page, (st) => st.experience.timings.decode.count >= 10 && st.experience.timings.lightDraw.count >= 10, "the worker decodes and draws");

    await lightAlone(page, true);
    const night = await waitForLight(page, 0.003, "the worker's light shows");
    const first = await page.screenshot();
    saveArtifact("light-worker.png", first);
    // It moves: the worker keeps drawing the new frames (polled: a loaded machine shows them late).
    const deadline = Date.now() + 5000;
    let moved = await compareLight(page, first, await page.screenshot());
    while (moved.changed <= moved.total * 0.001 && Date.now() < deadline) moved = await compareLight(page, first, await page.screenshot());
    expect(moved.changed, "pixels of the light that changed within 5 s").toBeGreaterThan(moved.total * 0.001);
    // Those pixels are the light canvas's: with it hidden the screen is dark.
    await page.evaluate(() => {
      (document.getElementById("light-layer") as HTMLElement).style.visibility = "hidden";
    });
    const hidden = await litPixels(page, await page.screenshot());
    await page.evaluate(() => {
      (document.getElementById("light-layer") as HTMLElement).style.visibility = "";
    });
    expect(hidden.lit, "lit pixels with the light canvas hidden").toBeLessThan(night.total * 0.0005);
    // The night meadow's light is green; Tropical's (p) is warm: red over green.
    expect(night.mean[1], `night light ${night.mean}`).toBeGreaterThan(night.mean[0]);
    await page.keyboard.press("p");
    await waitForState(page, (st) => st.experience.palette === "tropical", "p: Tropical");
    const warmBy = Date.now() + 10_000;
    let tropical = await litPixels(page, await page.screenshot());
    while (!(tropical.mean[0] > tropical.mean[1]) && Date.now() < warmBy) tropical = await litPixels(page, await page.screenshot());
    expect(tropical.mean[0], `tropical light ${tropical.mean}`).toBeGreaterThan(tropical.mean[1]);
    saveArtifact("light-worker-tropical.png", await page.screenshot());
    await lightAlone(page, false);
    await printTimings(page, "worker");
    expect((await debugState(page)).decodeErrors).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);

  it("is drawn on the main thread with ?light=main, the same light", async () => {
    const { page, errors } = await openViewer(browser, `${baseUrl}/?light=main`);
    await waitConnected(page);
    await waitForState(page, (st) => st.lightAvailable && st.experience.timings.firstLightMs !== undefined, "the first light on the main thread");
    expect((await debugState(page)).experience.light.path).toBe("main thread");
    expect(await pageOwnsLightCanvas(page), "the page draws the light canvas itself").toBe(true);
    await lightAlone(page, true);
    const shot = await waitForLight(page, 0.003, "the main thread's light shows");
    expect(shot.mean[1], `night light ${shot.mean}`).toBeGreaterThan(shot.mean[0]);
    saveArtifact("light-main-thread.png", await page.screenshot());
    await lightAlone(page, false);
    await printTimings(page, "main thread");
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);

  it("falls back to the main thread on a fresh canvas when the worker fails", async () => {
    const context = await browser.newContext({ viewport: DESKTOP_VIEWPORT, deviceScaleFactor: 1 });
    // The worker's script cannot load: the worker fails after the canvas's control went to it.
    await context.route(/light-worker[^/]*\.js$/, (route) => route.abort());
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(baseUrl);
    await waitConnected(page);
    await waitForState(page, (st) => st.lightAvailable && st.experience.light.path === "main thread", "the light on the main thread");
    expect(await pageOwnsLightCanvas(page), "a canvas the page draws itself").toBe(true);
    expect(await page.locator("#light-layer").count(), "one light canvas").toBe(1);
    await lightAlone(page, true);
    await waitForLight(page, 0.003, "the light shows after the fallback");
    await lightAlone(page, false);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
