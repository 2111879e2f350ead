// The whole experience in Chromium against the real server (docs/rules.md "The viewer"): the
// painted meadow and the light of every world at desktop and phone size (pixel checks on
// screenshots), palettes, every key the help lists doing what it says, the phone's "more" menu by
// taps, kiosk mode starting by itself and coming back after a server restart. It prints the
// viewer's own timings (first light, main-thread time per frame, light frame decode). Own server:
// it changes the world and restarts it.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { debugState, dragFinger, launchChromium, saveArtifact, waitConnected, waitForState as waitFor, worldShare, worldToScreen, SHOWN_WITHIN_MS } from "./browser";
import { startServer, type RunningServer } from "./server";

const DESKTOP = { width: 1280, height: 720 } as const;
const PHONE = { width: 390, height: 844 } as const;

interface Shot {
  readonly total: number;
  /** Pixels that are ground: not the night's near-black, not a bright light. */
  readonly ground: number;
  /** Mean RGB of those. */
  readonly groundMean: readonly [number, number, number];
}

interface LightDiff {
  readonly total: number;
  /** Pixels clearly brighter with the light layer shown than hidden. */
  readonly lit: number;
}

async function open(browser: Browser, url: string, size: { width: number; height: number }, phone = false): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: size, deviceScaleFactor: 1, hasTouch: phone, isMobile: phone });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(url);
  return { context, page, errors };
}

/** Waits until the ground has painted every tile. */
async function groundPainted(page: Page): Promise<void> {
  await waitFor(page, (s) => s.experience.ground.pending === 0 && s.experience.ground.tiles > 0, "the ground is painted", 15_000);
}

/** Hides the chrome (tool bar, status, …) so screenshots show the meadow. */
async function chrome(page: Page, visible: boolean): Promise<void> {
  await page.evaluate((show) => {
    for (const id of ["toolbar", "sliders", "status", "notice", "help", "start", "more-button", "more", "order-gauge", "phase-caption"]) {
      const el = document.getElementById(id);
      if (el) el.style.visibility = show ? "" : "hidden";
    }
  }, visible);
}

async function layerVisible(page: Page, id: string, visible: boolean): Promise<void> {
  await page.evaluate(([i, v]) => {
    const el = document.getElementById(i as string);
    if (el) el.style.visibility = v ? "" : "hidden";
  }, [id, visible] as const);
}

/** A screenshot of the ground alone: chrome, air and both lights hidden for it. */
async function bareGround(page: Page): Promise<Buffer> {
  await chrome(page, false);
  for (const id of ["air-layer", "light-layer", "colony-light"]) await layerVisible(page, id, false);
  const png = await page.screenshot();
  for (const id of ["air-layer", "light-layer", "colony-light"]) await layerVisible(page, id, true);
  await chrome(page, true);
  return png;
}

/** Ground pixels of a screenshot, decoded in the page. */
function groundOf(page: Page, png: Buffer): Promise<Shot> {
  return page.evaluate(async (b64) => {
    const blob = new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: "image/png" });
    const bmp = await createImageBitmap(blob);
    const c = new OffscreenCanvas(bmp.width, bmp.height);
    const ctx = c.getContext("2d");
    if (!ctx) throw new Error("no 2d");
    ctx.drawImage(bmp, 0, 0);
    const d = ctx.getImageData(0, 0, bmp.width, bmp.height).data;
    let ground = 0;
    const sum = [0, 0, 0];
    for (let i = 0; i < d.length; i += 4) {
      const m = Math.max(d[i] ?? 0, d[i + 1] ?? 0, d[i + 2] ?? 0);
      // The night outside the world is (2, 4, 5); ground is dim but clearly above it.
      if (m < 12 || m > 160) continue;
      ground++;
      for (let k = 0; k < 3; k++) sum[k] = (sum[k] ?? 0) + (d[i + k] ?? 0);
    }
    const mean = sum.map((v) => (ground > 0 ? v / ground : 0)) as [number, number, number];
    return { total: d.length / 4, ground, groundMean: mean };
  }, png.toString("base64"));
}

