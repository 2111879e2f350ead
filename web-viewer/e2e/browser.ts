// Debian's Chromium driven by playwright-core (no downloaded browsers), with WebGL2 on
// SwiftShader so the light layer renders headless.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import type { MeadowDebug } from "../src/debug/hook";

export const ARTIFACTS = resolve(dirname(fileURLToPath(import.meta.url)), "../e2e-artifacts");

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_BIN ?? "/usr/bin/chromium",
    headless: true,
    args: ["--enable-unsafe-swiftshader", "--use-gl=angle", "--use-angle=swiftshader"],
  });
}

/** A fresh context (its own session) with a page on the viewer; page errors fail the test. */
export async function openViewer(browser: Browser, url: string): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(url);
  return { page, errors };
}

export async function waitConnected(page: Page, timeoutMs = 20_000): Promise<void> {
  await page.waitForFunction(() => window.__meadow?.connected === true && window.__meadow.frames > 0, undefined, {
    timeout: timeoutMs,
  });
}

export type DebugState = Omit<MeadowDebug, "worldToScreen">;

/** Reads the debug hook (a plain copy, since getters do not cross the page boundary). */
export function debugState(page: Page): Promise<DebugState> {
  return page.evaluate(() => {
    const m = window.__meadow;
    if (!m) throw new Error("no debug hook");
    const copy = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));
    return {
      connected: m.connected,
      frames: m.frames,
      droppedFrames: m.droppedFrames,
      decodeErrors: m.decodeErrors,
      rocks: copy(m.rocks),
      marks: copy(m.marks),
      fireflies: m.fireflies,
      targetCount: m.targetCount,
      requestedCount: m.requestedCount,
      weights: copy(m.weights),
      settingsLocked: m.settingsLocked,
      viewers: m.viewers,
      latencyMs: m.latencyMs,
      lightAvailable: m.lightAvailable,
      tool: m.tool,
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
      colony: copy(m.colony),
    };
  });
}

export function worldToScreen(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  return page.evaluate(([wx, wy]) => {
    const m = window.__meadow;
    if (!m) throw new Error("no debug hook");
    return m.worldToScreen(wx, wy);
  }, [x, y] as const);
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
        const blob = await (await fetch(`data:image/png;base64,${base64}`)).blob();
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
