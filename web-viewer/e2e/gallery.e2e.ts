// The gallery's wall against the real server (docs/rules.md "The gallery"): a kiosk page shows, in
// its top-right corner clear of the status line and the panels, a QR code of the server's
// --public-url (read back here with the QR library's decoder), that address short, and how many
// are here, which rises when a phone joins; `?kiosk&world=pond` opens the wall on the pond, where
// food thrown is eaten and captioned; a visitor's first tap rings its own mark. This file runs its
// own server, started with the public address.
import decodeQR from "@paulmillr/qr/decode.js";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { debugState, framesLater, launchChromium, openViewer, saveArtifact, viewAtRest, waitConnected, waitForState as waitFor, SHOWN_WITHIN_MS } from "./browser";
import { startServer, type RunningServer } from "./server";

const PUBLIC_URL = "https://meadow.example.org/";
/** How long the fish may take to find a handful's crumbs on a slow machine: they usually do in seconds. */
const EATEN_WITHIN_MS = 90_000;

/** The count the wall's join card shows ("12 here"), or undefined before frames say. */
function hereOf(text: string | undefined): number | undefined {
  const m = /^([\d,]+) here$/.exec(text ?? "");
  return m?.[1] ? Number(m[1].replace(/,/g, "")) : undefined;
}

/** The QR code's pixels as the page painted them. */
function qrPixels(page: Page): Promise<{ width: number; height: number; data: number[] }> {
  return page.evaluate(() => {
    const c = document.getElementById("join-qr") as HTMLCanvasElement;
    const d = c.getContext("2d")?.getImageData(0, 0, c.width, c.height);
    if (!d) throw new Error("no QR canvas");
    return { width: d.width, height: d.height, data: Array.from(d.data) };
  });
}

/** Page boxes of elements, by id (absent ones left out). */
function boxes(page: Page, ids: readonly string[]): Promise<Record<string, { left: number; top: number; right: number; bottom: number }>> {
  return page.evaluate((list) => {
    const out: Record<string, { left: number; top: number; right: number; bottom: number }> = {};
    for (const id of list) {
      const r = document.getElementById(id)?.getBoundingClientRect();
      if (r && r.width > 0 && r.height > 0) out[id] = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    }
    return out;
  }, ids);
}

describe("the gallery wall against the real server", () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer(undefined, ["--public-url", PUBLIC_URL]);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("a kiosk wall shows the public address as a QR code and short, and how many are here, which rises when a phone joins", async () => {
    const started = Date.now();
    const wall = await openViewer(browser, `${server.url}/?kiosk`);
    const page = wall.page;
    await waitConnected(page);
    const join = await waitFor(page, (s) => s.gallery.join?.url === PUBLIC_URL && hereOf(s.gallery.join.here) !== undefined && s.gallery.join, "the wall shows the public address and a count", SHOWN_WITHIN_MS);
    expect(join.address).toBe("meadow.example.org");
    expect(await page.textContent("#join-address")).toBe("meadow.example.org");
    const qr = await qrPixels(page);
    expect(decodeQR({ width: qr.width, height: qr.height, data: Uint8Array.from(qr.data) }), "the code a phone reads").toBe(PUBLIC_URL);

    // In its corner, clear of the status line, the tool bar, the sound panel and the sliders.
    const b = await boxes(page, ["join", "status", "toolbar", "sound", "sliders"]);
    const card = b.join!;
    const size = page.viewportSize()!;
    expect(card.right).toBeGreaterThan(size.width - 40);
    expect(card.bottom).toBeLessThan(size.height / 2 + 40);
    for (const [id, other] of Object.entries(b)) {
      if (id === "join") continue;
      const overlaps = card.left < other.right && other.left < card.right && card.top < other.bottom && other.top < card.bottom;
      expect(overlaps, `the join card is clear of #${id}`).toBe(false);
    }
    saveArtifact("kiosk-join.png", await page.screenshot());

    const before = hereOf(join.here)!;
    const phone = await openViewer(browser, server.url);
    await waitConnected(phone.page);
    const after = await waitFor(page, (s) => (hereOf(s.gallery.join?.here) ?? 0) > before && hereOf(s.gallery.join?.here), "the wall counts the phone that joined", SHOWN_WITHIN_MS);
    expect(after).toBeGreaterThanOrEqual(before + 1);
    console.log(`[e2e] gallery: the wall's code and address, ${before} → ${after} here, in ${Date.now() - started} ms`);
    expect(wall.errors).toEqual([]);
    expect(phone.errors).toEqual([]);
    await page.context().close();
    await phone.page.context().close();
  }, 120_000);

  it("?kiosk&world=pond opens the wall on the pond; food thrown there is eaten and captioned", async () => {
    const started = Date.now();
    const wall = await openViewer(browser, `${server.url}/?kiosk&world=pond`);
    const page = wall.page;
    const s = await waitFor(page, (t) => t.connected && t.world === "pond" && (t.pond?.fishDrawn ?? 0) > 0 && t, "the wall draws the pond's fish", 60_000);
    expect(s.experience.kiosk).toBe(true);
    expect(s.chosenWorld).toBe("pond");
    expect(s.gallery.join?.url).toBe(PUBLIC_URL);
    const saidBefore = s.gallery.captions.length;
    // f throws a handful over the water (a key on a wall, as a visitor with a keyboard would).
    await page.keyboard.press("f");
    const said = await waitFor(page, (t) => t.gallery.captions.slice(saidBefore).find((c) => /crumb/.test(c)), "a crumb eaten is captioned", EATEN_WITHIN_MS);
    expect(said).toMatch(/^(A fish snaps up a crumb|The fish snap up \S+ crumbs)$/);
    // The caption line said it (its words stay while it fades, until the next caption's).
    const line = await page.textContent("#caption");
    expect((await debugState(page)).gallery.captions.slice(saidBefore)).toContain(line);
    saveArtifact("kiosk-pond-caption.png", await page.screenshot());
    console.log(`[e2e] gallery: the wall on the pond, "${said}" in ${Date.now() - started} ms`);
    expect(wall.errors).toEqual([]);
    await page.context().close();
  }, 150_000);

  it("a visitor's first tap rings its own mark for a moment", async () => {
    const phone = await openViewer(browser, server.url);
    const page = phone.page;
    await waitConnected(page);
    const s = await viewAtRest(page);
    expect(s.world).toBe("swarm");
    // Attract: the swarm circles a mark at the tap, this visitor's.
    await page.keyboard.press("1");
    const size = page.viewportSize()!;
    await page.mouse.click(size.width / 2, size.height / 2);
    const own = await waitFor(page, (t) => t.gallery.ownHighlights > 0 && t.marks.some((m) => m.own) && t.gallery, "the visitor's own mark is ringed", SHOWN_WITHIN_MS);
    expect(own.ownHighlights).toBe(1);
    // Only for a moment.
    await waitFor(page, (t) => t.gallery.ownRings === 0 && t, "the rings end", SHOWN_WITHIN_MS);
    // Its next taps ring nothing more.
    const taps = (await debugState(page)).sentActions.length;
    await page.mouse.click(size.width / 3, size.height / 3);
    await waitFor(page, (t) => t.sentActions.length > taps && t, "the second tap went out", SHOWN_WITHIN_MS);
    await framesLater(page, 10);
    expect((await debugState(page)).gallery.ownHighlights).toBe(1);
    expect(phone.errors).toEqual([]);
    await page.context().close();
  }, 90_000);
});
