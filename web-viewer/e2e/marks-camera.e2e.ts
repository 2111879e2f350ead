// The viewer's side of marks, the camera and the figures, whatever the server can do yet: frames
// from the real server pass through a WebSocket route that adds marks (an attract ring, crumbs,
// a predator), a grown world and camera, or figures (locked settings, slowed, fed, arrivals)
// before the page sees them. This tests only
// the drawing and the glide; tools.e2e.ts tests the real thing against a server that has it.
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { LocksSchema, MarkSchema, ServerMessageSchema, Tool, type Mark } from "../src/gen/meadow/v1/viewer_pb";
import { type Rect } from "../src/gen/meadow/v1/geometry_pb";
import { PULSE_S } from "../src/render/marks";
import { debugState, launchChromium, paintedFrames, saveArtifact, waitConnected, worldToScreen, SHOWN_WITHIN_MS } from "./browser";
import { sleep } from "./server";

interface Injection {
  marks: Mark[];
  world: Rect | undefined;
  camera: Rect | undefined;
  /** Figures to set on every frame's SwarmFigures. */
  figures?: { settingsLocked?: boolean; slowed?: boolean; fed?: bigint; targetCount?: number };
  /** The operator's locks to set on every frame. */
  locks?: { attract?: boolean; flower?: boolean; rock?: boolean; predator?: boolean; settings?: boolean };
}

async function openRouted(browser: Browser, url: string, inject: Injection): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((m) => server.send(m));
    server.onMessage((m) => {
      if (typeof m === "string") {
        ws.send(m);
        return;
      }
      const message = fromBinary(ServerMessageSchema, new Uint8Array(m));
      if (message.body.case === "frame") {
        const frame = message.body.value;
        frame.marks.push(...inject.marks);
        if (inject.world) frame.worldBounds = inject.world;
        if (inject.camera) frame.camera = inject.camera;
        if (inject.figures && frame.swarm) Object.assign(frame.swarm, inject.figures);
        if (inject.locks) frame.locks = create(LocksSchema, inject.locks);
      }
      ws.send(Buffer.from(toBinary(ServerMessageSchema, message)));
    });
  });
  await page.goto(url);
  return { page, errors };
}

/** RGBA of the marks canvas at a page position. */
function marksPixel(page: Page, x: number, y: number): Promise<number[]> {
  return page.evaluate(([px, py]) => {
    const canvas = document.getElementById("marks-layer") as HTMLCanvasElement;
    const d = canvas.getContext("2d")?.getImageData(Math.round(px * devicePixelRatio), Math.round(py * devicePixelRatio), 1, 1).data;
    return d ? Array.from(d) : [];
  }, [x, y] as const);
}

/**
 * The largest alpha of the marks canvas along the line from 0.85 to 1.07 of a ring's radius
 * right of its centre (world units), all read in one task of the page: one drawn frame.
 */
function ringLineAlpha(page: Page, centre: { x: number; y: number }, radius: number): Promise<number> {
  return page.evaluate(
    ([cx, cy, r]) => {
      const m = window.__meadow;
      const canvas = document.getElementById("marks-layer") as HTMLCanvasElement | null;
      const ctx = canvas?.getContext("2d");
      if (!m || !ctx) throw new Error("no debug hook or marks layer");
      let most = 0;
      for (let f = 0.85; f <= 1.07; f += 0.01) {
        const q = m.worldToScreen(cx + r * f, cy);
        const a = ctx.getImageData(Math.round(q.x * devicePixelRatio), Math.round(q.y * devicePixelRatio), 1, 1).data[3] ?? 0;
        most = Math.max(most, a);
      }
      return most;
    },
    [centre.x, centre.y, radius] as const,
  );
}

