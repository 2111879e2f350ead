// "Tonight so far" (docs/gallery.md), against a server of this file's own that keeps a journal
// (--state-dir in a temporary folder), run a while first so there is a night to replay. Page A
// presses n, then 1×: the bar shows, the server's words move the time on it, its light frames
// (numbered afresh by the replay) are drawn; a click on the scrub bar moves it there with one
// seek; "● Live" brings it back (the bar goes, the live frames, numbered lower again, are drawn).
// Meanwhile page B watches live, and keeps its frame rate while A's replay runs. On a phone the ⋯
// menu starts it, the bar wraps with the scrub bar across the screen, and a tap on the meadow is
// refused with a word.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { debugState, launchChromium, openViewer, saveArtifact, waitConnected, waitForState as waitFor, SHOWN_WITHIN_MS, type DebugState } from "./browser";
import { openPhone } from "./own-meadow";
import { sleep, startServer, type RunningServer } from "./server";

/** The night the server keeps before the replay starts: a few seconds of history, ms. */
const HISTORY_MS = 9000;
/**
 * Page B's rate is counted over WINDOWS runs of FRAMES_COUNTED frames each (more than a second of
 * the server's 30 a second), before and during A's replay, and the medians compared: a window or
 * two the shared machine spent elsewhere (other runs' browsers) do not decide it, and a server that
 * starves B while A replays lowers them all.
 */
const FRAMES_COUNTED = 40;
const WINDOWS = 5;
/** Page B keeps at least this share of its frame rate while A replays. */
const KEPT_SHARE = 0.7;
/** Tries at n then 1× (a night of seconds at the 60× n starts with may be over before 1× reaches the server). */
const TRIES = 3;

/** Frames per second the page received over the next `frames` frames, by its own clock. */
async function frameRate(page: Page, frames: number): Promise<number> {
  const count = (): Promise<{ n: number; at: number }> => page.evaluate(() => ({ n: window.__meadow?.framesReceived ?? 0, at: performance.now() }));
  const from = await count();
  await page.waitForFunction((n) => (window.__meadow?.framesReceived ?? 0) >= n, from.n + frames, { timeout: 60_000, polling: 50 });
  const to = await count();
  return ((to.n - from.n) * 1000) / (to.at - from.at);
}

/** The median of WINDOWS frame rates one after the other, and them all. */
async function medianFrameRate(page: Page): Promise<{ median: number; rates: number[] }> {
  const rates: number[] = [];
  for (let i = 0; i < WINDOWS; i++) rates.push(await frameRate(page, FRAMES_COUNTED));
  const sorted = rates.slice().sort((x, y) => x - y);
  return { median: sorted[Math.floor(sorted.length / 2)] ?? 0, rates };
}

/**
 * n (or the ⋯ menu's button, `menu`), then 1× on the bar, until the server's word says it plays at
 * 1×. The bar takes 1× from the moment n asked; it is pressed in that same moment here, since a
 * night of seconds at n's 60× can be over before a slow page has painted the bar (a person would
 * pick 1× once it shows, on a night of hours).
 */
async function replayAtOne(page: Page, menu = false): Promise<DebugState> {
  for (let attempt = 1; ; attempt++) {
    await page.evaluate((viaMenu) => {
      const one = document.querySelector<HTMLButtonElement>('#replay-bar button[data-speed="1"]');
      if (!one) throw new Error("no 1× on the replay bar");
      if (viaMenu) document.querySelector<HTMLButtonElement>('#more button[data-action="replay"]')?.click();
      else window.dispatchEvent(new KeyboardEvent("keydown", { key: "n" }));
      one.click();
    }, menu);
    try {
      await page.waitForSelector("#replay-bar", { state: "visible", timeout: SHOWN_WITHIN_MS });
      return await waitFor(page, (s) => s.replay.phase === "playing" && s.replay.heard.some((w) => w.speed === 1 && !w.seeking) && s, "the server replays at 1×", 15_000);
    } catch (e) {
      const s = await debugState(page);
      // Over already (caught up with the live meadow at 60×, before 1× came): again.
      if (attempt >= TRIES || s.replay.phase !== "live") throw e;
      console.log(`[e2e] replay: try ${attempt} ended before 1× (${s.notices.at(-1)?.text ?? "no notice"}); again`);
    }
  }
}

