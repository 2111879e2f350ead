// The colony against the real server (docs/rules.md "The colony"): after w the page shows the
// colony — glowing fireflies around the stump, checked in the canvas's pixels —; a flower dropped
// by one viewer appears on another; a fourth flower is refused with a notice on the page; w brings
// the swarm back. This file runs its own server, since it fills the meadow with flowers. The colony
// lives from the server's start and its wanderers leave the stump within a few seconds, so the
// first page is ready before the server starts and asks for the colony as soon as it has loaded.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canvasGlow, canvasPixel, debugState, framesLater, launchChromium, tapUntil, openViewer, saveArtifact, waitConnected, worldToScreen, waitForState as waitFor, type DebugState, DESKTOP_VIEWPORT, SHOWN_WITHIN_MS } from "./browser";
import { startServer, type RunningServer } from "./server";

type ColonyState = NonNullable<DebugState["colony"]>;
interface Spot {
  readonly x: number;
  readonly y: number;
}


/** Presses w and waits until the page draws the colony. */
async function watchColony(page: Page): Promise<ColonyState> {
  await page.keyboard.press("w");
  return waitFor(page, (s) => s.world === "colony" && s.colony && s.colony.drawn > 0 && s.colony, "the page draws the colony");
}

/**
 * Spots for flowers on the meadow, each at least `apart` units from the others, `clear` units
 * from the stump's centre and well away from every rock.
 */
function flowerSpots(colony: ColonyState, rocks: DebugState["rocks"], count: number, apart = 150, clear = 250): Spot[] {
  const stump = colony.stump ?? { x: 150, y: 760, radius: 30 };
  const out: Spot[] = [];
  for (let y = 150; y <= 750 && out.length < count; y += 150) {
    for (let x = 500; x <= 1450 && out.length < count; x += 190) {
      const free =
        Math.hypot(x - stump.x, y - stump.y) > clear &&
        rocks.every((r) => Math.hypot(r.x - x, r.y - y) > r.radius + 60) &&
        out.every((p) => Math.hypot(p.x - x, p.y - y) >= apart);
      if (free) out.push({ x, y });
    }
  }
  if (out.length < count) throw new Error(`only ${out.length} free spots for flowers`);
  return out;
}

async function clickWorld(page: Page, spot: Spot): Promise<void> {
  const at = await worldToScreen(page, spot.x, spot.y);
  await page.mouse.click(at.x, at.y);
}

/** World units around the stump that count as "near" it. */
const NEAR_UNITS = 250;

const hasFlowerAt = (c: ColonyState | undefined, spot: Spot) => c?.flowers.find((f) => Math.hypot(f.x - spot.x, f.y - spot.y) < 3);

