// Trails (docs/rules.md "The swarm · Trails"): t turns on a live layer of fading lines, each
// firefly's last seconds in a hue of its own, drawn from the TrailPoints the server sends after
// each swarm frame, and off again; it comes back after a trip to another world. The "record trails"
// button (r, the phone menu's) asks the server for a recording and saves its answer as an SVG of
// one polyline per piece; a second recording asked for meanwhile is refused or answered, never left
// hanging. Own server: recordings are the server's work.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { debugState, downloaded, nextDownload, openViewer, watchWorldByKey, paintedFrames, saveArtifact, waitConnected, waitForState as waitFor, SHOWN_WITHIN_MS } from "./browser";
import { openPhone, ownMeadow } from "./own-meadow";

/** The trails canvas's painted pixels, and how many of twelve hue sectors they fall in. */
function trailPixels(page: Page): Promise<{ lit: number; hues: number }> {
  return page.evaluate(() => {
    const c = document.getElementById("trails-layer") as HTMLCanvasElement;
    const d = c.getContext("2d")?.getImageData(0, 0, c.width, c.height).data;
    let lit = 0;
    const sectors = new Set<number>();
    for (let i = 0; d && i < d.length; i += 4) {
      if ((d[i + 3] ?? 0) < 40) continue;
      lit++;
      const [r, g, b] = [d[i] ?? 0, d[i + 1] ?? 0, d[i + 2] ?? 0];
      const max = Math.max(r, g, b);
      const min = Math.min(r, g, b);
      if (max - min < 30) continue;
      const h = max === r ? ((g - b) / (max - min) + 6) % 6 : max === g ? (b - r) / (max - min) + 2 : (r - g) / (max - min) + 4;
      sectors.add(Math.floor(h * 2));
    }
    return { lit, hues: sectors.size };
  });
}

/**
 * The trail layer's pixels once more than `least` are lit and at least `hues` hue sectors show,
 * or as they are at `timeoutMs`: a trail grows with every frame, so a slow machine draws the same
 * later, not less (read once, a check of it would hold at one machine's speed only).
 */
async function trailPixelsOfAtLeast(page: Page, least: number, hues: number, timeoutMs = 15_000): Promise<{ lit: number; hues: number }> {
  const deadline = Date.now() + timeoutMs;
  let seen = await trailPixels(page);
  while ((seen.lit <= least || seen.hues < hues) && Date.now() < deadline) {
    await paintedFrames(page);
    seen = await trailPixels(page);
  }
  return seen;
}


/** Presses t if the live trails are not as wanted (a test that failed may have left them on). */
async function trailsOn(page: Page, on: boolean): Promise<void> {
  if ((await debugState(page)).trails.on !== on) await page.keyboard.press("t");
  await waitFor(page, (s) => s.trails.on === on || undefined, `trails ${on ? "on" : "off"}`);
}