describe("Tonight so far: the night replayed", () => {
  let server: RunningServer;
  let browser: Browser;
  let stateDir: string;
  let serverStarted = 0;

  beforeAll(async () => {
    stateDir = mkdtempSync(join(tmpdir(), "meadow-replay-"));
    serverStarted = Date.now();
    server = await startServer(undefined, ["--state-dir", stateDir]);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(stateDir, { recursive: true, force: true });
  });

  it("replays at 1×, scrubs, comes back to live, and another viewer keeps its frame rate meanwhile", async () => {
    const a = await openViewer(browser, server.url);
    const b = await openViewer(browser, server.url);
    await Promise.all([waitConnected(a.page), waitConnected(b.page)]);
    const offered = await waitFor(a.page, (s) => s.replay.offered && s, "the Welcome says the night may be replayed", SHOWN_WITHIN_MS);
    expect(offered.replay.phase).toBe("live");
    expect(await a.page.isVisible("#replay-bar")).toBe(false);
    expect(await a.page.isVisible('#more button[data-action="replay"]')).toBe(false); // a desktop: no ⋯ menu

    // A night of a few seconds, and page B's frame rate before any replay.
    await sleep(Math.max(0, HISTORY_MS - (Date.now() - serverStarted)));
    const before = await medianFrameRate(b.page);

    // n, then 1×.
    const playing = await replayAtOne(a.page);
    expect(playing.replay.past).toBe(true);
    expect(await a.page.evaluate(() => document.body.classList.contains("replaying"))).toBe(true);
    const span = playing.replay;
    expect(span.endMs).toBeGreaterThan(span.startMs);
    // The bar's clock is drawn on the animation frame after the replay's first word: wait for it.
    const timed = await waitFor(a.page, (s) => /^\d\d:\d\d$/.test(s.replay.time) && s, "the bar shows the replay's clock", SHOWN_WITHIN_MS);
    expect(timed.replay.time).toMatch(/^\d\d:\d\d$/);

    // B's frame rate while A's replay runs, and meanwhile A's time moves with the server's words.
    const lightBefore = (await debugState(a.page)).frames;
    const during = await medianFrameRate(b.page);
    const moving = await waitFor(
      a.page,
      (s) => {
        const words = s.replay.heard.filter((w) => w.speed === 1 && !w.seeking);
        return words.length >= 3 && words.at(-1)!.atMs > words.at(-3)!.atMs && s;
      },
      "the server's words move the moment on",
      20_000,
    );
    expect(moving.replay.phase).toBe("playing");
    const words = moving.replay.heard.filter((w) => w.speed === 1 && !w.seeking).map((w) => w.atMs);
    for (let i = 1; i < words.length; i++) expect(words[i]!).toBeGreaterThanOrEqual(words[i - 1]!);
    // The replay's light, numbered afresh, is decoded and drawn.
    await waitFor(a.page, (s) => s.frames >= lightBefore + 10 && s, "the replay's light frames are drawn", 20_000);
    const rates = (r: { rates: number[] }): string => r.rates.map((x) => x.toFixed(1)).join(", ");
    console.log(
      `[e2e] replay: page B ${before.median.toFixed(1)} frames/s before (${rates(before)}), ${during.median.toFixed(1)} while A replays (${rates(during)}): ${((100 * during.median) / before.median).toFixed(0)} %`,
    );
    expect(during.median).toBeGreaterThanOrEqual(KEPT_SHARE * before.median);
    saveArtifact("replay-bar.png", await a.page.screenshot());

    // A click on the scrub bar: the bar moves there, with one seek, and the server takes it up.
    const here = (await debugState(a.page)).replay;
    const to = here.position < 0.5 ? 0.85 : 0.15;
    const seeksBefore = here.sent.seek;
    const wordsBefore = here.heard.length;
    const box = await a.page.locator("#replay-bar .replay-scrub").boundingBox();
    if (!box) throw new Error("no scrub bar on screen");
    await a.page.mouse.click(box.x + to * box.width, box.y + box.height / 2);
    const sought = await waitFor(a.page, (s) => s.replay.sent.seek > seeksBefore && s, "a click asks for the moment under it");
    expect(sought.replay.sent.seek).toBe(seeksBefore + 1);
    // The moment asked for is the one under the click (the range input's thumb keeps a few pixels of its track).
    const night = sought.replay.endMs - sought.replay.startMs;
    const target = sought.replay.sought ?? Number.NaN;
    expect(Math.abs((target - sought.replay.startMs) / night - to)).toBeLessThan(0.06);
    expect(Math.abs((target - sought.replay.startMs) / night - here.position)).toBeGreaterThan(0.2);
    // The bar holds it (until the server takes it up, and plays on from it).
    expect(Math.abs(sought.replay.position - to)).toBeLessThan(0.15);
    // The server says it seeks, then goes on from there (the words since the click: fewer than the 50 kept).
    await waitFor(
      a.page,
      (s) => {
        const since = s.replay.heard.slice(wordsBefore);
        const seeking = since.findIndex((w) => w.seeking);
        return seeking >= 0 && since.slice(seeking).some((w) => !w.seeking && w.atMs >= target - 1000 && w.atMs < target + 5000) && s;
      },
      "the server seeks, and plays on from the moment clicked",
      20_000,
    );

    // ● Live: the bar goes, the page is live, and the live light (numbered lower again) is drawn.
    await a.page.click("#replay-bar .replay-live");
    await waitFor(a.page, (s) => s.replay.phase === "live" && !s.replay.past && s, "back to live", SHOWN_WITHIN_MS);
    await a.page.waitForSelector("#replay-bar", { state: "hidden", timeout: SHOWN_WITHIN_MS });
    expect(await a.page.evaluate(() => document.body.classList.contains("replaying"))).toBe(false);
    const liveFrom = (await debugState(a.page)).frames;
    const live = await waitFor(a.page, (s) => s.frames >= liveFrom + 10 && s, "the live light frames are drawn again", 20_000);
    expect(live.replay.sent).toMatchObject({ stop: 1 });
    expect(live.world).toBe("swarm");
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await a.page.context().close();
    await b.page.context().close();
  }, 180_000);

  it("on a phone: the ⋯ menu starts it, the bar wraps with the scrub bar across the screen, and the meadow says it is the past", async () => {
    const phone = await openPhone(browser, server.url);
    const page = phone.page;
    await waitFor(page, (s) => s.replay.offered && s, "the Welcome says the night may be replayed", SHOWN_WITHIN_MS);
    await page.tap("#more-button");
    const menuButton = page.locator('#more button[data-action="replay"]');
    expect(await menuButton.isVisible()).toBe(true);
    await replayAtOne(page, true);
    // The ⋯ menu gives way to the meadow and its bar.
    expect(await page.isVisible("#more")).toBe(false);
    // A bar across the bottom in two rows, the scrub bar most of the screen's width beside Live, every button a finger's size.
    const layout = await page.evaluate(() => {
      const rect = (sel: string) => document.querySelector(sel)!.getBoundingClientRect();
      const bar = rect("#replay-bar");
      const scrub = rect("#replay-bar .replay-scrub");
      const buttons = [...document.querySelectorAll("#replay-bar button")].map((b) => b.getBoundingClientRect());
      const live = rect("#replay-bar .replay-live");
      return { width: innerWidth, height: innerHeight, bar, scrub, live, smallest: Math.min(...buttons.map((b) => Math.min(b.width, b.height))) };
    });
    expect(layout.bar.bottom).toBeLessThanOrEqual(layout.height);
    expect(layout.bar.bottom).toBeGreaterThan(layout.height - 40);
    expect(layout.scrub.width).toBeGreaterThan(0.6 * layout.width);
    expect(Math.abs(layout.scrub.top + layout.scrub.height / 2 - (layout.live.top + layout.live.height / 2))).toBeLessThan(8);
    expect(layout.bar.height).toBeLessThan(120);
    expect(layout.smallest).toBeGreaterThanOrEqual(36);
    // The meadow cannot be touched in the past: a tap is refused here, with a word.
    const sent = (await debugState(page)).sentActions.length;
    await page.tap("#stage", { position: { x: layout.width / 2, y: layout.height / 3 } });
    await page.waitForFunction(() => /watching the past/.test(document.getElementById("notice")?.textContent ?? ""), undefined, { timeout: SHOWN_WITHIN_MS });
    expect((await debugState(page)).sentActions.length).toBe(sent);
    saveArtifact("replay-phone.png", await page.screenshot());
    await page.tap("#replay-bar .replay-live");
    await waitFor(page, (s) => s.replay.phase === "live" && s, "back to live", SHOWN_WITHIN_MS);
    expect(phone.errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});
