// Phones fill the screen (docs/rules.md "The viewer · Phones"): at 390 × 844 (touch, mobile
// emulation) and in landscape the meadow covers the screen (measured on a screenshot of the meadow
// alone, and from where the world lies on screen), one finger drags the view with a tap tool and
// two fingers pinch it, a tap still places a rock that reaches the server, a finger still holds the
// predator, and the view still follows the camera when the world grows. Own server: it grows the
// world.
import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { debugState, dragFinger, launchChromium, saveArtifact, touch, waitConnected, waitForState as waitFor, worldShare, worldToScreen } from "./browser";
import { litPixels } from "./light-pixels";
import { sleep, startServer, type RunningServer } from "./server";

const PORTRAIT = { width: 390, height: 844 } as const;
const LANDSCAPE = { width: 844, height: 390 } as const;
/** Everything over the meadow that is not the meadow: hidden for the screenshot that measures it. */
const CHROME = ["toolbar", "sliders", "status", "notice", "help", "start", "more-button", "more", "sound", "order-gauge", "phase-caption"];
const OVER_THE_GROUND = ["light-layer", "rims-layer", "air-layer", "marks-layer"];
/** A pixel whose brightest channel is above this is painted ground, not the night outside the world. */
const GROUND_ABOVE = 11;

