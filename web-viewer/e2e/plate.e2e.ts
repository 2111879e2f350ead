// The plate against the real server (docs/rules.md "The plate"): w goes on to the plate; its birds
// are drawn on the dark plate with their trails growing; its settings panel comes from its schema
// and a preset and a slider change the shared settings the next frames carry (a new number of
// birds scatters a fresh plate); on a phone the panel is in the ⋯ menu. This file runs its own
// server, since it changes the plate's shared settings.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canvasPixel, downloaded, launchChromium, nextDownload, openViewer, saveArtifact, viewAtRest, waitConnected, waitForState as waitFor, watchWorld, worldToScreen, type DebugState, SHOWN_WITHIN_MS } from "./browser";
import { startServer, type RunningServer } from "./server";

type PlateState = NonNullable<DebugState["plate"]>;

/** Presses w (or taps the ⋯ menu's world button) until the page draws the plate. */
function watchPlate(page: Page, press: () => Promise<void>): Promise<PlateState> {
  return watchWorld(page, "plate", press, (s) => s.plate && s.plate.birdsDrawn > 0 && s.plate, "the page draws the plate's birds");
}

describe("the plate against the real server", () => {
  let server: RunningServer;
  let browser: Browser;
  let desktop: { page: Page; errors: string[] };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
    desktop = await openViewer(browser, server.url);
    await waitConnected(desktop.page);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("goes to the plate with w: its birds on the dark plate, their trails growing, its status", async () => {
    const page = desktop.page;
    const plate = await watchPlate(page, () => page.keyboard.press("w"));
    expect(plate.count).toBe(plate.settings?.values.birds);
    expect(plate.birdsDrawn).toBe(plate.count);
    // Trails grow frame by frame, up to the trail's length.
    const grown = await waitFor(page, (s) => s.plate && s.plate.historyFrames >= 10 && s.plate.trailPoints > s.plate.count * 5 && s.plate, "the trails grow", SHOWN_WITHIN_MS);
    expect(grown.historyFrames).toBeLessThanOrEqual(grown.trailLength);
    await page.waitForFunction(() => /\d+ birds · order \d\.\d\d.* · step \d+/.test(document.getElementById("status")?.textContent ?? ""), undefined, { timeout: SHOWN_WITHIN_MS });
    // The plate's ground is drawn where the plate lies (its corner, inside the square), once the
    // camera's glide from the world before (the pond's close framing) is over.
    await viewAtRest(page);
    const p = grown.plate!;
    const corner = await worldToScreen(page, p.x + 2, p.y + 2);
    const [, , , alpha] = await canvasPixel(page, "plate-layer", corner.x, corner.y);
    expect(alpha, "the plate's dark ground").toBeGreaterThan(200);
    expect(await page.isVisible("#plate-settings"), "the plate's settings are out").toBe(true);
    expect(await page.isHidden("#sliders"), "the swarm's sliders are put away").toBe(true);
    // Its order live above the status line, and the swarm's gauge put away.
    expect(await page.isVisible("#plate-order-gauge")).toBe(true);
    expect(await page.isHidden("#order-gauge")).toBe(true);
    await page.waitForFunction(() => /^\d\.\d\d$/.test(document.querySelector("#plate-order-gauge output")?.textContent ?? ""), undefined, { timeout: SHOWN_WITHIN_MS });
    saveArtifact("plate.png", await page.screenshot());
    // i: what it is, and its source.
    await page.keyboard.press("i");
    expect(await page.textContent("#world-card h2")).toContain("plate");
    expect(await page.getAttribute("#world-card a", "href")).toBe("https://doi.org/10.1145/37402.37406");
    saveArtifact("plate-card.png", await page.screenshot());
    await page.keyboard.press("i");
    expect(await page.isHidden("#world-card")).toBe(true);
    expect(desktop.errors).toEqual([]);
  }, 120_000);

  it("a preset from the schema's buttons sets the weights the next frames carry, and lights its button", async () => {
    const page = desktop.page;
    await page.click('#plate-settings button[data-preset="stream"]');
    await waitFor(page, (s) => s.plate?.settings?.preset === "stream" && s.plate.settings.values.alignment === 2.5 && s.plate.settings.values.separation === 0, "the settings are the stream preset");
    await page.waitForFunction(() => document.querySelector('#plate-settings button[data-preset="stream"]')?.classList.contains("current") === true, undefined, { timeout: SHOWN_WITHIN_MS });
    expect(desktop.errors).toEqual([]);
  });

  it("a new number of birds from the slider scatters a fresh plate", async () => {
    const page = desktop.page;
    const before = await waitFor(page, (s) => s.plate, "the plate");
    const box = await page.locator("#plate-birds").boundingBox();
    if (!box) throw new Error("no birds slider");
    await page.mouse.click(box.x + box.width * 0.1, box.y + box.height / 2);
    const after = await waitFor(page, (s) => s.plate && s.plate.count !== before.count && s.plate, "the plate has the birds asked for", SHOWN_WITHIN_MS);
    expect(after.count).toBe(after.settings?.values.birds);
    expect(after.count).toBeLessThan(before.count);
    expect(after.runSteps, "a fresh run").toBeLessThan(before.runSteps + 600);
    expect(desktop.errors).toEqual([]);
  });

  it("saves this run's trails for Houdini and a fresh study as JSON, each downloaded and parsed", async () => {
    const page = desktop.page;
    await waitFor(page, (s) => s.plate && s.plate.historyFrames >= 5 && s.plate, "some of the run to save", SHOWN_WITHIN_MS);
    expect(await page.isVisible("#plate-export"), "the exports are out beside the settings").toBe(true);
    const geoDownload = nextDownload(page);
    await page.click('#plate-export button[data-export="run-geo"]');
    const geo = await downloaded(geoDownload);
    expect(geo.name).toMatch(/^meadow-plate-\d+\.geo$/);
    const header = /^PGEOMETRY V5\nNPoints (\d+) NPrims (\d+)\n/.exec(geo.text);
    expect(header, geo.text.slice(0, 120)).not.toBeNull();
    const points = Number(header![1]);
    const pointLines = geo.text.split("\n").filter((l) => / 0 1 \([\d.]+ [\d.]+ [\d.]+\)$/.test(l));
    expect(pointLines.length, "every point with its colour").toBe(points);
    expect(geo.text.endsWith("beginExtra\nendExtra\n")).toBe(true);

    const jsonDownload = nextDownload(page);
    await page.click('#plate-export button[data-export="fresh-json"]');
    const json = await downloaded(jsonDownload);
    expect(json.name).toMatch(/^meadow-plate-study-\d+\.json$/);
    const study = JSON.parse(json.text) as { world: { width: number }; warmup_steps: number; steps: number; trails: { pieces: number[][][] }[] };
    expect(study.world.width).toBe(1);
    expect(study.warmup_steps).toBe(240);
    expect(study.steps).toBe(120);
    const birds = (await waitFor(page, (s) => s.plate, "the plate")).count;
    expect(study.trails.length, "every bird of the plate").toBe(birds);
    const perBird = study.trails.map((t) => t.pieces.reduce((n, p) => n + p.length, 0));
    expect(new Set(perBird), "the start and 120 steps each").toEqual(new Set([121]));
    saveArtifact(json.name, Buffer.from(json.text));
    const saved = await waitFor(page, (s) => s.plate && s.plate.exports.saved.length >= 2 && s.plate.exports.saved, "both saved");
    expect(saved.map((x) => x.format)).toEqual(["geo", "json"]);
    expect(desktop.errors).toEqual([]);
  });

  it("opens on the plate when the address asks for it (?world=plate), as a wall would", async () => {
    const context: BrowserContext = await browser.newContext({ viewport: { width: 960, height: 540 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${server.url}/?world=plate`);
    const shown = await waitFor(page, (s) => s.world === "plate" && s.plate && s.plate.birdsDrawn > 0 && s, "the plate without a key", 30_000);
    expect(shown.chosenWorld).toBe("plate");
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("on a phone: to the plate from the ⋯ menu, its settings in the menu", async () => {
    const context: BrowserContext = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(server.url);
    await waitConnected(page);
    await page.tap("#more-button");
    await watchPlate(page, async () => {
      if (!(await page.isVisible("#more"))) await page.tap("#more-button");
      await page.tap('#more button[data-action="world"]');
    });
    if (!(await page.isVisible("#more"))) await page.tap("#more-button");
    await page.waitForFunction(() => document.getElementById("plate-settings")?.parentElement?.id === "more", undefined, { timeout: SHOWN_WITHIN_MS });
    await page.tap('#plate-settings button[data-preset="knot"]');
    await waitFor(page, (s) => s.plate?.settings?.preset === "knot", "the phone's preset is taken");
    saveArtifact("plate-phone.png", await page.screenshot());
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
