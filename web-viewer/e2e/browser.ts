// Debian's Chromium driven by playwright-core (no downloaded browsers), with WebGL2 on
// SwiftShader so the light layer renders headless, and the page's layers composited on the CPU.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type CDPSession, type Download, type Page } from "playwright-core";
import { expect, inject } from "vitest";
import type { MeadowDebug, WorldDebugName } from "../src/debug/hook";
import { CHROMIUM_LAUNCH } from "./chromium-launch";

export const ARTIFACTS = resolve(dirname(fileURLToPath(import.meta.url)), "../e2e-artifacts");

/**
 * The suite's one Chromium (global-setup.ts launches it and provides its endpoint): each file
 * connects to it instead of starting a browser of its own, and its close() only disconnects,
 * taking its contexts with it. Started alone (no global setup), a file launches its own.
 * Every page it opens runs at MEADOW_E2E_CPU_THROTTLE (below).
 */
export async function launchChromium(): Promise<Browser> {
  let endpoint: string | undefined;
  try {
    endpoint = inject("browserEndpoint");
  } catch {
    endpoint = undefined;  // not under Vitest's runner
  }
  const browser = endpoint ? await chromium.connect(endpoint) : await chromium.launch(CHROMIUM_LAUNCH);
  return throttled(browser);
}

/**
 * The suite on a slower machine than this one, on purpose (docs/testing.md):
 * MEADOW_E2E_CPU_THROTTLE=4 runs every page's main thread and workers four times slower (Chrome
 * DevTools' CPU throttling), so a check that samples what accumulates, instead of waiting for it,
 * fails here before it fails on a slow machine. 1 (the default): as fast as the machine.
 */
export const CPU_THROTTLE = Math.max(1, Number(process.env.MEADOW_E2E_CPU_THROTTLE ?? "1") || 1);

function throttled(browser: Browser): Browser {
  if (CPU_THROTTLE <= 1) return browser;
  const slowDown = async (page: Page): Promise<void> => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_THROTTLE });
  };
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.on("page", (page) => void slowDown(page).catch(() => undefined));
    const newPage = context.newPage.bind(context);
    // A page opened here is slowed before the caller gets it (the "page" event may come later).
    context.newPage = async () => {
      const page = await newPage();
      await slowDown(page);
      return page;
    };
    return context;
  };
  browser.newPage = async (options) => {
    const context = await browser.newContext(options);
    return context.newPage();
  };
  return browser;
}

/**
 * The desktop window the tests open: a small laptop's. Every page here is painted on the CPU
 * (WebGL on SwiftShader, the layers composited by Skia), at a cost in proportion to its pixels,
 * and two or three pages share CI's two cores: tools.e2e.ts took 79 s at 1280 × 720 and 55 s at
 * 960 × 540. The experience test still paints a 1280 × 720 desktop, and phones have their sizes.
 * MEADOW_E2E_VIEWPORT=WxH opens another size (the suite at two sizes, tests/viewer_speeds.sh).
 */
export const DESKTOP_VIEWPORT = viewportFrom(process.env.MEADOW_E2E_VIEWPORT) ?? ({ width: 960, height: 540 } as const);

function viewportFrom(text: string | undefined): { width: number; height: number } | undefined {
  const m = /^(\d{3,4})x(\d{3,4})$/.exec(text ?? "");
  return m ? { width: Number(m[1]), height: Number(m[2]) } : undefined;
}

/** A fresh context (its own session) with a page on the viewer; page errors fail the test. */
export async function openViewer(browser: Browser, url: string): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: DESKTOP_VIEWPORT, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  // The server's Content-Security-Policy must allow everything the viewer does: a violation
  // (a blocked script, worker, style or connection) counts as an error of the page.
  page.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy/i.test(m.text())) errors.push(m.text());
  });
  await page.goto(url);
  return { page, errors };
}

/**
 * How long a page may take to show what the server already sent (a status line, a notice, a
 * panel's state): generous, because with Chromium's CPU throttled 4× on a busy two-core machine a
 * page paints a few frames a second and a status line took more than 5 s to settle. A deadline
 * bounds only how long a failure takes to report; a check that holds passes as soon as it does.
 */
export const SHOWN_WITHIN_MS = 20_000;

/**
 * Until `count` more frames came from the server and the page painted after them: past the
 * glide between two frames, whatever the machine's speed (a fixed sleep was too short on a
 * loaded machine and needlessly long on a quiet one).
 */
