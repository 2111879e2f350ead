// A weak device (docs/rules.md "The viewer · Status line"): with ?frame-cost=40 every animation
// frame of the page takes 40 ms more, more than a 60 Hz display allows, and the status line says,
// in words, about how many fireflies this device keeps up with (fewer than the swarm's 3,000). The
// same page without it speaks of keeping up exactly when its meter finds it behind: whether a page
// sharing two cores with the server and a browser is behind depends on the machine's load, not on
// the viewer, so this test does not assert it (the meter's verdicts are tested in
// test/util/keep-up.test.ts).
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { WINDOW_MS } from "../src/util/keep-up";
import { debugState, launchChromium, openViewer, waitConnected, waitForState, SHOWN_WITHIN_MS } from "./browser";

const KEEPS_UP = /this device keeps up with about ([\d,]+) fireflies/;

function statusText(page: Page): Promise<string> {
  return page.$eval("#status", (el) => el.textContent ?? "");
}

describe("on a weak device", () => {
  const baseUrl = inject("baseUrl");
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("says how many fireflies it keeps up with, right after the count", async () => {
    const { page, errors } = await openViewer(browser, `${baseUrl}/?frame-cost=40`);
    await waitConnected(page);
    // The verdict needs a few seconds of frames; the status line follows within a quarter second.
    const keepUp = await waitForState(page, (s) => s.experience.keepUp.behind && s.experience.keepUp, "the viewer finds it does not keep up", 30_000);
    expect(keepUp.load, "share of a second the work needs").toBeGreaterThan(0.9);
    await page.waitForFunction((re) => new RegExp(re).test(document.getElementById("status")?.textContent ?? ""), KEEPS_UP.source, { timeout: 10_000 });
    const text = await statusText(page);
    expect(text).toMatch(/^3,000 fireflies · this device keeps up with about/);
    const about = Number((KEEPS_UP.exec(text)?.[1] ?? "").replace(/,/g, ""));
    expect(about, text).toBeGreaterThan(0);
    expect(about, text).toBeLessThan(3000);
    console.log(`[e2e] weak device (?frame-cost=40): load ${keepUp.load.toFixed(2)} at ${keepUp.displayHz.toFixed(0)} Hz; status "${text}"`);
    // The page's own work made it: 40 ms and more each animation frame.
    expect((await debugState(page)).experience.timings.frame.recentMs).toBeGreaterThan(40);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);

  it("speaks of keeping up only when its meter finds the page behind", async () => {
    const { page, errors } = await openViewer(browser, baseUrl);
    await waitConnected(page);
    const connectedAt = Date.now();
    // A verdict from a few seconds of frames (3 s and more of them), once the page's start has
    // left the meter's window.
    await waitForState(
      page,
      (s) => s.experience.keepUp.judged && s.experience.timings.frame.count >= 20 && s.experience.timings.decode.count >= 100,
      "a verdict from a few seconds of frames",
      30_000,
    );
    await page.waitForTimeout(Math.max(0, connectedAt + WINDOW_MS + 1000 - Date.now()));
    const s = await debugState(page);
    const t = s.experience.timings;
    const figures = `load ${s.experience.keepUp.load.toFixed(2)}; ${t.frame.count} frames, ${t.frame.meanMs.toFixed(1)} ms on average, the longest ${t.frame.maxMs.toFixed(0)} ms`;
    console.log(`[e2e] a page without frame cost: ${figures}; behind: ${s.experience.keepUp.behind}`);
    expect(s.experience.keepUp.load).toBeGreaterThan(0);
    // The status line follows the meter within a quarter second: read both until they agree.
    await page.waitForFunction(
      () => {
        const m = window.__meadow;
        const says = /keeps up|falling behind/.test(document.getElementById("status")?.textContent ?? "");
        return m !== undefined && says === m.experience.keepUp.behind;
      },
      undefined,
      { timeout: SHOWN_WITHIN_MS },
    );
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);
});