/** Pixels brighter with the light shown (a) than with it hidden (b). */
function lightOf(page: Page, a: Buffer, b: Buffer): Promise<LightDiff> {
  return page.evaluate(
    async ([pa, pb]) => {
      const px = async (b64: string) => {
        const bmp = await createImageBitmap(new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: "image/png" }));
        const c = new OffscreenCanvas(bmp.width, bmp.height);
        const ctx = c.getContext("2d");
        if (!ctx) throw new Error("no 2d");
        ctx.drawImage(bmp, 0, 0);
        return ctx.getImageData(0, 0, bmp.width, bmp.height).data;
      };
      const [da, db] = [await px(pa), await px(pb)];
      let lit = 0;
      for (let i = 0; i < Math.min(da.length, db.length); i += 4) {
        const up = (da[i] ?? 0) + (da[i + 1] ?? 0) + (da[i + 2] ?? 0) - ((db[i] ?? 0) + (db[i + 1] ?? 0) + (db[i + 2] ?? 0));
        if (up > 45) lit++;
      }
      return { total: da.length / 4, lit };
    },
    [a.toString("base64"), b.toString("base64")] as const,
  );
}

/** Screenshots of the meadow with and without the world's light; checks both and saves them. */
async function checkWorld(page: Page, lightId: string, name: string): Promise<{ ground: Shot; light: LightDiff }> {
  await groundPainted(page);
  let shots = await lightShots(page, lightId);
  let light = await lightOf(page, shots.withLight, shots.without);
  // A phone shows a part of the world (the meadow covers its screen): the light may be elsewhere
  // for a moment, but not for long, as the fireflies fly.
  for (const deadline = Date.now() + 15_000; light.lit < light.total * 0.004 && Date.now() < deadline; ) {
    await page.waitForTimeout(1000);
    shots = await lightShots(page, lightId);
    light = await lightOf(page, shots.withLight, shots.without);
  }
  const { withLight, without } = shots;
  saveArtifact(`${name}.png`, withLight);
  saveArtifact(`${name}-ground.png`, without);
  const ground = await groundOf(page, without);
  console.log(`[e2e] ${name}: ground ${((100 * ground.ground) / ground.total).toFixed(1)} % of pixels (mean ${ground.groundMean.map((v) => v.toFixed(0)).join(", ")}), light ${((100 * light.lit) / light.total).toFixed(2)} %`);
  // Where the world lies on screen it is painted ground (not the night), with light on it.
  const onScreen = await worldShare(page);
  expect(onScreen, "share of the screen the world covers").toBeGreaterThan(0.2);
  expect(ground.ground / ground.total, "share of ground pixels, of the world's share of the screen").toBeGreaterThan(0.85 * onScreen);
  expect(light.lit / (light.total * onScreen), "share of the world's pixels the light brightens").toBeGreaterThan(0.003);
  return { ground, light };
}

/** Screenshots of the meadow with and without a world's light, chrome and air hidden for them. */
async function lightShots(page: Page, lightId: string): Promise<{ withLight: Buffer; without: Buffer }> {
  await chrome(page, false);
  // The motes are light too, but not the fireflies': keep them out of the comparison.
  await layerVisible(page, "air-layer", false);
  const withLight = await page.screenshot();
  await layerVisible(page, lightId, false);
  const without = await page.screenshot();
  await layerVisible(page, lightId, true);
  await layerVisible(page, "air-layer", true);
  await chrome(page, true);
  return { withLight, without };
}

/** The colour of the ground canvas at a world point. */
function groundPixel(page: Page, x: number, y: number): Promise<[number, number, number]> {
  return page.evaluate(([wx, wy]) => {
    const m = window.__meadow;
    if (!m) throw new Error("no debug hook");
    const p = m.worldToScreen(wx, wy);
    const c = document.getElementById("meadow-layer") as HTMLCanvasElement;
    const d = c.getContext("2d")?.getImageData(Math.round(p.x * devicePixelRatio), Math.round(p.y * devicePixelRatio), 1, 1).data;
    return [d?.[0] ?? 0, d?.[1] ?? 0, d?.[2] ?? 0] as [number, number, number];
  }, [x, y] as const);
}