export async function framesLater(page: Page, count = 3, timeoutMs = 20_000): Promise<void> {
  // Light frames, colony frames and mold frames: whichever world the page shows.
  const seen = (): Promise<number> =>
    page.evaluate(() => (window.__meadow?.frames ?? 0) + (window.__meadow?.colony?.frames ?? 0) + (window.__meadow?.mold?.frames ?? 0));
  const start = await seen();
  await page.waitForFunction(
    (n) => (window.__meadow?.frames ?? 0) + (window.__meadow?.colony?.frames ?? 0) + (window.__meadow?.mold?.frames ?? 0) >= n,
    start + count,
    { timeout: timeoutMs },
  );
  await paintedFrames(page);
}

/** The server's tap cooldown for rocks and flowers (sim/viewer_limits.hpp: 12 ticks), ms. */
const TAP_COOLDOWN_MS = 200;

/**
 * A rock or flower tap the server may refuse as too soon after this viewer's last one (its tap
 * cooldown): tapped again once the cooldown has passed after the "too_fast" notice, as a person
 * would, until `done` holds in the page's state. Returns what `done` returned.
 */
export async function tapUntil<T>(
  page: Page,
  tap: () => Promise<void>,
  done: (s: DebugState) => T | undefined | false,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let told = (await debugState(page)).notices.filter((n) => n.code === "too_fast").length;
  await tap();
  for (;;) {
    const s = await debugState(page);
    const got = done(s);
    if (got !== undefined && got !== false) return got;
    const tooFast = s.notices.filter((n) => n.code === "too_fast").length;
    if (tooFast > told) {
      told = tooFast;
      await page.waitForTimeout(TAP_COOLDOWN_MS + 50);
      await tap();
    }
    if (Date.now() > deadline) throw new Error(`timed out tapping until ${what}`);
    await page.waitForTimeout(50);
  }
}

/** A finger on a touch screen: page CSS px and its id (one per finger). */
export interface Finger {
  readonly x: number;
  readonly y: number;
  readonly id: number;
}

/** Fingers down, moved or (with none left) lifted, through CDP: Playwright's touchscreen only taps. */
export function touch(cdp: CDPSession, type: "touchStart" | "touchMove" | "touchEnd", fingers: readonly Finger[]): Promise<unknown> {
  return cdp.send("Input.dispatchTouchEvent", { type, touchPoints: fingers.map((f) => ({ x: f.x, y: f.y, id: f.id })) });
}

/** One finger dragged from `from` to `to` in `steps` moves, and lifted. */
export async function dragFinger(cdp: CDPSession, from: { x: number; y: number }, to: { x: number; y: number }, steps = 8): Promise<void> {
  await touch(cdp, "touchStart", [{ ...from, id: 1 }]);
  for (let i = 1; i <= steps; i++) {
    await touch(cdp, "touchMove", [{ x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps, id: 1 }]);
    await new Promise((done) => setTimeout(done, 30));
  }
  await touch(cdp, "touchEnd", []);
}

/** Until the page has painted `count` more animation frames (what was drawn is on screen). */
export function paintedFrames(page: Page, count = 3): Promise<void> {
  return page.evaluate(
    (n) =>
      new Promise<void>((done) => {
        let left = n;
        const next = (): void => {
          if (--left <= 0) done();
          else requestAnimationFrame(next);
        };
        requestAnimationFrame(next);
      }),
    count,
  );
}

/**
 * Until the page is connected and has shown a light frame. Generous: the light's worker makes
 * its WebGL context behind whatever else the browser's software GPU is doing, and a page opened
 * while others run took 20 s and more for its first light here under other runs (load 7–10).
 */
export async function waitConnected(page: Page, timeoutMs = 45_000): Promise<void> {
  await page.waitForFunction(() => window.__meadow?.connected === true && window.__meadow.frames > 0, undefined, {
    timeout: timeoutMs,
  });
}

export type DebugState = Omit<MeadowDebug, "worldToScreen" | "firefliesNear">;