async function openPhone(browser: Browser, url: string, size: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession; errors: string[] }> {
  const context = await browser.newContext({ viewport: size, deviceScaleFactor: 1, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(url);
  await waitConnected(page);
  return { context, page, cdp: await context.newCDPSession(page), errors };
}

/** How much of the screen is painted meadow: a screenshot of the ground alone, pixels brighter than the night around the world. */
async function meadowShare(page: Page): Promise<number> {
  const hide = async (ids: readonly string[], hidden: boolean): Promise<void> =>
    page.evaluate(
      ([list, h]) => {
        for (const id of list as string[]) {
          const el = document.getElementById(id);
          if (el) el.style.visibility = h ? "hidden" : "";
        }
      },
      [ids, hidden] as const,
    );
  await waitFor(page, (s) => s.experience.ground.pending === 0 && s.experience.ground.tiles > 0, "the ground is painted", 20_000);
  await hide([...CHROME, ...OVER_THE_GROUND], true);
  const png = await page.screenshot();
  await hide([...CHROME, ...OVER_THE_GROUND], false);
  // The night outside the world is (2, 4, 5); the painted ground, darker edges and all, is clearly above it.
  const shot = await litPixels(page, png, GROUND_ABOVE);
  return shot.lit / shot.total;
}


describe("phones fill the screen", () => {
  let server: RunningServer;
  let browser: Browser;
  let phone: { context: BrowserContext; page: Page; cdp: CDPSession; errors: string[] };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
    phone = await openPhone(browser, server.url, PORTRAIT);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("covers a 390 × 844 portrait screen with the meadow (at least 90 %)", async () => {
    const page = phone.page;
    expect((await debugState(page)).look.covers).toBe(true);
    const geometry = await worldShare(page);
    const pixels = await meadowShare(page);
    const withChrome = await page.screenshot();
    saveArtifact("phone-cover-portrait.png", withChrome);
    console.log(`[e2e] phone 390×844: the world covers ${(100 * geometry).toFixed(1)} % of the screen, painted meadow ${(100 * pixels).toFixed(1)} % of the pixels (the 16:9 strip was about 26 %)`);
    expect(geometry).toBeGreaterThanOrEqual(0.9);
    expect(pixels).toBeGreaterThanOrEqual(0.9);
    expect(phone.errors).toEqual([]);
  });

  it("places a rock with a tap, which reaches the server", async () => {
    const page = phone.page;
    const s = await debugState(page);
    expect(s.tool).toBe("rock");
    const v = s.camera;
    // A spot in the view, clear of the rocks there are.
    const spots = [0.3, 0.5, 0.7].flatMap((fx) => [0.3, 0.6].map((fy) => ({ x: v.x + v.width * fx, y: v.y + v.height * fy })));
    const spot = spots.find((p) => s.rocks.every((r) => Math.hypot(r.x - p.x, r.y - p.y) > r.radius + 80));
    if (!spot) throw new Error("no free spot in the view");
    const at = await worldToScreen(page, spot.x, spot.y);
    await page.touchscreen.tap(at.x, at.y);
    const rock = await waitFor(page, (st) => st.rocks.find((r) => Math.hypot(r.x - spot.x, r.y - spot.y) < 4), "the tapped rock is on the server's list");
    // And away again with a tap on it, as the meadow was.
    await sleep(250);
    const on = await worldToScreen(page, rock.x, rock.y);
    await page.touchscreen.tap(on.x, on.y);
    await waitFor(page, (st) => !st.rocks.some((r) => r.id === rock.id) || undefined, "the rock is gone");
    expect(phone.errors).toEqual([]);
  });

  it("pans with one finger's drag (no rock placed) and zooms with a pinch", async () => {
    const { page, cdp } = phone;
    const before = await debugState(page);
    const scale = 390 / before.camera.width;
    const taps = before.sentActions.length;
    await dragFinger(cdp, { x: 250, y: 420 }, { x: 130, y: 420 });
    // The land followed the finger 120 px to the left: the view moved right by as much.
    const panned = await waitFor(page, (s) => s.camera.x > before.camera.x + 60 / scale && s.camera, "the view pans");
    expect(panned.x - before.camera.x).toBeCloseTo(120 / scale, -1);
    expect((await debugState(page)).sentActions.length, "a drag sends no tap").toBe(taps);
    expect((await debugState(page)).rocks.length).toBe(before.rocks.length);

    // Two fingers spread apart: closer in, the land between them staying under them.
    await touch(cdp, "touchStart", [{ x: 160, y: 400, id: 1 }]);
    await touch(cdp, "touchStart", [{ x: 160, y: 400, id: 1 }, { x: 230, y: 400, id: 2 }]);
    for (let i = 1; i <= 8; i++) {
      await touch(cdp, "touchMove", [{ x: 160 - i * 10, y: 400, id: 1 }, { x: 230 + i * 10, y: 400, id: 2 }]);
      await sleep(30);
    }
    await touch(cdp, "touchEnd", []);
    const zoomed = await waitFor(page, (s) => s.look.zoom > 1.5 && s, "the pinch zooms in");
    // (70 + 160) / 70 ≈ 3.3 apart, as far as the zoom goes.
    expect(zoomed.look.zoom).toBeGreaterThan(2.5);
    expect(zoomed.camera.width).toBeLessThan(panned.width / 2.5);
    expect(zoomed.sentActions.length, "a pinch sends no tap").toBe(taps);
    saveArtifact("phone-cover-zoomed.png", await page.screenshot());
    // Still covered: zooming in never shows the night.
    expect(await worldShare(page)).toBeGreaterThanOrEqual(0.999);
    // Pinched back out as far as it goes: the covering view again.
    await touch(cdp, "touchStart", [{ x: 60, y: 400, id: 3 }, { x: 330, y: 400, id: 4 }]);
    for (let i = 1; i <= 8; i++) {
      await touch(cdp, "touchMove", [{ x: 60 + i * 15, y: 400, id: 3 }, { x: 330 - i * 15, y: 400, id: 4 }]);
      await sleep(30);
    }
    await touch(cdp, "touchEnd", []);
    await waitFor(page, (s) => s.look.zoom === 1 || undefined, "the pinch zooms back out to the cover");
    expect(phone.errors).toEqual([]);
  });

  it("still holds the predator with a finger", async () => {
    const { page, cdp } = phone;
    await page.tap('#toolbar button[data-tool="predator"]');
    const v = (await debugState(page)).camera;
    const spot = { x: v.x + v.width / 2, y: v.y + v.height / 2 };
    const at = await worldToScreen(page, spot.x, spot.y);
    await touch(cdp, "touchStart", [{ x: at.x, y: at.y, id: 5 }]);
    for (let i = 1; i <= 5; i++) {
      await touch(cdp, "touchMove", [{ x: at.x + i * 4, y: at.y, id: 5 }]);
      await sleep(40);
    }
    await waitFor(page, (s) => s.marks.find((m) => m.tool === "predator" && m.own && Math.hypot(m.x - spot.x, m.y - spot.y) < 60), "the finger's predator is on the meadow");
    // The finger held the tool: the view stayed.
    expect((await debugState(page)).camera.x).toBeCloseTo(v.x, 6);
    await touch(cdp, "touchEnd", []);
    await waitFor(page, (s) => !s.marks.some((m) => m.tool === "predator" && m.own) || undefined, "the predator goes with the finger");
    await page.tap('#toolbar button[data-tool="rock"]');
    expect(phone.errors).toEqual([]);
  });

  it("follows the camera as the world grows", async () => {
    const { page } = phone;
    const before = await debugState(page);
    const share = before.camera.height / (before.cameraTarget?.height ?? 900);
    await page.tap("#more-button");
    // 3,000 → 4,500 → 6,750: past 6,000 a meadow, the world grows.
    for (let i = 0; i < 2; i++) {
      await page.tap('#more button[data-action="count-more"]');
      await sleep(600);
    }
    await page.tap("#more-button");
    const target = await waitFor(page, (s) => (s.cameraTarget?.width ?? 0) > before.worldBounds.width * 1.05 && s.cameraTarget, "the camera aims at a grown world", 20_000);
    const after = await waitFor(page, (s) => Math.abs(s.camera.height / target.height - share) < 0.01 && s, "the phone's view glides out with the camera", 20_000);
    expect(after.camera.height).toBeGreaterThan(before.camera.height * 1.05);
    expect(await worldShare(page)).toBeGreaterThanOrEqual(0.9);
    saveArtifact("phone-cover-grown.png", await page.screenshot());
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  }, 90_000);

  it("covers a landscape phone too", async () => {
    const land = await openPhone(browser, server.url, LANDSCAPE);
    const geometry = await worldShare(land.page);
    const pixels = await meadowShare(land.page);
    saveArtifact("phone-cover-landscape.png", await land.page.screenshot());
    console.log(`[e2e] phone 844×390: the world covers ${(100 * geometry).toFixed(1)} % of the screen, painted meadow ${(100 * pixels).toFixed(1)} % of the pixels`);
    expect(geometry).toBeGreaterThanOrEqual(0.9);
    expect(pixels).toBeGreaterThanOrEqual(0.9);
    expect(land.errors).toEqual([]);
    await land.context.close();
  }, 90_000);
});
