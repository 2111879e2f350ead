// The colony's frog (docs/rules.md "The frog", "The tools · Frog"): the fifth tool, key 5, on the
// tool bar and in the phone's menu. In the colony a tap drops a frog, which the colony's frames
// carry and the viewer draws (a night-green frog on its own canvas, the faint ring of its reach
// while the frog tool is chosen, "1 frog" in the status line); a tap on it takes it away. The swarm
// refuses the tool with a notice. Own server: frogs stay on the meadow.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { canvasBox, debugState, paintedFrames, saveArtifact, tapUntil, waitForState as waitFor, worldToScreen, type DebugState, SHOWN_WITHIN_MS } from "./browser";
import { openPhone, ownMeadow } from "./own-meadow";

/** Spots on the meadow for a frog, tried in turn: the first clear of rocks and the stump. */
const SPOTS = [
  { x: 1000, y: 300 },
  { x: 1250, y: 550 },
  { x: 700, y: 250 },
  { x: 1350, y: 200 },
  { x: 900, y: 600 },
];

function freeSpot(s: DebugState): { x: number; y: number } {
  const stump = s.colony?.stump;
  const spot = SPOTS.find(
    (p) => s.rocks.every((r) => Math.hypot(p.x - r.x, p.y - r.y) > r.radius + 40) && (!stump || Math.hypot(p.x - stump.x, p.y - stump.y) > stump.radius + 120),
  );
  if (!spot) throw new Error(`no spot clear of rocks: ${JSON.stringify(s.rocks)}`);
  return spot;
}

/** Taps the meadow at a world point with the tool chosen. */
async function tapAt(page: Page, p: { x: number; y: number }): Promise<void> {
  const at = await worldToScreen(page, p.x, p.y);
  await page.mouse.click(at.x, at.y);
}

describe("the colony's frog", () => {
  const meadow = ownMeadow();

  it("is the fifth tool, key 5, on the tool bar", async () => {
    const page = meadow.viewer().page;
    expect(await page.isVisible('#toolbar button[data-tool="frog"]')).toBe(true);
    expect(await page.getAttribute('#toolbar button[data-tool="frog"]', "title")).toMatch(/^5 · Frog/);
    await page.keyboard.press("5");
    expect((await debugState(page)).tool).toBe("frog");
    expect(await page.getAttribute('#toolbar button[data-tool="frog"]', "aria-pressed")).toBe("true");
  });

  it("is refused in the swarm, with the server's notice", async () => {
    const viewer = meadow.viewer();
    const page = viewer.page;
    await page.keyboard.press("5");
    const s = await debugState(page);
    const c = s.camera;
    await tapAt(page, { x: c.x + c.width * 0.6, y: c.y + c.height * 0.4 });
    const notice = await waitFor(page, (d) => d.notices.length > s.notices.length && d.notices.at(-1), "a notice refuses the frog in the swarm");
    console.log(`[e2e] frog in the swarm: ${notice.code}, "${notice.text}"`);
    expect(await page.textContent("#notice")).toBe(notice.text);
    expect(viewer.errors).toEqual([]);
  });

  it("drops a frog in the colony that is drawn, and a tap on it takes it away", async () => {
    const viewer = meadow.viewer();
    const page = viewer.page;
    await page.keyboard.press("5");
    await page.keyboard.press("w");
    await waitFor(page, (s) => (s.world === "colony" && (s.colony?.frames ?? 0) > 2) || undefined, "the colony is shown");
    const spot = freeSpot(await debugState(page));
    const frogs = await tapUntil(page, () => tapAt(page, spot), (s) => (s.colony?.frogs.length ?? 0) > 0 && s.colony?.frogs, "a frog is on the meadow").catch(async (e: unknown) => {
      // Say what the server answered (a refusal's notice), not only that no frog came.
      const s = await debugState(page);
      throw new Error(`${String(e)}; at ${JSON.stringify(spot)}, notices ${JSON.stringify(s.notices.slice(-3))}, sent ${JSON.stringify(s.sentActions.slice(-3))}`);
    });
    const frog = frogs[0];
    if (!frog) throw new Error("no frog");
    expect(Math.hypot(frog.x - spot.x, frog.y - spot.y)).toBeLessThan(2);
    expect(frog.own).toBe(true);
    expect(frog.reach).toBeGreaterThan(0);
    await waitFor(page, (s) => (s.colony?.frogsDrawn ?? 0) > 0 || undefined, "the frog is drawn");
    await paintedFrames(page);
    // It sits a few seconds before its first hop: its body is where it was dropped, night green.
    const at = await worldToScreen(page, spot.x, spot.y);
    const body = await canvasBox(page, "colony-frogs", at.x, at.y, 6, 200);
    saveArtifact("frog.png", await page.screenshot());
    console.log(`[e2e] frog ${frog.id} at (${frog.x.toFixed(0)}, ${frog.y.toFixed(0)}), reach ${frog.reach}: ${body.lit} body px, mean rgb ${body.mean.slice(0, 3).map(Math.round).join(",")}`);
    expect(body.lit).toBeGreaterThan(60);
    const [r, g, b] = body.mean;
    expect(g).toBeGreaterThan(r);
    expect(g).toBeGreaterThan(b);
    // The faint ring of its reach, while the frog tool is chosen.
    const ring = await worldToScreen(page, spot.x + frog.reach, spot.y);
    expect((await canvasBox(page, "colony-frogs", ring.x, ring.y, 2, 10)).lit).toBeGreaterThan(0);
    await page.waitForFunction(() => / · 1 frog · /.test(document.getElementById("status")?.textContent ?? ""), undefined, { timeout: SHOWN_WITHIN_MS });

    // Tapped where it sits now (it may have hopped): gone, and no longer drawn.
    await tapUntil(
      page,
      async () => {
        const now = (await debugState(page)).colony?.frogs.find((f) => f.id === frog.id);
        if (now) await tapAt(page, now);
      },
      (s) => (s.colony?.frogs.length ?? 1) === 0,
      "the frog is taken away",
    );
    await waitFor(page, (s) => s.colony?.frogsDrawn === 0 || undefined, "no frog drawn");
    await paintedFrames(page);
    expect((await canvasBox(page, "colony-frogs", at.x, at.y, 40, 10)).lit).toBe(0);
    await page.waitForFunction(() => !/ frog/.test(document.getElementById("status")?.textContent ?? ""), undefined, { timeout: SHOWN_WITHIN_MS });
    expect(viewer.errors).toEqual([]);
  }, 60_000);

  it("is in the phone's ⋯ menu", async () => {
    const { page, errors } = await openPhone(meadow.browser, meadow.server.url);
    await page.tap("#more-button");
    await page.tap('#more button[data-action="tool-frog"]');
    expect((await debugState(page)).tool).toBe("frog");
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