/** Reads the debug hook (a plain copy, since getters do not cross the page boundary). */
export function debugState(page: Page): Promise<DebugState> {
  return page.evaluate(() => {
    const m = window.__meadow;
    if (!m) throw new Error("no debug hook");
    const copy = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));
    return {
      connected: m.connected,
      frames: m.frames,
      framesReceived: m.framesReceived,
      droppedFrames: m.droppedFrames,
      decodeErrors: m.decodeErrors,
      rocks: copy(m.rocks),
      rims: copy(m.rims),
      marks: copy(m.marks),
      fireflies: m.fireflies,
      targetCount: m.targetCount,
      requestedCount: m.requestedCount,
      weights: copy(m.weights),
      speed: m.speed,
      trails: copy(m.trails),
      settingsLocked: m.settingsLocked,
      viewers: m.viewers,
      latencyMs: m.latencyMs,
      lightAvailable: m.lightAvailable,
      tool: m.tool,
      hovering: m.hovering,
      order: copy(m.order),
      look: copy(m.look),
      sentActions: copy(m.sentActions),
      notices: copy(m.notices),
      worldBounds: copy(m.worldBounds),
      boundsInFrames: m.boundsInFrames,
      camera: copy(m.camera),
      cameraTarget: copy(m.cameraTarget),
      helpVisible: m.helpVisible,
      sessionId: m.sessionId,
      world: m.world,
      chosenWorld: m.chosenWorld,
      worlds: copy(m.worlds),
      // Each offered world's own part, under its name (WorldView.debugState): a new world needs no line here.
      ...(Object.fromEntries(m.worlds.map((name) => [name, copy((m as unknown as Record<string, unknown>)[name])])) as Pick<MeadowDebug, WorldDebugName>),
      breeze: copy(m.breeze),
      air: copy(m.air),
      experience: copy(m.experience),
      gallery: copy(m.gallery),
      replay: copy(m.replay),
    };
  });
}

