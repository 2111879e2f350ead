// The pond against the real server (docs/rules.md "The pond"): w goes on to the pond; its school is
// drawn over the meadow's pond, its settings panel comes from its schema; the viewer starts there
// with the flower, so a tap on open water drops a crumb that the fish come for and eat (the fed
// count in the status line climbs, the crumb goes); f throws a handful the server scatters over
// the water, in one message; the predator follows a hovering mouse. On a phone the same from the
// ⋯ menu and a finger. This file runs its own server, since it feeds the shared pond.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pondOf, shoreAt, type Pond } from "../src/land/land-features";
import { canvasBox, debugState, launchChromium, openViewer, saveArtifact, tapUntil, viewAtRest, waitConnected, waitForState as waitFor, watchWorld, worldToScreen, type DebugState, SHOWN_WITHIN_MS } from "./browser";
import { sleep, startServer, type RunningServer } from "./server";

type PondDebug = NonNullable<DebugState["pond"]>;
type Spot = { readonly x: number; readonly y: number };

/** How long the fish may take to find and eat a crumb on a slow machine: they usually do in seconds. */
const EATEN_WITHIN_MS = 60_000;
/** Crumbs in a handful (server/sim/pond/pond_rules.hpp kHandful). */
const HANDFUL = 6;

/** Presses w (or taps the ⋯ menu's world button) until the page draws the pond's fish. */
function watchPond(page: Page, press: () => Promise<void>): Promise<PondDebug> {
  return watchWorld(page, "pond", press, (s) => s.pond && s.pond.fishDrawn > 0 && s.pond, "the page draws the pond's fish");
}

/** The fed count the status line shows now. */
async function fedShown(page: Page): Promise<number> {
  const text = (await page.textContent("#status")) ?? "";
  const m = /([\d,]+) fed/.exec(text);
  if (!m?.[1]) throw new Error(`no fed count in the status line: ${text}`);
  return Number(m[1].replace(/,/g, ""));
}

/** Open water at (x, y): well inside the shore and clear of every lily pad. */
function openWater(pond: Pond, x: number, y: number): boolean {
  const dx = (x - pond.x) / pond.rx;
  const dy = (y - pond.y) / pond.ry;
  if (Math.hypot(dx, dy) > shoreAt(pond, Math.atan2(dy, dx)) * 0.85) return false;
  return pond.pads.every((l) => Math.hypot(x - l.x, y - l.y) > l.r + 5);
}

/**
 * A spot of open water on the stage (not under a button or panel) near the school: about 20
 * units from its nearest fish, so the crumb is seen before a fish reaches it; nearest that on
 * screen.
 */
async function feedingSpot(page: Page, s: DebugState): Promise<{ spot: Spot; at: Spot }> {
  const pond = pondOf(0, 0, s.worldBounds);
  const p = s.pond;
  if (!pond || !p) throw new Error("no pond");
  const nearestFish = (x: number, y: number): number => Math.min(...p.fishAt.map((f) => Math.hypot(f.x - x, f.y - y)));
  const spots: Spot[] = [];
  for (let y = pond.bounds.y; y < pond.bounds.y + pond.bounds.height; y += 4) {
    for (let x = pond.bounds.x; x < pond.bounds.x + pond.bounds.width; x += 4) if (openWater(pond, x, y)) spots.push({ x, y });
  }
  spots.sort((a, b) => Math.abs(nearestFish(a.x, a.y) - 20) - Math.abs(nearestFish(b.x, b.y) - 20));
  const found = await page.evaluate((candidates) => {
    const m = window.__meadow;
    if (!m) throw new Error("no debug hook");
    for (const c of candidates) {
      const at = m.worldToScreen(c.x, c.y);
      if (at.x < 24 || at.y < 24 || at.x > innerWidth - 24 || at.y > innerHeight - 24) continue;
      if (document.elementFromPoint(at.x, at.y)?.closest("#stage")) return { spot: c, at };
    }
    return undefined;
  }, spots);
  if (!found) throw new Error("no open water on the stage");
  return found;
}

/**
 * Taps the water (again after a "too soon") until this viewer's crumb lies there (or was seen
 * eaten there already), then waits, watching every frame it can, until the fed count has climbed
 * and the crumb is gone. Returns the crumb's id and the fed counts.
 */
