// The viewer against the real server in Debian's Chromium: it loads and connects, the light
// moves, and rocks placed or removed by one viewer are seen by another.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { compareLight, debugState, launchChromium, openViewer, saveArtifact, waitConnected, worldToScreen, SHOWN_WITHIN_MS } from "./browser";
import { sleep } from "./server";

interface RockLike {
  readonly x: number;
  readonly y: number;
  readonly radius: number;
}

const near = (r: RockLike, x: number, y: number, within = 3): boolean => Math.hypot(r.x - x, r.y - y) <= within;

async function waitForRocks(page: Page, predicate: (rocks: readonly RockLike[]) => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rocks } = await debugState(page);
    if (predicate(rocks)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}; rocks: ${JSON.stringify(rocks)}`);
    await sleep(100);
  }
}

describe("viewer against the real server", () => {
  const baseUrl = inject("baseUrl");
  let browser: Browser;
  let first: { page: Page; errors: string[] };
  let second: { page: Page; errors: string[] };

  beforeAll(async () => {
    browser = await launchChromium();
    first = await openViewer(browser, baseUrl);
    // One page at a time: on a software GPU a second page's start (painting, compositing) can
    // hold up the first one's light worker making its WebGL context for many seconds.
    await waitConnected(first.page);
    second = await openViewer(browser, baseUrl);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("loads, connects and shows the figures", async () => {
    await waitConnected(first.page);
    await waitConnected(second.page);
    const state = await debugState(first.page);
    expect(state.lightAvailable).toBe(true);
    expect(state.tool).toBe("rock");
    expect(state.fireflies).toBe(3000);
    expect(state.decodeErrors).toBe(0);
    await first.page.waitForFunction(() => (window.__meadow?.viewers ?? 0) >= 2, undefined, { timeout: SHOWN_WITHIN_MS });
    // The status line is refreshed four times a second: it catches up with the hook soon after.
    await first.page.waitForFunction(() => /3,000 fireflies · [\d,]+ fed · \d+ fps · \d+ viewers/.test(document.getElementById("status")?.textContent ?? ""), undefined, {
      timeout: SHOWN_WITHIN_MS,
    });
    saveArtifact("viewer.png", await first.page.screenshot());
    expect(first.errors).toEqual([]);
  }, 90_000);

  it("shows moving fireflies in the light layer", async () => {
    const page = first.page;
    // Hide what lies under and over the light (the ground, the rocks, the drifting motes), so
    // only the fireflies' light is on the screenshot.
    await page.evaluate(() => {
      for (const id of ["meadow-layer", "rocks-layer", "air-layer", "status", "notice"]) {
        const el = document.getElementById(id);
        if (el) el.style.visibility = "hidden";
      }
    });
    const light = page.locator("#light-layer");
    const before = (await debugState(page)).experience.timings;
    const a = await light.screenshot();
    // The light moves: within 0.5 s on a quiet machine; on a loaded one (headless Chromium
    // composites in software) its next frame can take seconds to reach a screenshot.
    let b = await light.screenshot();
    let cmp = await compareLight(page, a, b);
    for (const deadline = Date.now() + 5000; cmp.changed <= cmp.total * 0.001 && Date.now() < deadline; ) {
      await sleep(250);
      b = await light.screenshot();
      cmp = await compareLight(page, a, b);
    }
    saveArtifact("light-a.png", a);
    saveArtifact("light-b.png", b);
    await page.evaluate(() => {
      for (const id of ["meadow-layer", "rocks-layer", "air-layer", "status", "notice"]) {
        const el = document.getElementById(id);
        if (el) el.style.visibility = "";
      }
    });
    expect(cmp.litA, "lit pixels in the first picture").toBeGreaterThan(cmp.total * 0.002);
    expect(cmp.litB, "lit pixels in the second picture").toBeGreaterThan(cmp.total * 0.002);
    const after = (await debugState(page)).experience.timings;
    const drawn = `light frames decoded ${after.decode.count - before.decode.count}, drawn ${after.lightDraw.count - before.lightDraw.count} meanwhile`;
    expect(cmp.changed, `pixels that changed within 5 s (${drawn})`).toBeGreaterThan(cmp.total * 0.001);
  });

  it("places a rock that the other viewer sees, and removes it for both", async () => {
    const before = (await debugState(first.page)).rocks;
    // A spot well away from any rock the server already has.
    const spots = [[420, 300], [1180, 620], [800, 200], [300, 700], [1300, 250]] as const;
    const spot = spots.find(([x, y]) => before.every((r) => Math.hypot(r.x - x, r.y - y) > r.radius + 80));
    if (!spot) throw new Error("no free spot for a rock");
    const [x, y] = spot;

    const at = await worldToScreen(first.page, x, y);
    await first.page.mouse.click(at.x, at.y);
    const placed = (rocks: readonly RockLike[]) => rocks.some((r) => near(r, x, y));
    await waitForRocks(first.page, placed, "the first viewer has the new rock");
    await waitForRocks(second.page, placed, "the second viewer has the new rock");

    // The second viewer draws it: the rocks canvas is opaque grey at the rock's centre.
    const onB = await worldToScreen(second.page, x, y);
    const pixel = await second.page.evaluate(([px, py]) => {
      const canvas = document.getElementById("rocks-layer") as HTMLCanvasElement;
      const d = canvas.getContext("2d")?.getImageData(Math.round(px * devicePixelRatio), Math.round(py * devicePixelRatio), 1, 1).data;
      return d ? Array.from(d) : [];
    }, [onB.x, onB.y] as const);
    expect(pixel[3]).toBe(255);
    expect(pixel[0]).toBeGreaterThan(40);
    saveArtifact("rock-placed.png", await second.page.screenshot());

    // A tap on the rock from the other viewer removes it for everyone.
    const rock = (await debugState(second.page)).rocks.find((r) => near(r, x, y));
    if (!rock) throw new Error("rock vanished");
    const onRock = await worldToScreen(second.page, rock.x, rock.y);
    await second.page.mouse.click(onRock.x, onRock.y);
    const gone = (rocks: readonly RockLike[]) => !rocks.some((r) => near(r, x, y));
    await waitForRocks(second.page, gone, "the second viewer lost the rock");
    await waitForRocks(first.page, gone, "the first viewer lost the rock");
    expect(first.errors).toEqual([]);
    expect(second.errors).toEqual([]);
  });
});