/** Polls the debug hook until `pick` returns something (not undefined or false), and returns it. */
export async function waitForState<T>(page: Page, pick: (s: DebugState) => T | undefined | false, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const s = await debugState(page);
    const v = pick(s);
    if (v !== undefined && v !== false) return v;
    if (Date.now() > deadline) {
      const brief = { ...s, sentActions: s.sentActions.slice(-5), notices: s.notices.slice(-5) };
      throw new Error(`timed out waiting until ${what}; state: ${JSON.stringify(brief)}`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
}

/**
 * Until the view stands still (the camera's glide to a world's framing is over; a phone's look is
 * its own), and the state then: where a world point lies on screen holds from then on.
 */
export async function viewAtRest(page: Page): Promise<DebugState> {
  const deadline = Date.now() + SHOWN_WITHIN_MS;
  let before = await debugState(page);
  for (;;) {
    await new Promise((done) => setTimeout(done, 300));
    const now = await debugState(page);
    const a = before.camera;
    const b = now.camera;
    if (Math.abs(a.x - b.x) < 0.05 && Math.abs(a.y - b.y) < 0.05 && Math.abs(a.width - b.width) < 0.05) return now;
    if (Date.now() > deadline) throw new Error(`the view still moves: ${JSON.stringify(a)} → ${JSON.stringify(b)}`);
    before = now;
  }
}

/** The share of the screen the world's rectangle covers, from where the page puts it. */
export function worldShare(page: Page): Promise<number> {
  return page.evaluate(() => {
    const m = window.__meadow;
    if (!m) throw new Error("no debug hook");
    const w = m.worldBounds;
    const a = m.worldToScreen(w.x, w.y);
    const b = m.worldToScreen(w.x + w.width, w.y + w.height);
    const cw = Math.min(innerWidth, b.x) - Math.max(0, a.x);
    const ch = Math.min(innerHeight, b.y) - Math.max(0, a.y);
    return (Math.max(0, cw) * Math.max(0, ch)) / (innerWidth * innerHeight);
  });
}

export function worldToScreen(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  return page.evaluate(([wx, wy]) => {
    const m = window.__meadow;
    if (!m) throw new Error("no debug hook");
    return m.worldToScreen(wx, wy);
  }, [x, y] as const);
}

/** RGBA (not premultiplied) of a 2D canvas at a page position (CSS px). */
export function canvasPixel(page: Page, canvasId: string, x: number, y: number): Promise<[number, number, number, number]> {
  return page.evaluate(
    ([id, px, py]) => {
      const c = document.getElementById(id) as HTMLCanvasElement;
      const d = c.getContext("2d")?.getImageData(Math.round(px * devicePixelRatio), Math.round(py * devicePixelRatio), 1, 1).data;
      return (d ? [d[0], d[1], d[2], d[3]] : [0, 0, 0, 0]) as [number, number, number, number];
    },
    [canvasId, x, y] as const,
  );
}

export interface Glow {
  /** Pixels whose alpha is above the threshold. */
  readonly lit: number;
  /** Their red and green, summed. */
  readonly red: number;
  readonly green: number;
}

/** The lit pixels of a 2D canvas in the square of half-side `r` (CSS px) around a page position. */
export async function canvasGlow(page: Page, canvasId: string, x: number, y: number, r: number, minAlpha = 40): Promise<Glow> {
  const box = await canvasBox(page, canvasId, x, y, r, minAlpha);
  return { lit: box.lit, red: box.mean[0] * box.lit, green: box.mean[1] * box.lit };
}

export function saveArtifact(name: string, bytes: Buffer): void {
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(resolve(ARTIFACTS, name), bytes);
}

export interface LightComparison {
  readonly total: number;
  /** Pixels with visible light in the first / second picture. */
  readonly litA: number;
  readonly litB: number;
  /** Pixels that differ visibly between the two. */
  readonly changed: number;
}

/** Decodes two PNG screenshots inside the page (the browser is our PNG decoder) and compares. */
export function compareLight(page: Page, a: Buffer, b: Buffer): Promise<LightComparison> {
  return page.evaluate(
    async ([pngA, pngB]) => {
      const pixels = async (base64: string): Promise<Uint8ClampedArray> => {
        const blob = new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: "image/png" });
        const bitmap = await createImageBitmap(blob);
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const ctx = canvas.getContext("2d");
        if (!ctx) throw new Error("no 2d context");
        ctx.drawImage(bitmap, 0, 0);
        return ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
      };
      const [da, db] = [await pixels(pngA), await pixels(pngB)];
      // Background is the near-black page behind the hidden meadow; light is clearly above it.
      const lit = (d: Uint8ClampedArray, i: number) => Math.max(d[i] ?? 0, d[i + 1] ?? 0, d[i + 2] ?? 0) > 40;
      let litA = 0;
      let litB = 0;
      let changed = 0;
      const n = Math.min(da.length, db.length);
      for (let i = 0; i < n; i += 4) {
        if (lit(da, i)) litA++;
        if (lit(db, i)) litB++;
        const diff = Math.max(
          Math.abs((da[i] ?? 0) - (db[i] ?? 0)),
          Math.abs((da[i + 1] ?? 0) - (db[i + 1] ?? 0)),
          Math.abs((da[i + 2] ?? 0) - (db[i + 2] ?? 0)),
        );
        if (diff > 24) changed++;
      }
      return { total: n / 4, litA, litB, changed };
    },
    [a.toString("base64"), b.toString("base64")] as const,
  );
}

export interface BoxStats {
  /** Pixels whose alpha is above the threshold, and their mean RGBA. */
  readonly lit: number;
  readonly mean: readonly [number, number, number, number];
  /** The highest alpha among them. */
  readonly maxAlpha: number;
}

/** The lit pixels of a 2D canvas in the square of half-side `r` (CSS px) around a page position, averaged. */
export function canvasBox(page: Page, canvasId: string, x: number, y: number, r: number, minAlpha = 30): Promise<BoxStats> {
  return page.evaluate(
    ([id, cx, cy, radius, least]) => {
      const c = document.getElementById(id) as HTMLCanvasElement;
      const k = devicePixelRatio;
      const x0 = Math.max(0, Math.round((cx - radius) * k));
      const y0 = Math.max(0, Math.round((cy - radius) * k));
      const side = Math.max(1, Math.round(2 * radius * k));
      const d = c.getContext("2d")?.getImageData(x0, y0, Math.min(side, c.width - x0), Math.min(side, c.height - y0)).data;
      const sum = [0, 0, 0, 0];
      let lit = 0;
      let maxAlpha = 0;
      for (let i = 0; d && i < d.length; i += 4) {
        if ((d[i + 3] ?? 0) <= least) continue;
        lit++;
        maxAlpha = Math.max(maxAlpha, d[i + 3] ?? 0);
        for (let j = 0; j < 4; j++) sum[j] = (sum[j] ?? 0) + (d[i + j] ?? 0);
      }
      const mean = sum.map((v) => (lit > 0 ? v / lit : 0)) as [number, number, number, number];
      return { lit, mean, maxAlpha };
    },
    [canvasId, x, y, r, minAlpha] as const,
  );
}

