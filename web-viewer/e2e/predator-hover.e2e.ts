// The predator on a desktop follows the mouse while its tool is chosen
// (docs/rules.md "The tools · Pointing"): no button needed. Against the real server: moving the
// mouse over the meadow puts this viewer's predator near the pointer in the frames every viewer
// gets, and it goes when the mouse leaves the meadow or another tool is chosen.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { debugState, launchChromium, openViewer, saveArtifact, waitConnected, waitForState as waitFor, worldToScreen } from "./browser";
import { sleep } from "./server";

/** The world point under a page position (the inverse of worldToScreen, through two known points). */
async function worldAt(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  const a = await worldToScreen(page, 0, 0);
  const b = await worldToScreen(page, 1000, 1000);
  return { x: ((x - a.x) / (b.x - a.x)) * 1000, y: ((y - a.y) / (b.y - a.y)) * 1000 };
}

describe("the predator follows the mouse on a desktop", () => {
  const baseUrl = inject("baseUrl");
  let browser: Browser;
  let viewer: { page: Page; errors: string[] };

  beforeAll(async () => {
    browser = await launchChromium();
    viewer = await openViewer(browser, baseUrl);
    await waitConnected(viewer.page);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("puts this viewer's predator near the pointer as the mouse moves, no button pressed", async () => {
    const page = viewer.page;
    await page.keyboard.press("4");
    const w = (await debugState(page)).worldBounds;
    const start = await worldToScreen(page, w.x + w.width * 0.4, w.y + w.height * 0.5);
    const before = (await debugState(page)).sentActions.length;
    // Over the meadow in a few steps, never pressing.
    await page.mouse.move(start.x - 60, start.y - 20);
    for (let i = 0; i <= 6; i++) {
      await page.mouse.move(start.x - 60 + i * 10, start.y - 20 + i * 3);
      await sleep(40);
    }
    const pointer = await worldAt(page, start.x, start.y - 2);
    const mark = await waitFor(
      page,
      (s) => s.marks.find((m) => m.tool === "predator" && m.own && Math.hypot(m.x - pointer.x, m.y - pointer.y) < 40),
      "this viewer's predator lies near the pointer in the frames",
    );
    expect(mark.radius).toBeGreaterThan(0);
    const s = await debugState(page);
    expect(s.hovering).toBe(true);
    const phases = s.sentActions.slice(before).map((a) => a.phase);
    expect(phases[0]).toBe("down");
    expect(phases.filter((p) => p === "move").length).toBeGreaterThanOrEqual(1);
    expect(phases).not.toContain("up");
    expect(s.sentActions.slice(before).every((a) => a.tool === "predator")).toBe(true);
    saveArtifact("predator-hover.png", await page.screenshot());

    // It follows: further on, the mark comes along.
    const there = await worldToScreen(page, w.x + w.width * 0.6, w.y + w.height * 0.45);
    await page.mouse.move(there.x, there.y, { steps: 6 });
    const target = await worldAt(page, there.x, there.y);
    await waitFor(page, (st) => st.marks.some((m) => m.tool === "predator" && m.own && Math.hypot(m.x - target.x, m.y - target.y) < 40), "the predator follows the mouse");
    expect(viewer.errors).toEqual([]);
  });

  it("lets the predator go when the mouse leaves the meadow and when another tool is chosen, and puts it under a resting mouse when chosen", async () => {
    const page = viewer.page;
    // Onto the tool bar: off the meadow.
    const bar = await page.locator("#toolbar").boundingBox();
    if (!bar) throw new Error("no tool bar");
    await page.mouse.move(bar.x + bar.width / 2, bar.y + bar.height / 2, { steps: 4 });
    await waitFor(page, (s) => !s.marks.some((m) => m.tool === "predator" && m.own) || undefined, "the predator is gone once the mouse left the meadow");
    expect((await debugState(page)).sentActions.at(-1)?.phase).toBe("up");

    // Back over the meadow: there again.
    const w = (await debugState(page)).worldBounds;
    const p = await worldToScreen(page, w.x + w.width * 0.5, w.y + w.height * 0.6);
    await page.mouse.move(p.x, p.y, { steps: 8 });
    await waitFor(page, (s) => s.marks.some((m) => m.tool === "predator" && m.own), "the predator is back with the mouse");

    // Another tool (3: rock): gone, though the mouse stays over the meadow.
    await page.keyboard.press("3");
    await waitFor(page, (s) => (!s.hovering && !s.marks.some((m) => m.tool === "predator" && m.own)) || undefined, "the predator is gone with another tool");
    await page.mouse.move(p.x + 30, p.y, { steps: 3 });
    await sleep(300);
    expect((await debugState(page)).sentActions.at(-1)?.phase).toBe("up");

    // Chosen again with the mouse resting over the meadow: there at once, under the mouse.
    const resting = await worldAt(page, p.x + 30, p.y);
    await page.keyboard.press("4");
    await waitFor(page, (s) => s.marks.some((m) => m.tool === "predator" && m.own && Math.hypot(m.x - resting.x, m.y - resting.y) < 40), "the predator is under the resting mouse");
    await page.keyboard.press("3");
    await waitFor(page, (s) => !s.marks.some((m) => m.tool === "predator" && m.own) || undefined, "and gone with the rock tool");
    expect(viewer.errors).toEqual([]);
  });
});