/** Presses w until the swarm is shown again (past the other worlds). */
describe("trails", () => {
  const meadow = ownMeadow();

  it("t draws each firefly's recent path in a hue of its own, and t again takes them away", async () => {
    const viewer = meadow.viewer();
    const page = viewer.page;
    await watchWorldByKey(page);
    await trailsOn(page, false);
    expect((await trailPixels(page)).lit).toBe(0);
    await page.keyboard.press("t");
    const t = await waitFor(page, (s) => s.trails.on && s.trails.ids > 20 && s.trails.strokes > 20 && s.trails, "trails come and are drawn", 15_000);
    const on = await trailPixelsOfAtLeast(page, 500, 5);
    saveArtifact("trails-live.png", await page.screenshot());
    console.log(`[e2e] live trails: ${t.ids} fireflies, ${t.points} points, ${t.strokes} strokes; ${on.lit} px in ${on.hues} hue sectors`);
    expect(on.lit).toBeGreaterThan(500);
    expect(on.hues).toBeGreaterThanOrEqual(5);

    await page.keyboard.press("t");
    await waitFor(page, (s) => !s.trails.on || undefined, "t again: trails off");
    await paintedFrames(page);
    expect((await trailPixels(page)).lit).toBe(0);
    // Nothing more is kept while off (the server was told to stop, and the points are not taken).
    await paintedFrames(page, 10);
    expect((await debugState(page)).trails.ids).toBe(0);
    expect(viewer.errors).toEqual([]);
  }, 60_000);

  it("come back after a trip to another world, where t says they are the swarm's", async () => {
    const viewer = meadow.viewer();
    const page = viewer.page;
    await watchWorldByKey(page);
    await trailsOn(page, true);
    await waitFor(page, (s) => s.trails.ids > 20 || undefined, "trails come");
    await page.keyboard.press("w");
    await waitFor(page, (s) => s.world === "colony" || undefined, "the colony is shown");
    expect((await trailPixels(page)).lit).toBe(0);
    await page.keyboard.press("t");
    await page.waitForFunction(() => /Trails are the swarm's/.test(document.getElementById("notice")?.textContent ?? ""), undefined, { timeout: SHOWN_WITHIN_MS });
    // Back to the swarm (past the mold): asked for again, drawn again.
    await watchWorldByKey(page);
    await waitFor(page, (s) => (s.world === "swarm" && s.trails.on && s.trails.strokes > 20) || undefined, "trails again in the swarm", 15_000);
    expect((await trailPixelsOfAtLeast(page, 500, 0)).lit).toBeGreaterThan(500);
    await trailsOn(page, false);
    expect(viewer.errors).toEqual([]);
  }, 60_000);

  it("the record button saves the server's recording as an SVG with a polyline per piece", async () => {
    const viewer = meadow.viewer();
    const page = viewer.page;
    await watchWorldByKey(page);
    const download = nextDownload(page);
    await page.click("#record-trails");
    await page.waitForFunction(() => document.getElementById("record-trails")?.classList.contains("recording") === true, undefined, { timeout: SHOWN_WITHIN_MS });
    expect(await page.textContent("#record-trails")).toMatch(/recording trails/);
    const { name, text: svg } = await downloaded(download);
    const record = await waitFor(page, (s) => s.trails.saved.at(-1), "the recording is saved");
    saveArtifact(name, Buffer.from(svg));
    const polylines = svg.match(/<polyline /g)?.length ?? 0;
    console.log(`[e2e] trails recorded: ${name}, ${record.trails} fireflies, ${polylines} polylines, ${svg.length} bytes`);
    expect(name).toMatch(/^meadow-trails-\d+\.svg$/);
    expect(name).toBe(record.fileName);
    expect(polylines).toBe(record.polylines);
    // The plate's defaults: 200 fireflies, nearly every one at least one piece (one that flew out may have none).
    expect(record.trails).toBeGreaterThan(150);
    expect(polylines).toBeGreaterThan(0.9 * record.trails);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="-?[\d.]+ -?[\d.]+ [\d.]+ [\d.]+">\n<rect [^>]*fill="#05070d"\/>/);
    expect(svg).toMatch(/<polyline data-id="\d+" stroke="rgb\(\d+,\d+,\d+\)" points="-?[\d.]+,-?[\d.]+ -?[\d.]+,-?[\d.]+/);
    expect(svg.endsWith("</g>\n</svg>\n")).toBe(true);
    await page.waitForFunction(() => document.getElementById("record-trails")?.classList.contains("recording") === false, undefined, { timeout: SHOWN_WITHIN_MS });
    expect(viewer.errors).toEqual([]);
  }, 60_000);

  it("a recording asked for while another runs is refused with the server's notice or answered, and ends either way", async () => {
    const viewer = meadow.viewer();
    const other = await openViewer(meadow.browser, meadow.server.url);
    await waitConnected(other.page);
    const first = nextDownload(viewer.page);
    await viewer.page.keyboard.press("r");
    await waitFor(viewer.page, (s) => s.trails.recording || undefined, "the first is under way");
    const before = (await debugState(other.page)).notices.length;
    await other.page.keyboard.press("r");
    const ended = await waitFor(
      other.page,
      (s) => s.notices.slice(before).find((n) => n.code === "trails_busy") ?? (s.trails.saved.length > 0 && "answered"),
      "the second recording ends",
      40_000,
    );
    if (typeof ended !== "string") {
      expect(await other.page.textContent("#notice")).toBe(ended.text);
      expect((await debugState(other.page)).trails.recording).toBe(false);
    }
    console.log(`[e2e] a second recording at once: ${typeof ended === "string" ? ended : `refused, "${ended.text}"`}`);
    await downloaded(first);
    expect(other.errors).toEqual([]);
    await other.page.context().close();
  }, 90_000);

  it("is on the phone's ⋯ menu: trails and record trails", async () => {
    const { page, errors } = await openPhone(meadow.browser, meadow.server.url);
    await page.tap("#more-button");
    expect(await page.isVisible('#more button[data-action="trails"]')).toBe(true);
    expect(await page.isVisible('#more button[data-action="record"]')).toBe(true);
    // The panel's own button stays out of the menu, which has its own.
    expect(await page.isVisible("#record-trails")).toBe(false);
    await page.tap('#more button[data-action="trails"]');
    await waitFor(page, (s) => (s.trails.on && s.trails.ids > 0) || undefined, "trails on from the menu", 15_000);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);
});