/**
 * Prints the viewer's own timings (first light, frames, decoding, drawing, the ground) once enough
 * frames ran.
 */
async function measure(page: Page): Promise<void> {
  // Headless Chromium composites the added-on layers in software here: a few frames a second.
  await waitFor(page, (s) => s.experience.timings.frame.count >= 40 && s.experience.timings.decode.count >= 20, "enough frames to measure", 30_000);
  const { timings: t, ground: g, light } = (await debugState(page)).experience;
  console.log(
    `[e2e] timings (Chromium, SwiftShader, ${DESKTOP.width}×${DESKTOP.height}): first light ${t.firstLightMs?.toFixed(0)} ms after navigation; ` +
      `main thread per animation frame mean ${t.frame.meanMs.toFixed(2)} ms, recent ${t.frame.recentMs.toFixed(2)} ms, max ${t.frame.maxMs.toFixed(1)} ms over ${t.frame.count} frames; ` +
      `light frame decode (${light.path}) mean ${t.decode.meanMs.toFixed(2)} ms, max ${t.decode.maxMs.toFixed(1)} ms over ${t.decode.count}; ` +
      `light drawn (${light.path}) mean ${t.lightDraw.meanMs.toFixed(2)} ms over ${t.lightDraw.count}; ground ${g.tiles} tiles in ${g.paintMs.toFixed(0)} ms`,
  );
  expect(t.firstLightMs).toBeGreaterThan(0);
  expect(t.frame.meanMs).toBeGreaterThan(0);
  expect(t.decode.meanMs).toBeGreaterThan(0);
}

