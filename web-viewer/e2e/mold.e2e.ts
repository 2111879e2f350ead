// The mold against the real server (docs/mold.md, docs/rules.md "The viewer"): w goes on to the
// mold when the server lists it; its trail is light on the meadow that changes; a slider and a
// preset change the shared settings the next frames carry; the flower tool drops an oat flake;
// attract is held (DOWN, MOVEs, UP) and shows while held; on a desktop and on a phone, where the
// settings are in the ⋯ menu. This file runs its own server, since it changes the mold's shared
// settings.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compareLight, debugState, launchChromium, openViewer, saveArtifact, tapUntil, waitConnected, waitForState as waitFor, watchWorld, worldToScreen, type DebugState, SHOWN_WITHIN_MS } from "./browser";
import { sleep, startServer, type RunningServer } from "./server";

type MoldState = NonNullable<DebugState["mold"]>;

interface Spot {
  readonly x: number;
  readonly y: number;
}

/** Presses w (or taps the ⋯ menu's world button) until the page draws the mold. */
function watchMold(page: Page, press: () => Promise<void>): Promise<MoldState> {
  return watchWorld(page, "mold", press, (s) => s.mold && s.mold.lightFrames > 2 && s.mold, "the page draws the mold's light");
}

/** A spot on the meadow at least `clear` units from every rock, from a list of candidates. */
function freeSpot(rocks: DebugState["rocks"], candidates: readonly Spot[], clear = 80): Spot {
  const spot = candidates.find((c) => rocks.every((r) => Math.hypot(r.x - c.x, r.y - c.y) > r.radius + clear));
  if (!spot) throw new Error("no spot free of rocks");
  return spot;
}

const near = (a: Spot, b: Spot, within = 4): boolean => Math.hypot(a.x - b.x, a.y - b.y) <= within;

/** Hides everything but the mold's trail, takes two pictures of it a while apart, shows it all again. */
async function trailPictures(page: Page): Promise<{ a: Buffer; b: Buffer; cmp: Awaited<ReturnType<typeof compareLight>> }> {
  const others = ["meadow-layer", "rocks-layer", "air-layer", "mold-marks", "status", "notice", "mold-settings", "toolbar"];
  const visible = (on: boolean) =>
    page.evaluate(
      ([ids, show]) => {
        for (const id of ids as string[]) {
          const el = document.getElementById(id);
          if (el) el.style.visibility = show ? "" : "hidden";
        }
      },
      [others, on] as const,
    );
  await visible(false);
  const light = page.locator("#mold-light");
  const a = await light.screenshot();
  let b = await light.screenshot();
  let cmp = await compareLight(page, a, b);
  // The network moves slowly, and a loaded machine composites slowly: up to 15 s for a change.
  for (const deadline = Date.now() + 15_000; cmp.changed <= cmp.total * 0.0005 && Date.now() < deadline; ) {
    await sleep(500);
    b = await light.screenshot();
    cmp = await compareLight(page, a, b);
  }
  await visible(true);
  return { a, b, cmp };
}

/** Drags a mold slider from a quarter to about two thirds; returns the value it shows then. */
async function dragSlider(page: Page, name: string): Promise<string> {
  const box = await page.locator(`#mold-${name}`).boundingBox();
  if (!box) throw new Error(`no ${name} slider`);
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.25, y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + box.width * (0.25 + i * 0.04), y);
  await page.mouse.up();
  return (await page.locator(`#mold-${name} + output`).textContent()) ?? "";
}