/**
 * Centres (page CSS px) of the separate lit specks of a 2D canvas, when they were read (ms, the
 * page's clock), how many seconds of breeze the motes had been carried by then and the breeze's
 * direction then (the hook).
 */
export function canvasSpecks(
  page: Page,
  canvasId: string,
  minAlpha = 20,
): Promise<{ atMs: number; carriedS: number; direction: number | undefined; specks: { x: number; y: number }[] }> {
  return page.evaluate(
    ([id, least]) => {
      const c = document.getElementById(id) as HTMLCanvasElement;
      const atMs = performance.now();
      const carriedS = window.__meadow?.air.carriedS ?? 0;
      const direction = window.__meadow?.breeze?.direction;
      const w = c.width;
      const h = c.height;
      const d = c.getContext("2d")?.getImageData(0, 0, w, h).data;
      const specks: { x: number; y: number }[] = [];
      if (!d) return { atMs, carriedS, direction, specks };
      const seen = new Uint8Array(w * h);
      const stack: number[] = [];
      const k = devicePixelRatio;
      for (let start = 0; start < w * h; start++) {
        if (seen[start] || (d[start * 4 + 3] ?? 0) <= least) continue;
        // Flood fill one speck, weighting its pixels by alpha.
        let sx = 0;
        let sy = 0;
        let sw = 0;
        stack.push(start);
        seen[start] = 1;
        while (stack.length > 0) {
          const p = stack.pop() ?? 0;
          const px = p % w;
          const py = (p - px) / w;
          const a = d[p * 4 + 3] ?? 0;
          sx += px * a;
          sy += py * a;
          sw += a;
          for (const q of [p - 1, p + 1, p - w, p + w]) {
            if (q < 0 || q >= w * h || seen[q] || (d[q * 4 + 3] ?? 0) <= least) continue;
            if (Math.abs((q % w) - px) > 1) continue;
            seen[q] = 1;
            stack.push(q);
          }
        }
        if (sw > 0) specks.push({ x: sx / sw / k, y: sy / sw / k });
      }
      return { atMs, carriedS, direction, specks };
    },
    [canvasId, minAlpha] as const,
  );
}

/**
 * Presses w (or taps the ⋯ menu's world button: `press`) until the page shows `world`, which the
 * server must offer; then waits until `drawn` says the page draws it, and returns what it said.
 */
export async function watchWorld<T>(page: Page, world: string, press: () => Promise<void>, drawn: (s: DebugState) => T | undefined | false, what: string): Promise<T> {
  const offered = await waitForState(page, (s) => s.worlds.length > 0 && s.worlds, "the worlds are offered");
  expect(offered, `the server lists the ${world} in its Welcome`).toContain(world);
  for (let i = 0; i < offered.length; i++) {
    const s = await debugState(page);
    if (s.world === world) break;
    const before = s.chosenWorld;
    await press();
    await waitForState(page, (t) => t.chosenWorld !== before && t.world === t.chosenWorld, `the page shows the world after the ${before}`, 20_000);
  }
  return waitForState(page, (s) => s.world === world && drawn(s), what, 30_000);
}

/**
 * The next download of a page, its name and text; settles (to the error) rather than rejects,
 * so a test that fails before it waits for it leaves no rejection unhandled.
 */
export function nextDownload(page: Page): Promise<{ name: string; text: string } | Error> {
  return page
    .waitForEvent("download", { timeout: 40_000 })
    .then(async (download: Download) => ({ name: download.suggestedFilename(), text: await textOf(download) }))
    .catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))));
}

/** A download's text, streamed: the suite's browser is a server it connects to, where path() is not available. */
async function textOf(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString("utf8");
}

/** What nextDownload gave, or the test fails with its error. */
export async function downloaded(pending: Promise<{ name: string; text: string } | Error>): Promise<{ name: string; text: string }> {
  const got = await pending;
  if (got instanceof Error) throw got;
  return got;
}

/** Presses w until the page shows `world` (the swarm by default), however many worlds the server offers between. */
export async function watchWorldByKey(page: Page, world = "swarm"): Promise<void> {
  await watchWorld(page, world, () => page.keyboard.press("w"), (s) => s, `the ${world} is shown`);
}