describe("the experience", () => {
  let server: RunningServer;
  let browser: Browser;
  /** The night meadow's ground on the desktop screenshot, for the palettes' comparison. */
  let nightGround: Shot | undefined;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("paints the meadow (tufts, pond, stump) and the light of every world at desktop and phone size", async () => {
    for (const [size, label, phone] of [[DESKTOP, "desktop", false], [PHONE, "phone", true]] as const) {
      const { context, page, errors } = await open(browser, server.url, size, phone);
      await waitConnected(page);
      await waitFor(page, (s) => s.experience.timings.firstLightMs !== undefined, "the first light is drawn");
      // Chromium has Worker and OffscreenCanvas: the ground and the light are painted off the main thread.
      expect((await debugState(page)).experience.ground.worker, "ground painted in a worker").toBe(true);
      expect((await debugState(page)).experience.light.path, "light drawn in a worker").toBe("worker");
      const swarm = await checkWorld(page, "light-layer", `swarm-${label}`);
      if (!phone) nightGround = swarm.ground;
      if (!phone) {
        // The stump (wood, browner than the grass) and the pond (water, bluer than the grass).
        const stump = await groundPixel(page, 150 + 18, 760);
        const pond = await groundPixel(page, 1232, 234);
        const grass = await groundPixel(page, 800, 450);
        expect(stump[0], `stump ${stump} redder than grass ${grass}`).toBeGreaterThan(grass[0] + 15);
        expect(pond[2] - pond[1], `pond ${pond} bluer than grass ${grass}`).toBeGreaterThan(grass[2] - grass[1]);
      }
      await page.keyboard.press("w");
      await waitFor(page, (s) => s.world === "colony" && (s.colony?.drawn ?? 0) > 0, "the colony is drawn");
      if (phone) {
        // The phone shows the middle of the meadow: a finger drags the colony's corner, the
        // stump, into view (the rock tool: a drag pans), and there the stump's wood shows.
        const cdp = await page.context().newCDPSession(page);
        for (let i = 0; i < 4 && (await debugState(page)).camera.x > 1; i++) await dragFinger(cdp, { x: 40, y: 420 }, { x: 370, y: 420 });
        await waitFor(page, (s) => s.camera.x < 1 || undefined, "the view is at the meadow's left edge");
        const stump = await groundPixel(page, 150 + 18, 760);
        const grass = await groundPixel(page, 300, 450);
        expect(stump[0], `stump ${stump} redder than grass ${grass}`).toBeGreaterThan(grass[0] + 15);
      }
      await checkWorld(page, "colony-light", `colony-${label}`);
      await page.keyboard.press("w");
      await waitFor(page, (s) => s.world === "mold" && (s.mold?.lightFrames ?? 0) > 0, "the mold is drawn");
      await page.keyboard.press("w");
      await waitFor(page, (s) => s.world === "pond" && (s.pond?.fishDrawn ?? 0) > 0, "the pond is drawn");
      await page.keyboard.press("w");
      await waitFor(page, (s) => s.world === "plate" && (s.plate?.birdsDrawn ?? 0) > 0, "the plate is drawn");
      await page.keyboard.press("w");
      await waitFor(page, (s) => s.world === "swarm", "back to the swarm");
      if (!phone) await measure(page);
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 120_000);

  it("shows the start card until space, and lists in the help every key, each doing what it says", async () => {
    const { context, page, errors } = await open(browser, server.url, DESKTOP);
    await waitConnected(page);
    expect(await page.isVisible("#start")).toBe(true);
    expect(await page.textContent("#start")).toContain("press space to start");
    expect((await debugState(page)).experience.started).toBe(false);
    await page.keyboard.press(" ");
    expect((await debugState(page)).experience.started).toBe(true);
    expect(await page.isVisible("#start")).toBe(false);

    const keys = await page.$$eval("#help dt[data-keys]", (dts) => dts.flatMap((dt) => (dt as HTMLElement).dataset.keys?.split("|") ?? []));
    expect(keys).toEqual([" ", "1", "2", "3", "4", "5", "f", "t", "r", "ArrowUp", "ArrowDown", "w", "n", "m", "p", "x", "i", "h"]);
    const tools: Record<string, string> = { "1": "attract", "2": "flower", "3": "rock", "4": "predator", "5": "frog" };
    for (const key of keys) {
      const before = await debugState(page);
      await page.keyboard.press(key);
      switch (key) {
        case " ":
          expect((await debugState(page)).experience.started).toBe(true);
          break;
        case "1":
        case "2":
        case "3":
        case "4":
        case "5":
          expect((await debugState(page)).tool).toBe(tools[key]);
          break;
        case "t":
          await waitFor(page, (s) => s.trails.on && s.trails.ids > 0, "t draws the live trails");
          await page.keyboard.press("t");
          await waitFor(page, (s) => !s.trails.on, "t again: no trails");
          break;
        case "r":
          // A recording under way (its picture downloads a few seconds later), or already answered.
          await waitFor(page, (s) => s.trails.recording || s.trails.saved.length > 0, "r records trails");
          break;
        case "f":
          await waitFor(page, (s) => s.sentActions.length > before.sentActions.length && s.sentActions.at(-1)?.tool === "flower" && s.sentActions.at(-1)?.phase === "tap", "f throws food (flower taps)");
          break;
        case "ArrowUp":
          await waitFor(page, (s) => s.targetCount === 4500, "↑ asks for 4,500");
          break;
        case "ArrowDown":
          await waitFor(page, (s) => s.targetCount === 3000, "↓ asks for 3,000 again");
          break;
        case "w":
          await waitFor(page, (s) => s.world === "colony", "w shows the colony");
          await page.keyboard.press("w");
          await waitFor(page, (s) => s.world === "mold", "w again: the mold");
          await page.keyboard.press("w");
          await waitFor(page, (s) => s.world === "pond", "w again: the pond");
          await page.keyboard.press("w");
          await waitFor(page, (s) => s.world === "plate", "w again: the plate");
          await page.keyboard.press("w");
          await waitFor(page, (s) => s.world === "swarm", "and once more: the swarm");
          break;
        case "n":
          // The night replayed: this suite's server keeps no journal (no --state-dir), and says so (e2e/replay.e2e.ts replays one).
          if (before.replay.offered) {
            await waitFor(page, (s) => s.replay.phase !== "live" && s, "n replays the night");
            await page.keyboard.press("n");
            await waitFor(page, (s) => s.replay.phase === "live" && s, "n again: live", SHOWN_WITHIN_MS);
          } else {
            await page.waitForFunction(() => /no night to replay/.test(document.getElementById("notice")?.textContent ?? ""), undefined, { timeout: SHOWN_WITHIN_MS });
          }
          break;
        case "m":
          await page.waitForFunction(() => /sound/i.test(document.getElementById("notice")?.textContent ?? ""), undefined, { timeout: SHOWN_WITHIN_MS });
          break;
        case "i":
          // The card of the world shown (the swarm): its idea and its source; i again takes it away.
          expect(await page.isVisible("#world-card")).toBe(true);
          expect(await page.textContent("#world-card h2")).toContain("swarm");
          expect(await page.textContent("#world-card .source")).toContain("SIGGRAPH");
          await page.keyboard.press("i");
          expect(await page.isHidden("#world-card")).toBe(true);
          break;
        case "p": {
          const after = await waitFor(page, (s) => s.experience.palette !== before.experience.palette && s.experience.palette, "p changes the palette");
          expect(after).toBe("tropical");
          break;
        }
        case "x":
          await page.waitForFunction(() => document.fullscreenElement !== null, undefined, { timeout: SHOWN_WITHIN_MS });
          await page.keyboard.press("x");
          await page.waitForFunction(() => document.fullscreenElement === null, undefined, { timeout: SHOWN_WITHIN_MS });
          break;
        case "h":
          expect((await debugState(page)).helpVisible).toBe(true);
          saveArtifact("help-all-keys.png", await page.screenshot());
          await page.keyboard.press("h");
          expect((await debugState(page)).helpVisible).toBe(false);
          break;
        default:
          throw new Error(`the help lists key ${key}, which this test does not know`);
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("remembers the palette chosen, takes ?palette= and paints the ground in it", async () => {
    const { context, page, errors } = await open(browser, `${server.url}/?palette=arctic`, DESKTOP);
    await waitConnected(page);
    await groundPainted(page);
    expect((await debugState(page)).experience.palette).toBe("arctic");
    const bare = await bareGround(page);
    saveArtifact("palette-arctic-ground.png", bare);
    const arctic = await groundOf(page, bare);
    // Remembered on this device: the plain address opens in Arctic too.
    await page.goto(server.url);
    await waitConnected(page);
    expect((await debugState(page)).experience.palette).toBe("arctic");
    const night = nightGround;
    if (!night) throw new Error("the first test did not measure the night meadow's ground");
    // Arctic's ground is bluer and brighter than the night meadow's green.
    const [nr, ng, nb] = night.groundMean;
    const [ar, ag, ab] = arctic.groundMean;
    expect(nb - ng, `night ${night.groundMean}`).toBeLessThan(ab - ag);
    expect(ar + ag + ab).toBeGreaterThan(nr + ng + nb);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("has a ⋯ menu on a phone with a button for each key, working by tap", async () => {
    const { context, page, errors } = await open(browser, server.url, PHONE, true);
    await waitConnected(page);
    expect(await page.isVisible("#more-button")).toBe(true);
    expect(await page.isVisible("#more")).toBe(false);
    await page.tap("#more-button");
    expect(await page.isVisible("#more")).toBe(true);
    // A button per key (the swarm's sliders join the menu on a phone, below them).
    const actions = await page.$$eval("#more > button", (bs) => bs.map((b) => (b as HTMLElement).dataset.action));
    expect(actions).toEqual(["start", "tool-attract", "tool-flower", "tool-rock", "tool-predator", "tool-frog", "food", "trails", "record", "count-more", "count-fewer", "world", "replay", "sound", "palette", "fullscreen", "card", "help"]);
    // The night replayed only where the server keeps one (this suite's keeps none; e2e/replay.e2e.ts's does).
    expect(await page.isVisible('#more button[data-action="replay"]')).toBe((await debugState(page)).replay.offered);
    expect(await page.isVisible("#more #weight-alignment"), "the sliders in the menu").toBe(true);
    saveArtifact("phone-more.png", await page.screenshot());
    await page.tap('#more button[data-action="start"]');
    expect((await debugState(page)).experience.started).toBe(true);
    await page.tap('#more button[data-action="tool-attract"]');
    expect((await debugState(page)).tool).toBe("attract");
    await page.tap('#more button[data-action="tool-rock"]');
    const palette = (await debugState(page)).experience.palette;
    await page.tap('#more button[data-action="palette"]');
    await waitFor(page, (s) => s.experience.palette !== palette, "the palette button changes the palette");
    await page.tap('#more button[data-action="count-more"]');
    await waitFor(page, (s) => s.targetCount === 4500, "↑ more by tap");
    await page.tap('#more button[data-action="count-fewer"]');
    await waitFor(page, (s) => s.targetCount === 3000, "↓ fewer by tap");
    await page.tap('#more button[data-action="world"]');
    await waitFor(page, (s) => s.world === "colony", "the world button shows the colony");
    await page.tap('#more button[data-action="world"]');
    await waitFor(page, (s) => s.world === "mold", "then the mold");
    await page.tap('#more button[data-action="world"]');
    await waitFor(page, (s) => s.world === "pond", "then the pond");
    await page.tap('#more button[data-action="world"]');
    await waitFor(page, (s) => s.world === "plate", "then the plate");
    await page.tap('#more button[data-action="world"]');
    await waitFor(page, (s) => s.world === "swarm", "and back");
    await page.tap('#more button[data-action="sound"]');
    await page.waitForFunction(() => /sound/i.test(document.getElementById("notice")?.textContent ?? ""), undefined, { timeout: SHOWN_WITHIN_MS });
    await page.tap('#more button[data-action="card"]');
    expect(await page.isVisible("#world-card"), "the swarm's card by tap").toBe(true);
    await page.tap("#world-card h2");
    expect(await page.isHidden("#world-card")).toBe(true);
    if (!(await page.isVisible("#more"))) await page.tap("#more-button");
    await page.tap('#more button[data-action="help"]');
    expect((await debugState(page)).helpVisible).toBe(true);
    await page.tap("#help");
    expect((await debugState(page)).helpVisible).toBe(false);
    // A tap on the meadow closes the menu.
    await page.tap("#more-button");
    expect(await page.isVisible("#more")).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("kiosk mode starts by itself without chrome or cursor, and comes back after a server restart", async () => {
    const { context, page, errors } = await open(browser, `${server.url}/?kiosk=1`, DESKTOP);
    await waitConnected(page);
    const s = await debugState(page);
    expect(s.experience.kiosk).toBe(true);
    expect(s.experience.started).toBe(true);
    expect(await page.isVisible("#start")).toBe(false);
    for (const id of ["toolbar", "sliders", "status", "order-gauge"]) {
      expect(await page.$eval(`#${id}`, (el) => getComputedStyle(el).visibility), id).toBe("hidden");
    }
    expect(await page.$eval("#stage", (el) => getComputedStyle(el).cursor)).toBe("none");
    saveArtifact("kiosk.png", await page.screenshot());

    const port = server.port;
    await server.stop();
    await page.waitForFunction(() => window.__meadow?.connected === false, undefined, { timeout: 15_000 });
    server = await startServer(port);
    const framesBefore = (await debugState(page)).frames;
    await page.waitForFunction((n) => window.__meadow?.connected === true && window.__meadow.frames > n, framesBefore, { timeout: 25_000 });
    // A tap shows the chrome for a while.
    await page.mouse.click(5, 5);
    expect(await page.$eval("#status", (el) => getComputedStyle(el).visibility)).toBe("visible");
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