describe("the mold against the real server", () => {
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

  it("goes to the mold with w: its status, and its trail as light that changes", async () => {
    const page = desktop.page;
    const mold = await watchMold(page, () => page.keyboard.press("w"));
    expect(mold.decodeErrors).toBe(0);
    expect(mold.lightAvailable).toBe(true);
    expect(mold.mapWidth).toBeGreaterThan(0);
    expect(mold.settings, "the frames carry the settings").toBeDefined();
    expect(mold.presets.length, "the frames carry the presets").toBeGreaterThan(0);
    await page.waitForFunction(() => /[\d,]+ agents · \d+ % covered · \d+ steps\/s · [\d,]+ holes, [\d,]+ junctions/.test(document.getElementById("status")?.textContent ?? ""), undefined, {
      timeout: 10_000,
    });
    expect(await page.isHidden("#light-layer"), "the swarm's light is put away").toBe(true);
    expect(await page.isVisible("#mold-settings"), "the mold's settings are out").toBe(true);
    expect(await page.isHidden("#sliders"), "the swarm's sliders are put away").toBe(true);

    const { a, b, cmp } = await trailPictures(page);
    saveArtifact("mold-trail-a.png", a);
    saveArtifact("mold-trail-b.png", b);
    saveArtifact("mold.png", await page.screenshot());
    console.log(`[mold] trail: ${cmp.litA} and ${cmp.litB} lit pixels of ${cmp.total}, ${cmp.changed} changed`);
    expect(cmp.litA, "lit pixels of the trail").toBeGreaterThan(cmp.total * 0.002);
    expect(cmp.changed, "the trail changes").toBeGreaterThan(cmp.total * 0.0005);
    expect(desktop.errors).toEqual([]);
  }, 120_000);

  it("sends a slider's setting, which the next frames carry", async () => {
    const page = desktop.page;
    const shown = await dragSlider(page, "turnAngle");
    const asked = Number.parseFloat(shown);
    expect(asked).toBeGreaterThan(0);
    const seen = await waitFor(page, (s) => s.mold?.settings && Math.abs(s.mold.settings.turnAngle - asked) < 0.01 && s.mold.settings, "the mold's turn angle follows");
    expect(seen.turnAngle).toBeCloseTo(asked, 2);
    // The server's value shows on the slider once it is left alone.
    await page.waitForFunction((v) => (document.querySelector("#mold-turnAngle + output")?.textContent ?? "") === v, shown, { timeout: SHOWN_WITHIN_MS });
    expect(desktop.errors).toEqual([]);
  });

  it("sends a preset by its name, and lights its button", async () => {
    const page = desktop.page;
    const mold = await waitFor(page, (s) => s.mold, "the mold");
    const preset = mold.presets.find((p) => p.name !== mold.settings?.preset);
    if (!preset) throw new Error("no other preset");
    await page.click(`#mold-settings button[data-preset="${preset.name}"]`);
    await waitFor(page, (s) => s.mold?.settings?.preset === preset.name, `the settings are the ${preset.name} preset`);
    await page.waitForFunction((name) => document.querySelector(`#mold-settings button[data-preset="${name}"]`)?.classList.contains("current") === true, preset.name, { timeout: SHOWN_WITHIN_MS });
    expect(desktop.errors).toEqual([]);
  });

  it("drops an oat flake with the flower tool", async () => {
    const page = desktop.page;
    await page.keyboard.press("2");
    const spot = freeSpot((await debugState(page)).rocks, [{ x: 420, y: 280 }, { x: 1150, y: 640 }, { x: 800, y: 200 }, { x: 300, y: 650 }]);
    const at = await worldToScreen(page, spot.x, spot.y);
    const flake = await tapUntil(
      page,
      () => page.mouse.click(at.x, at.y),
      (s) => s.mold?.marks.find((m) => m.tool === "flower" && near(m, spot)),
      "an oat flake lies where it was dropped",
    );
    expect(flake.own).toBe(true);
    expect(flake.amount).toBeGreaterThan(0);
    expect(flake.amount).toBeLessThanOrEqual(1);
    expect((await debugState(page)).sentActions.at(-1)).toMatchObject({ tool: "flower", phase: "tap" });
    saveArtifact("mold-flake.png", await page.screenshot());
    await page.keyboard.press("3");
  });

  it("holds attract: DOWN, MOVEs and UP, and its mark while held", async () => {
    const page = desktop.page;
    await page.keyboard.press("1");
    const spot = freeSpot((await debugState(page)).rocks, [{ x: 1000, y: 450 }, { x: 600, y: 500 }, { x: 1200, y: 300 }]);
    const from = await worldToScreen(page, spot.x, spot.y);
    const already = (await debugState(page)).sentActions.length;
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++) {
      await page.mouse.move(from.x + i * 5, from.y + i * 2);
      await sleep(30);
    }
    const mark = await waitFor(page, (s) => s.mold?.marks.find((m) => m.tool === "attract" && m.own), "the held attract shows");
    expect(mark.radius).toBeGreaterThanOrEqual(0);
    saveArtifact("mold-attract.png", await page.screenshot());
    await page.mouse.up();
    await waitFor(page, (s) => !s.mold?.marks.some((m) => m.tool === "attract" && m.own) || undefined, "the attract is let go");
    const phases = (await debugState(page)).sentActions.slice(already).filter((x) => x.tool === "attract").map((x) => x.phase);
    expect(phases[0]).toBe("down");
    expect(phases.filter((p) => p === "move").length).toBeGreaterThanOrEqual(3);
    expect(phases.at(-1)).toBe("up");
    expect(phases).not.toContain("tap");
    await page.keyboard.press("3");
    expect(desktop.errors).toEqual([]);
  });

  it("on a phone: the settings in the ⋯ menu, a tap drops a flake, a finger holds attract", async () => {
    const context: BrowserContext = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(server.url);
    await waitConnected(page);
    await page.tap("#more-button");
    await watchMold(page, async () => {
      if (!(await page.isVisible("#more"))) await page.tap("#more-button");
      await page.tap('#more button[data-action="world"]');
    });
    if (!(await page.isVisible("#more"))) await page.tap("#more-button");
    const inMenu = await waitFor(page, (s) => s.mold?.panel.visible && s.mold.panel.inMenu && s.mold, "the settings are in the ⋯ menu");
    expect(await page.isVisible("#mold-settings")).toBe(true);
    saveArtifact("mold-phone-menu.png", await page.screenshot());
    const preset = inMenu.presets.find((p) => p.name !== inMenu.settings?.preset);
    if (!preset) throw new Error("no other preset");
    await page.tap(`#mold-settings button[data-preset="${preset.name}"]`);
    await waitFor(page, (s) => s.mold?.settings?.preset === preset.name, "the phone's preset is taken");
    await page.tap("#more-button");
    expect(await page.isVisible("#mold-settings"), "the settings go with the menu").toBe(false);

    await page.tap('#toolbar button[data-tool="flower"]');
    // In the phone's view: the meadow covers its screen, so it shows the middle of the world.
    const spot = freeSpot((await debugState(page)).rocks, [{ x: 700, y: 300 }, { x: 900, y: 650 }, { x: 750, y: 750 }]);
    const at = await worldToScreen(page, spot.x, spot.y);
    await tapUntil(page, () => page.touchscreen.tap(at.x, at.y), (s) => s.mold?.marks.find((m) => m.tool === "flower" && near(m, spot)), "the phone's flake lies there");

    await page.tap('#toolbar button[data-tool="attract"]');
    const hold = freeSpot((await debugState(page)).rocks, [{ x: 800, y: 450 }, { x: 700, y: 300 }, { x: 900, y: 600 }]);
    const p = await worldToScreen(page, hold.x, hold.y);
    const cdp = await context.newCDPSession(page);
    const touch = (type: "touchStart" | "touchMove" | "touchEnd", x: number, y: number) =>
      cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x, y }] });
    await touch("touchStart", p.x, p.y);
    for (let i = 1; i <= 8; i++) {
      await touch("touchMove", p.x + i * 4, p.y);
      await sleep(40);
    }
    await waitFor(page, (s) => s.mold?.marks.some((m) => m.tool === "attract" && m.own), "the finger's attract shows");
    saveArtifact("mold-phone.png", await page.screenshot());
    await touch("touchEnd", p.x + 32, p.y);
    const phases = await waitFor(page, (s) => s.sentActions.some((x) => x.tool === "attract" && x.phase === "up") && s.sentActions.filter((x) => x.tool === "attract").map((x) => x.phase), "the finger was lifted");
    expect(phases[0]).toBe("down");
    expect(phases.at(-1)).toBe("up");
    await waitFor(page, (s) => !s.mold?.marks.some((m) => m.tool === "attract" && m.own) || undefined, "the finger's attract is let go");
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