async function feedOnce(page: Page, tap: (at: Spot) => Promise<void>): Promise<{ id: number; fedBefore: number; fedAfter: number; ms: number }> {
  // Where a tap lands in the world moves while the camera still glides to the pond.
  const s = await viewAtRest(page);
  expect(s.tool, "the pond starts the viewer on the flower").toBe("flower");
  const before = new Set(s.pond!.crumbList.map((c) => c.id));
  const { at } = await feedingSpot(page, s);
  const fedBefore = await fedShown(page);
  const started = Date.now();
  // The crumb lies where the tap went out (the sent action's world position).
  const tapped = (t: DebugState): Spot[] => t.sentActions.slice(s.sentActions.length).filter((a) => a.tool === "flower" && a.phase === "tap");
  const near = (t: DebugState, c: Spot): boolean => !before.has((c as { id?: number }).id ?? -1) && tapped(t).some((a) => Math.hypot(c.x - a.x, c.y - a.y) < 1);
  const id = await tapUntil(
    page,
    () => tap(at),
    (t) => (t.pond?.crumbList.find((c) => c.own && near(t, c)) ?? t.pond?.recentEaten.find((e) => near(t, e)))?.id,
    "the crumb lies on the water",
    SHOWN_WITHIN_MS,
  );
  // Every look counts: the fed count only climbs, and a crumb once gone stays gone.
  let gone = false;
  let fedAfter = fedBefore;
  for (;;) {
    const t = await debugState(page);
    if (!t.pond?.crumbList.some((c) => c.id === id)) gone = true;
    fedAfter = Math.max(fedAfter, await fedShown(page));
    if (gone && fedAfter > fedBefore) break;
    if (Date.now() - started > EATEN_WITHIN_MS) throw new Error(`the crumb ${id} was not eaten within ${EATEN_WITHIN_MS} ms (gone ${gone}, fed ${fedBefore} → ${fedAfter})`);
    await sleep(200);
  }
  return { id, fedBefore, fedAfter, ms: Date.now() - started };
}

/**
 * Throws food (`throwFood`) and watches the crumbs newer than any seen so far come into the pond
 * for a few seconds: returns their ids (the fish may eat some between two looks) and the state then.
 */
async function throwHandful(page: Page, throwFood: () => Promise<void>): Promise<{ added: Set<number>; before: DebugState; after: DebugState }> {
  const before = await debugState(page);
  const known = [...before.pond!.crumbList.map((c) => c.id), ...before.pond!.recentEaten.map((e) => e.id)];
  const newest = known.length > 0 ? Math.max(...known) : -1;
  await throwFood();
  const added = new Set<number>();
  let firstAt: number | undefined;
  const deadline = Date.now() + SHOWN_WITHIN_MS;
  for (;;) {
    const s = await debugState(page);
    for (const c of [...(s.pond?.crumbList ?? []), ...(s.pond?.recentEaten ?? [])]) if (c.id > newest) added.add(c.id);
    if (added.size > 0) firstAt ??= Date.now();
    if (added.size >= HANDFUL || (firstAt !== undefined && Date.now() - firstAt > 3000)) return { added, before, after: s };
    if (Date.now() > deadline) throw new Error("no crumb of the handful came");
    await sleep(100);
  }
}

/** The newest handful message went out once, and no flower taps with it (the swarm's way of throwing). */
function oneMessage(before: DebugState, after: DebugState): void {
  expect(after.pond!.handfuls.length, "one handful message").toBe(before.pond!.handfuls.length + 1);
  expect(after.sentActions.slice(before.sentActions.length).filter((a) => a.tool === "flower"), "no spaced taps").toEqual([]);
  const refusals = after.notices.slice(before.notices.length).map((n) => n.code);
  expect(refusals.filter((c) => c.startsWith("food_limit") || c === "too_fast"), "nothing refused").toEqual([]);
}