describe("marks and camera, drawn from (augmented) frames", () => {
  const baseUrl = inject("baseUrl");
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("draws attract rings, crumbs and predators where the frames put them", async () => {
    const injection: Injection = {
      marks: [
        create(MarkSchema, { id: 9001, tool: Tool.ATTRACT, position: { x: 400, y: 300 }, radius: 60, ownerSession: 999n }),
        create(MarkSchema, { id: 9002, tool: Tool.FLOWER, position: { x: 800, y: 600 }, radius: 250 }),
        create(MarkSchema, { id: 9003, tool: Tool.FLOWER, position: { x: 812, y: 606 }, radius: 250 }),
        create(MarkSchema, { id: 9004, tool: Tool.PREDATOR, position: { x: 1200, y: 450 }, radius: 120, ownerSession: 998n }),
      ],
      world: undefined,
      camera: undefined,
    };
    const { page, errors } = await openRouted(browser, baseUrl, injection);
    await waitConnected(page);
    await page.waitForFunction(() => (window.__meadow?.marks.length ?? 0) >= 4, undefined, { timeout: 10_000 });
    const marks = (await debugState(page)).marks;
    expect(marks.map((m) => m.tool).sort()).toEqual(["attract", "flower", "flower", "predator"]);
    await paintedFrames(page);

    // Ring: lit on its circumference, clear in its middle. Crumb: a warm speck. Predator: red.
    // The ring pulses between about 0.92 and 1.02 of its radius, and from 0.35 to 0.7 of full
    // alpha (its trough, antialiased, can be under 60 of 255): look along a line across it, the
    // whole line at one instant, again and again for longer than a pulse, and take the brightest.
    let edgeAlpha = 0;
    const until = Date.now() + PULSE_S * 1000 + 400;
    while (Date.now() < until) {
      edgeAlpha = Math.max(edgeAlpha, await ringLineAlpha(page, { x: 400, y: 300 }, 60));
      await sleep(100);
    }
    expect(edgeAlpha, "ring alpha on its edge").toBeGreaterThan(60);
    const ringMiddle = await worldToScreen(page, 400, 300);
    expect((await marksPixel(page, ringMiddle.x, ringMiddle.y))[3], "ring is open in the middle").toBeLessThan(10);

    const crumb = await worldToScreen(page, 800, 600);
    const c = await marksPixel(page, crumb.x, crumb.y);
    expect(c[3]).toBeGreaterThan(150);
    expect(c[0] ?? 0).toBeGreaterThan(c[2] ?? 0); // warm: more red than blue

    const predatorEdge = await worldToScreen(page, 1200 + 120, 450);
    const p = await marksPixel(page, predatorEdge.x - 0.5, predatorEdge.y);
    expect(p[3]).toBeGreaterThan(60);
    expect(p[0] ?? 0).toBeGreaterThan((p[1] ?? 0) + 40); // reddish
    saveArtifact("marks.png", await page.screenshot());
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("glides to a grown world's camera, the light following through the same mapping", async () => {
    const injection: Injection = { marks: [], world: undefined, camera: undefined };
    const { page, errors } = await openRouted(browser, baseUrl, injection);
    await waitConnected(page);
    const start = (await debugState(page)).camera;
    expect(start.width).toBeCloseTo(1600, 3);
    // The world (ground) grows to 3 × 3 meadows around the first one; the camera shows all of it.
    const grown = { x: -1600, y: -900, width: 4800, height: 2700 };
    injection.marks = [create(MarkSchema, { id: 1, tool: Tool.ATTRACT, position: { x: 800, y: 450 }, radius: 60 })];
    injection.world = { $typeName: "meadow.v1.Rect", ...grown };
    injection.camera = { $typeName: "meadow.v1.Rect", ...grown };
    const t0 = Date.now();
    await page.waitForFunction(() => (window.__meadow?.cameraTarget?.width ?? 0) > 4000, undefined, { timeout: 10_000 });
    // Once the glide is under way (a tenth of the way out), catch it before it ends.
    await page.waitForFunction(() => (window.__meadow?.camera.width ?? 0) > 1600 + 0.1 * 3200, undefined, { timeout: 10_000 });
    const mid = (await debugState(page)).camera;
    expect(mid.width, "part of the way out").toBeGreaterThan(1600);
    expect(mid.width, "not there yet").toBeLessThan(4800 * 0.98);
    saveArtifact("camera-mid.png", await page.screenshot());
    await page.waitForFunction(() => Math.abs((window.__meadow?.camera.width ?? 0) - 4800) < 1, undefined, { timeout: 20_000 });
    expect(Date.now() - t0, "a glide, not a jump").toBeGreaterThan(1000);
    // The meadow's middle is now in the middle of the screen at a third of the scale.
    const centre = await worldToScreen(page, 800, 450);
    expect(centre.x).toBeCloseTo(640, 0);
    const edge = await worldToScreen(page, 2400, 450);
    expect(edge.x - centre.x).toBeCloseTo(1600 * (720 / 2700), 0);
    // The ground covers the grown world: far corners of it are painted, not night-black.
    const corner = await worldToScreen(page, -1500, -800);
    const ground = await page.evaluate(([x, y]) => {
      const canvas = document.getElementById("meadow-layer") as HTMLCanvasElement;
      const d = canvas.getContext("2d")?.getImageData(Math.round(x), Math.round(y), 1, 1).data;
      return d ? Array.from(d) : [];
    }, [corner.x, corner.y] as const);
    expect((ground[1] ?? 0) + (ground[2] ?? 0)).toBeGreaterThan(10);
    saveArtifact("camera-grown.png", await page.screenshot());
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("shows locked settings as locked, and a slowed swarm, arrivals and the fed count in the status", async () => {
    const injection: Injection = {
      marks: [],
      world: undefined,
      camera: undefined,
      figures: { settingsLocked: true, slowed: true, fed: 1234n, targetCount: 4500 },
      locks: { predator: true, flower: true, settings: true },
    };
    const { page, errors } = await openRouted(browser, baseUrl, injection);
    await waitConnected(page);
    await page.waitForFunction(() => window.__meadow?.settingsLocked === true, undefined, { timeout: 10_000 });
    await page.waitForFunction(() => (document.getElementById("weight-cohesion") as HTMLInputElement).disabled, undefined, { timeout: SHOWN_WITHIN_MS });
    expect(await page.getAttribute("#weight-cohesion", "title")).toMatch(/locked/i);
    expect(await page.isVisible("#sliders .lock")).toBe(true);
    // The locked tool on the tool bar, and the phone menu's locked buttons (count and tool).
    await page.waitForFunction(() => document.querySelector('#toolbar button[data-tool="predator"]')?.classList.contains("locked") === true, undefined, { timeout: SHOWN_WITHIN_MS });
    expect(await page.getAttribute('#toolbar button[data-tool="predator"]', "title")).toMatch(/locked/i);
    expect(await page.getAttribute('#toolbar button[data-tool="rock"]', "aria-disabled")).not.toBe("true");
    for (const action of ["count-more", "count-fewer", "tool-predator", "tool-flower", "food"]) expect(await page.isDisabled(`#more button[data-action="${action}"]`), action).toBe(true);
    // Thrown food is the flower tool's taps: locked with it, on the button and on f.
    expect(await page.isDisabled("#throw-food")).toBe(true);
    const sent = (await debugState(page)).sentActions.length;
    await page.keyboard.press("f");
    await page.waitForFunction(() => /food, is locked/i.test(document.getElementById("notice")?.textContent ?? ""), undefined, { timeout: SHOWN_WITHIN_MS });
    expect((await debugState(page)).sentActions.length).toBe(sent);
    expect(await page.isDisabled('#more button[data-action="tool-rock"]')).toBe(false);
    await page.keyboard.press("ArrowUp");
    expect((await debugState(page)).requestedCount).toBeUndefined();
    await page.waitForFunction(() => /locked/i.test(document.getElementById("notice")?.textContent ?? ""), undefined, { timeout: SHOWN_WITHIN_MS });
    await page.waitForFunction(
      () => /3,000 → 4,500 fireflies · slowed · 1,234 fed/.test(document.getElementById("status")?.textContent ?? ""),
      undefined,
      { timeout: SHOWN_WITHIN_MS },
    );
    saveArtifact("locked.png", await page.screenshot());
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
