// The wall rests outside its opening hours (docs/gallery.md "The caretaker"), against servers of
// this file's own started with --open-hours: a window that leaves out the machine's local time now
// (the caretaker pauses the meadow within a second of its start, before any page joins, and the
// server tells every page that joins while it rests: its standing notice). A kiosk page
// dims the meadow deep and says the caretaker's words large in the middle; a visitor's page dims
// it lightly and shows the notice as a toast, as any notice.
import type { Browser, Page } from "playwright-core";
import { afterEach, beforeAll, afterAll, describe, expect, it } from "vitest";
import { launchChromium, openViewer, saveArtifact, waitConnected, waitForState as waitFor, SHOWN_WITHIN_MS } from "./browser";
import { startServer, type RunningServer } from "./server";

const MINUTE_MS = 60_000;

/** Local time as the server's --open-hours writes it. */
function hhmm(at: Date): string {
  return `${String(at.getHours()).padStart(2, "0")}:${String(at.getMinutes()).padStart(2, "0")}`;
}

/** The rest veil as the page shows it: how far it has faded in, and its background's alpha. */
function restVeilLook(page: Page): Promise<{ opacity: number; alpha: number; words: string }> {
  return page.evaluate(() => {
    const veil = document.getElementById("rest-veil");
    if (!veil) throw new Error("no rest veil");
    const style = getComputedStyle(veil);
    const alpha = /rgba?\([^,]+,[^,]+,[^,]+,\s*([\d.]+)\)/.exec(style.backgroundColor)?.[1];
    return { opacity: Number(style.opacity), alpha: alpha === undefined ? 1 : Number(alpha), words: veil.textContent ?? "" };
  });
}

/** Until the rest veil has faded in fully (its transition is slow), and how it looks then. */
async function restVeilDown(page: Page): Promise<{ opacity: number; alpha: number; words: string }> {
  await page.waitForFunction(() => Number(getComputedStyle(document.getElementById("rest-veil")!).opacity) > 0.99, undefined, { timeout: SHOWN_WITHIN_MS });
  return restVeilLook(page);
}

describe("the wall at rest outside its opening hours", () => {
  let browser: Browser;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    browser = await launchChromium();
  });

  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("a meadow already resting: the wall dims deep and says it rests, a visitor's page dims lightly", async () => {
    const started = Date.now();
    const now = new Date();
    const hours = `${hhmm(new Date(now.getTime() + 120 * MINUTE_MS))}-${hhmm(new Date(now.getTime() + 180 * MINUTE_MS))}`;
    server = await startServer(undefined, ["--open-hours", hours]);
    const wall = await openViewer(browser, `${server.url}/?kiosk`);
    await waitConnected(wall.page);
    const rest = await waitFor(wall.page, (s) => s.gallery.rest.veil && s.gallery.rest, "the wall's rest veil is down", SHOWN_WITHIN_MS);
    expect(rest.resting).toBe(true);
    // The caretaker spoke before this page joined; the server tells every newcomer while the wall
    // rests (its standing notice), so the wall says when the meadow opens again.
    const said = `The meadow rests for the night; it opens again at ${hours.slice(0, 5)}.`;
    const words = await waitFor(wall.page, (s) => s.gallery.rest.words === said && s.gallery.rest, "the wall says when it opens", SHOWN_WITHIN_MS);
    expect(words.words).toBe(said);
    const look = await restVeilDown(wall.page);
    expect(look.alpha).toBeCloseTo(0.6, 2);
    expect(look.words).toBe(said);
    // On the wall the veil says it; no toast says it again.
    expect(await wall.page.textContent("#notice")).not.toBe(said);
    saveArtifact("kiosk-rest.png", await wall.page.screenshot());

    // A visitor's page shows the notice as any notice, and dims lightly.
    const visitor = await openViewer(browser, server.url);
    await waitConnected(visitor.page);
    await waitFor(visitor.page, (s) => s.gallery.rest.veil && s.gallery.rest.words === said && s, "the visitor's page dims too", SHOWN_WITHIN_MS);
    const light = await restVeilDown(visitor.page);
    expect(light.alpha).toBeLessThan(0.35);
    expect(light.words).toBe(said);
    expect(await visitor.page.textContent("#notice")).toBe(said);
    console.log(`[e2e] kiosk rest: hours ${hours}, the wall at rest ("${rest.words}") in ${Date.now() - started} ms`);
    expect(wall.errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
    await wall.page.context().close();
    await visitor.page.context().close();
  }, 120_000);
});