describe("the pond against the real server", () => {
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

  it("goes to the pond with w: its fish drawn over the water, its panels, its card", async () => {
    const page = desktop.page;
    const pond = await watchPond(page, () => page.keyboard.press("w"));
    expect(pond.fish).toBeGreaterThan(0);
    expect(pond.fishDrawn).toBe(pond.fish);
    expect(pond.fish).toBe(pond.settings?.values.fish);
    // The water the server swims in is the pond the ground paints.
    expect(pond.water!.x).toBeCloseTo(pond.drawnPond!.bounds.x, 1);
    expect(pond.water!.width).toBeCloseTo(pond.drawnPond!.bounds.width, 1);
    await page.waitForFunction(() => /\d+ fish · [\d,]+ fed/.test(document.getElementById("status")?.textContent ?? ""), undefined, { timeout: SHOWN_WITHIN_MS });
    // The water is painted (opaque) round the pond's middle; the fish move.
    const middle = await worldToScreen(page, pond.drawnPond!.x, pond.drawnPond!.y);
    const box = await canvasBox(page, "pond-layer", middle.x, middle.y, 20, 200);
    expect(box.lit, "the pond's water is painted").toBeGreaterThan(400);
    const first = pond.fishAt[0]!;
    await waitFor(page, (s) => s.pond && Math.hypot(s.pond.fishAt[0]!.x - first.x, s.pond.fishAt[0]!.y - first.y) > 1 && s.pond, "the fish swim", SHOWN_WITHIN_MS);
    expect(await page.isVisible("#pond-settings"), "the pond's settings are out").toBe(true);
    expect(await page.isVisible("#pond-actions"), "its throw-food button beside them").toBe(true);
    expect(await page.isHidden("#sliders"), "the swarm's sliders are put away").toBe(true);
    saveArtifact("pond.png", await page.screenshot());
    await page.keyboard.press("i");
    expect(await page.textContent("#world-card h2")).toContain("pond");
    expect(await page.getAttribute("#world-card a", "href")).toBe("https://doi.org/10.1016/S0003-3472(86)80208-1");
    await page.keyboard.press("i");
    expect(desktop.errors).toEqual([]);
  }, 120_000);

  it("a click on the water drops a crumb; the fish eat it: fed climbs, the crumb goes", async () => {
    const page = desktop.page;
    const fed = await feedOnce(page, (at) => page.mouse.click(at.x, at.y));
    console.log(`[e2e] pond: crumb ${fed.id} eaten, fed ${fed.fedBefore} → ${fed.fedAfter} in ${fed.ms} ms`);
    expect(desktop.errors).toEqual([]);
  }, 120_000);

  it("f throws a handful over the water in one message", async () => {
    const page = desktop.page;
    const { added, before, after } = await throwHandful(page, () => page.keyboard.press("f"));
    expect(added.size).toBeGreaterThanOrEqual(1);
    expect(added.size).toBeLessThanOrEqual(HANDFUL);
    oneMessage(before, after);
    const water = after.pond!.water!;
    for (const c of after.pond!.crumbList.filter((k) => added.has(k.id))) {
      expect(c.x).toBeGreaterThan(water.x);
      expect(c.x).toBeLessThan(water.x + water.width);
      expect(c.own).toBe(true);
    }
    saveArtifact("pond-handful.png", await page.screenshot());
    expect(desktop.errors).toEqual([]);
  }, 60_000);

  it("the predator follows a hovering mouse; a palette from the schema's presets recolours the pond", async () => {
    const page = desktop.page;
    await page.keyboard.press("4");
    const s = await debugState(page);
    const at = await worldToScreen(page, s.pond!.drawnPond!.x, s.pond!.drawnPond!.y);
    await page.mouse.move(at.x - 10, at.y);
    await page.mouse.move(at.x + 10, at.y, { steps: 4 });
    await waitFor(page, (t) => t.pond?.predators.some((p) => p.own), "this viewer's predator is over the pond", SHOWN_WITHIN_MS);
    await page.keyboard.press("2");
    const other = s.pond!.palette === "arctic" ? "deep" : "arctic";
    await page.click(`#pond-settings button[data-preset="${other}"]`);
    await waitFor(page, (t) => t.pond?.palette === other, `the pond is ${other}`, SHOWN_WITHIN_MS);
    saveArtifact(`pond-${other}.png`, await page.screenshot());
    expect(desktop.errors).toEqual([]);
  }, 60_000);

  it("on a phone: to the pond from the ⋯ menu, a finger feeds the fish, the menu throws a handful", async () => {
    const context: BrowserContext = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(server.url);
    await waitConnected(page);
    await page.tap("#more-button");
    const pond = await watchPond(page, async () => {
      if (!(await page.isVisible("#more"))) await page.tap("#more-button");
      await page.tap('#more button[data-action="world"]');
    });
    if (await page.isVisible("#more")) await page.tap("#more-button");
    expect(pond.fishDrawn).toBe(pond.fish);
    // Its throw-food button stays off the menu, which has its own.
    expect(await page.isHidden("#pond-actions")).toBe(true);
    const fed = await feedOnce(page, (at) => page.touchscreen.tap(at.x, at.y));
    console.log(`[e2e] pond on a phone: crumb ${fed.id} eaten, fed ${fed.fedBefore} → ${fed.fedAfter} in ${fed.ms} ms`);
    const { added, before, after } = await throwHandful(page, async () => {
      if (!(await page.isVisible("#more"))) await page.tap("#more-button");
      await page.tap('#more button[data-action="food"]');
    });
    expect(added.size).toBeGreaterThanOrEqual(1);
    expect(added.size).toBeLessThanOrEqual(HANDFUL);
    oneMessage(before, after);
    if (await page.isVisible("#more")) await page.tap("#more-button");
    saveArtifact("pond-phone.png", await page.screenshot());
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