describe("the colony against the real server", () => {
  let server: RunningServer;
  let browser: Browser;
  let a: { page: Page; errors: string[] };
  let b: { page: Page; errors: string[] };

  beforeAll(async () => {
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: DESKTOP_VIEWPORT, deviceScaleFactor: 1 });
    a = { page: await context.newPage(), errors: [] };
    a.page.on("pageerror", (e) => a.errors.push(e.message));
    server = await startServer();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("shows the colony after w: fireflies glowing around the stump, its store, the status", async () => {
    const page = a.page;
    const t0 = Date.now();
    await page.goto(server.url);
    // Before the link is up: the choice is remembered and asked for right after the Welcome.
    await page.keyboard.press("w");
    const colony = await waitFor(page, (s) => s.world === "colony" && s.colony && s.colony.drawn > 0 && s.colony, "the page draws the colony");
    const drawnAfterMs = Date.now() - t0;
    await framesLater(page); // past the first glide between frames

    // Soon after the start (they wander off within seconds), fireflies glow around the stump:
    // many lit pixels in the light canvas there, mostly green (light is life: the fireflies
    // start with at least half their energy).
    const stump = colony.stump ?? { x: 0, y: 0, radius: 0 };
    const near = await page.evaluate(([x, y, r]) => window.__meadow?.firefliesNear(x, y, r) ?? 0, [stump.x, stump.y, NEAR_UNITS] as const);
    console.log(`[colony] drawn ${drawnAfterMs} ms after the page was opened; ${near} of ${colony.fireflies} fireflies within ${NEAR_UNITS} units of the stump`);
    expect(near, "fireflies near the stump").toBeGreaterThanOrEqual(5);
    const centre = await worldToScreen(page, stump.x, stump.y);
    const scale = (await worldToScreen(page, stump.x + 100, stump.y)).x - centre.x; // px per 100 units
    const light = await canvasGlow(page, "colony-light", centre.x, centre.y, (scale * NEAR_UNITS) / 100);
    saveArtifact("colony.png", await page.screenshot());
    expect(light.lit, "lit pixels near the stump").toBeGreaterThan(100);
    expect(light.green, "the glow is mostly green").toBeGreaterThan(light.red);
    expect(colony.stump, "the frames carry the stump").toBeDefined();
    expect(colony.size, "about 50 fireflies at the start").toBeGreaterThanOrEqual(40);
    expect(colony.size).toBeLessThanOrEqual(60);
    expect(colony.store).toBeGreaterThan(0.4);
    expect(colony.store).toBeLessThanOrEqual(1);
    expect(colony.flowers).toEqual([]);
    const s = await debugState(page);
    expect(s.chosenWorld).toBe("colony");
    expect(s.worlds, "w goes through the worlds the Welcome lists").toEqual(["swarm", "colony", "mold", "pond", "plate"]);
    expect(s.worldBounds).toEqual({ x: 0, y: 0, width: 1600, height: 900 });
    // The stump itself is painted (opaque) where the frames put it.
    const wood = await canvasPixel(page, "colony-layer", centre.x, centre.y - stump.radius * (scale / 100) * 0.65);
    expect(wood[3], "the stump is painted").toBe(255);
    expect(await page.isHidden("#light-layer"), "the swarm's light is put away").toBe(true);
    await page.waitForFunction(() => /\d+ fireflies · store \d+ % · no flowers · \d+ fps · \d+ viewers? · \d+ ms/.test(document.getElementById("status")?.textContent ?? ""), undefined, {
      timeout: 10_000,
    });
    expect(a.errors).toEqual([]);
  });

  it("drops a flower with key 2 that a second viewer in the colony sees", async () => {
    b = await openViewer(browser, server.url);
    await waitConnected(b.page);
    await watchColony(b.page);
    const page = a.page;
    const s = await debugState(page);
    const [spot] = flowerSpots(s.colony as ColonyState, s.rocks, 1);
    if (!spot) throw new Error("no spot");
    await page.keyboard.press("2");
    // On the stump there is no room for a flower: the server says so, and the page shows it.
    const stump = (s.colony as ColonyState).stump ?? { x: 150, y: 760, radius: 30 };
    await clickWorld(page, stump);
    const noRoom = await waitFor(page, (st) => st.notices.find((n) => n.code === "no_room"), "the no_room notice");
    await page.waitForFunction((text) => document.getElementById("notice")?.textContent === text, noRoom.text, { timeout: SHOWN_WITHIN_MS });
    await tapUntil(page, () => clickWorld(page, spot), (st) => hasFlowerAt(st.colony, spot), "the flower stands");
    expect((await debugState(page)).sentActions.at(-1)).toMatchObject({ tool: "flower", phase: "tap", x: spot.x, y: spot.y });
    const seen = await waitFor(b.page, (st) => hasFlowerAt(st.colony, spot), "the second viewer has the flower");
    expect(seen.sips).toBeGreaterThan(80);
    expect(seen.sipsFull).toBe(90);
    await waitFor(page, (st) => hasFlowerAt(st.colony, spot), "the first viewer has it too");
    // The second viewer paints it where the flower stands (in front, as a person watching it:
    // a page in the background gets no animation frames).
    await b.page.bringToFront();
    const at = await worldToScreen(b.page, spot.x, spot.y);
    const painted = await b.page
      .waitForFunction(
        ([x, y]) => {
          const c = document.getElementById("colony-layer") as HTMLCanvasElement;
          return (c.getContext("2d")?.getImageData(Math.round(x * devicePixelRatio), Math.round(y * devicePixelRatio), 1, 1).data[3] ?? 0) > 200;
        },
        [at.x, at.y] as const,
        // Generous: on a busy two-core machine headless Chromium gets a few frames a second.
        { timeout: 15_000 },
      )
      .then(() => true)
      .catch(() => false);
    saveArtifact("colony-flower.png", await b.page.screenshot());
    expect(painted, "the flower is painted on the second page").toBe(true);
    await b.page.waitForFunction(() => / 1 flower · /.test(document.getElementById("status")?.textContent ?? ""), undefined, { timeout: SHOWN_WITHIN_MS });
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });

  it("refuses a fourth flower with a notice on the page", async () => {
    const page = a.page;
    await page.bringToFront();
    const s = await debugState(page);
    const colony = s.colony as ColonyState;
    const limit = colony.maxDroppedFlowers;
    expect(limit).toBe(3);
    // Spots apart from each other and from the flower already there.
    const spots = flowerSpots(colony, s.rocks, 6).filter((p) => colony.flowers.every((f) => Math.hypot(f.x - p.x, f.y - p.y) >= 150));
    // One viewer may drop two of the three (its own cap): the two viewers fill the meadow.
    const more = spots.slice(0, limit - colony.flowers.length);
    await b.page.keyboard.press("2");
    for (const [i, spot] of more.entries()) {
      const dropper = i === 0 ? page : b.page;
      await tapUntil(dropper, () => clickWorld(dropper, spot), (st) => hasFlowerAt(st.colony, spot), `a flower at ${spot.x}, ${spot.y}`);
    }
    await waitFor(page, (st) => st.colony?.flowers.length === limit, `${limit} flowers on the meadow`);
    const fourth = spots[limit - colony.flowers.length];
    if (!fourth) throw new Error("no spot for a fourth flower");
    const noticesBefore = (await debugState(page)).notices.length;
    // Past this viewer's tap cooldown, so that it is the meadow's limit that answers.
    await tapUntil(page, () => clickWorld(page, fourth), (st) => st.notices.slice(noticesBefore).some((n) => n.code === "flower_limit"), "the flower_limit notice");
    const notice = await waitFor(page, (st) => st.notices.slice(noticesBefore).find((n) => n.code === "flower_limit"), "the flower_limit notice");
    expect(notice.text.length).toBeGreaterThan(10);
    // People see it: the toast shows the server's text.
    await page.waitForFunction((text) => {
      const el = document.getElementById("notice");
      return el !== null && !el.hidden && el.textContent === text;
    }, notice.text, { timeout: SHOWN_WITHIN_MS });
    saveArtifact("colony-flower-limit.png", await page.screenshot());
    await framesLater(page); // frames made after the refusal
    const after = await debugState(page);
    expect(after.colony?.flowers.length, "still three flowers").toBe(limit);
    expect(hasFlowerAt(after.colony, fourth)).toBeUndefined();
    expect(a.errors).toEqual([]);
  });

  it("refuses attract and predator in the colony with a notice; rocks work as in the swarm", async () => {
    const page = a.page;
    const s = await debugState(page);
    const spot = flowerSpots(s.colony as ColonyState, s.rocks, 8).filter((p) => (s.colony?.flowers ?? []).every((f) => Math.hypot(f.x - p.x, f.y - p.y) >= 150))[0];
    if (!spot) throw new Error("no free spot");
    const before = s.notices.length;
    await page.keyboard.press("1");
    await clickWorld(page, spot);
    await waitFor(page, (st) => st.notices.slice(before).some((n) => n.code === "tool_unavailable"), "attract refused");
    const mid = (await debugState(page)).notices.length;
    await page.keyboard.press("4");
    const at = await worldToScreen(page, spot.x, spot.y);
    await page.mouse.move(at.x, at.y);
    await page.mouse.down();
    await page.mouse.move(at.x + 20, at.y, { steps: 3 });
    await page.mouse.up();
    await waitFor(page, (st) => st.notices.slice(mid).some((n) => n.code === "tool_unavailable"), "predator refused");
    // A rock placed in the colony is everyone's rock; tapped again it goes.
    await page.keyboard.press("3");
    await tapUntil(page, () => clickWorld(page, spot), (st) => st.rocks.some((r) => Math.hypot(r.x - spot.x, r.y - spot.y) < 4), "the rock stands");
    const rock = await waitFor(b.page, (st) => st.rocks.find((r) => Math.hypot(r.x - spot.x, r.y - spot.y) < 4), "the second viewer has the rock");
    await tapUntil(page, () => clickWorld(page, rock), (st) => !st.rocks.some((r) => r.id === rock.id) || undefined, "the rock is gone");
    await waitFor(b.page, (st) => !st.rocks.some((r) => r.id === rock.id) || undefined, "the second viewer has it gone");
    expect(a.errors).toEqual([]);
  });

  it("goes back to the swarm with w (past the mold, the pond and the plate): its light, marks and sliders again", async () => {
    const page = a.page;
    const before = await debugState(page);
    await page.keyboard.press("w");
    await waitFor(page, (s) => s.world === "mold", "w after the colony: the mold");
    await page.keyboard.press("w");
    await waitFor(page, (s) => s.world === "pond", "w after the mold: the pond");
    await page.keyboard.press("w");
    await waitFor(page, (s) => s.world === "plate", "w after the pond: the plate");
    await page.keyboard.press("w");
    await waitFor(page, (s) => s.world === "swarm" && s.frames > before.frames + 10, "swarm light frames again");
    const s = await debugState(page);
    expect(s.colony).toBeUndefined();
    expect(s.decodeErrors).toBe(0);
    // The first swarm frame after the switch is a key frame: none had to be dropped.
    expect(s.droppedFrames).toBe(before.droppedFrames);
    expect(s.fireflies).toBe(3000);
    expect(await page.isVisible("#light-layer")).toBe(true);
    expect(await page.isVisible("#sliders")).toBe(true);
    await page.waitForFunction(() => /3,000 fireflies · [\d,]+ fed · \d+ fps/.test(document.getElementById("status")?.textContent ?? ""), undefined, { timeout: SHOWN_WITHIN_MS });
    expect(a.errors).toEqual([]);
  });
});
