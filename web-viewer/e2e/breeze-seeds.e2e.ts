// The breeze, seeds and flowers' lives (docs/rules.md "The flowers", "The breeze") on screen. First
// from colony frames of our own making (colony-route.ts, with a breeze we set): a falling seed is a
// pale speck drawn above its ground point, fainter as it comes down; a firefly with a seed has a
// cream dot at its side; a shoot is a small green sprout, a wilting flower a drooping, fading
// mauve-brown one, a withered one brown, and the status line shows the frame's flowers in bloom;
// the motes drift downwind (east, then west, then south, between two readings of the air canvas)
// and a gust draws streaks. Then against the real server: frames bring a breeze in both worlds, and
// the motes drift the way it blows. COLONY_ROUTE_ALONE=1 runs the first part without a server.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ColonyFireflyState, FlowerStage } from "../src/gen/meadow/v1/colony/colony_frame_pb";
import { airSpeed } from "../src/wind/breeze";
import { streakCount } from "../src/wind/streaks";
import { canvasBox, canvasPixel, canvasSpecks, debugState, framesLater, launchChromium, openViewer, paintedFrames, saveArtifact, waitConnected, waitForState, worldToScreen, DESKTOP_VIEWPORT, SHOWN_WITHIN_MS } from "./browser";
import { routeColony, type BreezeInit, type ColonyInit } from "./colony-route";
import { sleep } from "./server";

const ALONE = process.env.COLONY_ROUTE_ALONE === "1";
const UNIT = 0.25;
const q = (v: number): number => Math.round(v / UNIT);
const SEEDED = { x: 500, y: 300 };
const PLAIN = { x: 700, y: 300 };
/** Seeds high (just off a firefly) and low (about to land), on the ground below them. */
const HIGH_SEED = { x: 900, y: 300, height: 0.75 };
const LOW_SEED = { x: 1000, y: 300, height: 0.1 };
const SHOOT = { id: 3, x: 1100, y: 250 };
const BLOOM = { id: 6, x: 1300, y: 250 };
const WILTING = { id: 4, x: 1300, y: 500 };
const WITHERED = { id: 7, x: 1450, y: 700 };
/** World units a seed at height 1 is drawn above its ground point (seed-specks.ts). */
const LIFT = 16;
/** World units to the side of its firefly a seed sits (firefly-look.ts). */
const SEED_SIDE = 5;

function scene(): ColonyInit {
  return {
    positionUnit: UNIT,
    stump: { x: 220, y: 700 },
    stumpRadius: 48,
    store: 0.5,
    size: 2,
    maxSize: 500,
    maxDroppedFlowers: 3,
    // As the server counts them: the bloom and the wilting one (it still has nectar).
    flowersInBloom: 2,
    fireflies: [
      { id: 1, x: q(SEEDED.x), y: q(SEEDED.y), heading: 0, energy: 255, state: ColonyFireflyState.WANDERING, fade: 255, seed: true },
      { id: 2, x: q(PLAIN.x), y: q(PLAIN.y), heading: 0, energy: 255, state: ColonyFireflyState.WANDERING, fade: 255 },
    ],
    seeds: [
      { id: 11, position: { x: HIGH_SEED.x, y: HIGH_SEED.y }, height: HIGH_SEED.height },
      { id: 12, position: { x: LOW_SEED.x, y: LOW_SEED.y }, height: LOW_SEED.height },
    ],
    flowers: [
      { id: SHOOT.id, position: SHOOT, sips: 0, sipsFull: 90, stage: FlowerStage.SHOOT, growth: 0.4 },
      { id: BLOOM.id, position: BLOOM, sips: 90, sipsFull: 90, stage: FlowerStage.BLOOM, growth: 0.3, dropped: true },
      { id: WILTING.id, position: WILTING, sips: 30, sipsFull: 90, stage: FlowerStage.WILTING, growth: 0.97 },
      { id: WITHERED.id, position: WITHERED, sips: 0, sipsFull: 90, stage: FlowerStage.WITHERED, growth: 1 },
    ],
  };
}

interface Spot {
  readonly x: number;
  readonly y: number;
}

async function box(page: Page, canvas: string, world: Spot, r: number, minAlpha = 30, dx = 0, dy = 0) {
  const p = await worldToScreen(page, world.x, world.y);
  return canvasBox(page, canvas, p.x + dx, p.y + dy, r, minAlpha);
}

/**
 * How the motes moved between two readings of the air canvas (the move most of them share,
 * within `within` CSS px, and how many share it), the seconds between the readings, the seconds
 * of breeze the motes were carried meanwhile (less on a busy machine, whose long animation
 * frames are cut short) and the breeze's mean direction. A screenshot is saved just before the
 * first reading and just after the second (one takes longer than the wait, so none in between).
 */
async function moteDrift(page: Page, waitMs: number, name: string, within = 70): Promise<{ dx: number; dy: number; matched: number; seconds: number; carriedS: number; direction: number; turnedBy: number }> {
  saveArtifact(`breeze-${name}-a.png`, await page.screenshot());
  const a = await canvasSpecks(page, "air-layer");
  await sleep(waitMs);
  const b = await canvasSpecks(page, "air-layer");
  saveArtifact(`breeze-${name}-b.png`, await page.screenshot());
  // Every speck of the first reading paired with every one of the second that lies within
  // reach: the moves of the same motes pile up near one vector (the drift, spread by each
  // mote's own speed), the chance pairs scatter thinly. The densest 3 × 3 bins of the moves'
  // histogram say where the drift lies. (Nearest neighbours would not do: a mote's own later
  // self is often farther than someone else's.)
  const BIN = 3;
  const bins = new Map<string, number>();
  for (const p of a.specks) {
    for (const o of b.specks) {
      const dx = o.x - p.x;
      const dy = o.y - p.y;
      if (Math.hypot(dx, dy) > within) continue;
      const key = `${Math.round(dx / BIN)},${Math.round(dy / BIN)}`;
      bins.set(key, (bins.get(key) ?? 0) + 1);
    }
  }
  let m = { x: 0, y: 0, matched: 0 };
  for (const key of bins.keys()) {
    const [i = 0, j = 0] = key.split(",").map(Number);
    let n = 0;
    for (let di = -1; di <= 1; di++) for (let dj = -1; dj <= 1; dj++) n += bins.get(`${i + di},${j + dj}`) ?? 0;
    if (n > m.matched) m = { x: i * BIN, y: j * BIN, matched: n };
  }
  // The breeze's mean direction over the two readings (it wanders, and swings in a gust).
  const da = a.direction ?? Number.NaN;
  const db = b.direction ?? Number.NaN;
  const direction = Math.atan2(Math.sin(da) + Math.sin(db), Math.cos(da) + Math.cos(db));
  return { dx: m.x, dy: m.y, matched: m.matched, seconds: (b.atMs - a.atMs) / 1000, carriedS: b.carriedS - a.carriedS, direction, turnedBy: db - da };
}

describe("seeds, flowers' lives and the breeze, from frames of our own making", () => {
  const baseUrl = inject("baseUrl");
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  const air: { direction: number; strength: number; gust: number } = { direction: 0, strength: 0.2, gust: 0 };

  beforeAll(async () => {
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: DESKTOP_VIEWPORT, deviceScaleFactor: 1 });
    page = await context.newPage();
    page.on("pageerror", (e) => errors.push(e.message));
    const breeze = (): BreezeInit => ({ ...air });
    await routeColony(page, scene, ALONE ? "alone" : "server", breeze);
    await page.goto(baseUrl);
    await page.waitForFunction(() => window.__meadow?.connected === true, undefined, { timeout: 20_000 });
    await page.keyboard.press("w");
    await page.waitForFunction(() => window.__meadow?.world === "colony" && (window.__meadow.colony?.drawn ?? 0) > 0, undefined, { timeout: 10_000 });
    await framesLater(page);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("draws falling seeds as pale specks above their ground, a cream dot on a firefly with a seed", async () => {
    const s = await debugState(page);
    expect(s.colony?.seeds.map((sd) => sd.id)).toEqual([11, 12]);
    expect(s.colony?.seedCarriers).toBe(1);
    saveArtifact("breeze-seeds.png", await page.screenshot());

    // The high seed: a pale speck 12 units above its ground point (a frame's drift at most a
    // little downwind, east), nothing on the ground itself.
    const high = await box(page, "colony-light", { x: HIGH_SEED.x, y: HIGH_SEED.y - LIFT * HIGH_SEED.height }, 4, 10, 1);
    expect(high.lit, "a speck above the seed's ground point").toBeGreaterThan(0);
    const [r, g, b] = high.mean;
    expect(Math.min(r, g, b), "pale").toBeGreaterThan(190);
    expect(high.maxAlpha).toBeGreaterThan(130);
    expect((await box(page, "colony-light", HIGH_SEED, 2, 10)).lit, "not drawn on the ground").toBe(0);
    // The low seed, nearly down: near its ground point and fainter.
    const low = await box(page, "colony-light", { x: LOW_SEED.x, y: LOW_SEED.y - LIFT * LOW_SEED.height }, 4, 10, 1);
    expect(low.lit).toBeGreaterThan(0);
    expect(low.maxAlpha, "fainter as it lands").toBeLessThan(high.maxAlpha - 40);

    // The cream dot at the side of the firefly with a seed (its right, flying east: below it).
    const side = await worldToScreen(page, SEEDED.x, SEEDED.y + SEED_SIDE);
    const dot = await canvasPixel(page, "colony-light", side.x, side.y);
    expect(dot[0], "cream: red").toBeGreaterThan(230);
    expect(dot[1], "cream: green").toBeGreaterThan(215);
    expect(dot[2], "cream: some blue, less than red").toBeGreaterThan(160);
    expect(dot[2]).toBeLessThan(dot[0] - 15);
    // The same spot by a firefly without one is its green glow.
    const plainSide = await worldToScreen(page, PLAIN.x, PLAIN.y + SEED_SIDE);
    const glow = await canvasPixel(page, "colony-light", plainSide.x, plainSide.y);
    expect(glow[1]).toBeGreaterThan(glow[2] + 80);
    expect(errors).toEqual([]);
  });

  it("draws a shoot, a bloom, a wilting and a withered flower by their stage; the status counts those in bloom", async () => {
    const s = await debugState(page);
    expect(s.colony?.flowers.map((f) => [f.id, f.stage])).toEqual([
      [3, "shoot"],
      [6, "bloom"],
      [4, "wilting"],
      [7, "withered"],
    ]);
    // The shoot: a small green sprout.
    const shoot = await box(page, "colony-layer", SHOOT, 5);
    expect(shoot.lit, "the shoot is there").toBeGreaterThan(6);
    expect(shoot.mean[1], "green over red").toBeGreaterThan(shoot.mean[0] + 40);
    expect(shoot.mean[1], "green over blue").toBeGreaterThan(shoot.mean[2] + 40);
    const bloomSpread = (await box(page, "colony-layer", BLOOM, 9, 100)).lit;
    expect((await box(page, "colony-layer", SHOOT, 9, 100)).lit, "a shoot is much smaller than a bloom").toBeLessThan(bloomSpread / 2);
    // The bloom: pink petals (blue about its green, with the golden heart). Wilting: mauve-brown
    // (green over blue), fainter.
    const bloom = await box(page, "colony-layer", BLOOM, 7);
    const wilting = await box(page, "colony-layer", WILTING, 7);
    expect(bloom.mean[2] - bloom.mean[1], "bloom: pinker than the wilting one").toBeGreaterThan(wilting.mean[2] - wilting.mean[1] + 10);
    expect(wilting.lit, "the wilting flower is there").toBeGreaterThan(20);
    expect(wilting.mean[1], "wilting: colour fading to mauve-brown").toBeGreaterThan(wilting.mean[2]);
    expect(wilting.mean[3], "wilting: fainter").toBeLessThan(bloom.mean[3] - 25);
    expect(wilting.lit, "wilting: shrunk").toBeLessThan(bloom.lit);
    // Its nectar ring is still round its root (a third full: lit at 3 o'clock, not at 9).
    const ring = 18;
    expect((await box(page, "colony-layer", { x: WILTING.x + ring, y: WILTING.y }, 1, 100)).lit).toBeGreaterThan(0);
    // Withered: brown.
    const withered = await box(page, "colony-layer", WITHERED, 7);
    expect(withered.lit).toBeGreaterThan(10);
    expect(withered.mean[0], "withered: brown").toBeGreaterThan(withered.mean[2] + 30);
    expect(withered.mean[0]).toBeGreaterThan(withered.mean[1]);
    saveArtifact("breeze-flowers.png", await page.screenshot());
    // Four flowers on the meadow, two in bloom as the frame says (not the shoot or the withered one).
    await page.waitForFunction(() => /fireflies · store 50 % · 2 flowers · /.test(document.getElementById("status")?.textContent ?? ""), undefined, { timeout: SHOWN_WITHIN_MS });
    expect(errors).toEqual([]);
  });

  it("drifts the motes downwind: east, then west, then south", async () => {
    air.strength = 0.8;
    air.gust = 0;
    const scale = (await worldToScreen(page, 100, 0)).x - (await worldToScreen(page, 0, 0)).x; // px per 100 units
    const check = async (direction: number, name: string) => {
      air.direction = direction;
      await waitForState(page, (st) => Math.abs((st.breeze?.direction ?? -9) - direction) < 1e-3, `frames with the breeze towards ${name}`);
      const drift = await moteDrift(page, 300, `motes-${name}`);
      const expected = (airSpeed(air.strength) * scale * drift.carriedS) / 100;
      const along = drift.dx * Math.cos(direction) + drift.dy * Math.sin(direction);
      const across = -drift.dx * Math.sin(direction) + drift.dy * Math.cos(direction);
      console.log(
        `[breeze] ${name}: motes moved (${drift.dx.toFixed(1)}, ${drift.dy.toFixed(1)}) px in ${drift.seconds.toFixed(2)} s (${drift.carriedS.toFixed(2)} s carried), ${drift.matched} alike, expected ~${expected.toFixed(1)} px downwind`,
      );
      expect(drift.matched, `${name}: motes that moved alike`).toBeGreaterThan(20);
      expect(drift.carriedS, `${name}: the air moved them`).toBeGreaterThan(0.1);
      // Each mote goes at 0.7 … 1.3 of the air's speed (motes.ts): the median about as fast.
      expect(along, `${name}: downwind`).toBeGreaterThan(expected * 0.6);
      expect(along).toBeLessThan(expected * 1.4);
      expect(Math.abs(across), `${name}: not across the wind`).toBeLessThan(expected * 0.35 + 1.5);
    };
    await check(0, "east");
    await check(Math.PI, "west");
    await check(Math.PI / 2, "south");
    expect((await debugState(page)).air.streaks, "no gust, no streaks").toBe(0);
    expect(errors).toEqual([]);
  });

  it("draws gust streaks while a gust blows, more the further into it", async () => {
    air.direction = 0;
    air.strength = 0.9;
    const litAir = async () => (await canvasBox(page, "air-layer", 640, 360, 640, 20)).lit;
    const gusting = (gust: number) =>
      waitForState(page, (st) => Math.abs((st.breeze?.gust ?? -1) - gust) < 1e-3 && st.air.streaks === streakCount(gust) && st, `frames ${gust} into a gust, drawn`);
    air.gust = 0;
    await gusting(0);
    const calm = await litAir();
    air.gust = 0.3;
    const some = (await gusting(0.3)).air.streaks;
    air.gust = 1;
    const s = await gusting(1);
    await paintedFrames(page);
    expect(s.air.streaks).toBeGreaterThan(some);
    expect(some).toBeGreaterThan(0);
    const gusty = await litAir();
    saveArtifact("breeze-gust.png", await page.screenshot());
    console.log(`[breeze] lit air pixels: ${calm} calm, ${gusty} in a full gust (${s.air.streaks} streaks)`);
    expect(gusty, "streaks add to the air").toBeGreaterThan(calm * 1.3);
    air.gust = 0;
    await waitForState(page, (st) => st.air.streaks === 0, "the streaks go with the gust");
    expect(errors).toEqual([]);
  });
});

describe.skipIf(ALONE)("the breeze against the real server", () => {
  const baseUrl = inject("baseUrl");
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
  });

  /**
   * The motes move the way the frames' breeze blows (cosine above 0.7). The real breeze wanders
   * and a gust swings it 30–60° within 2 s and draws streaks on the same canvas, whose pieces
   * pair up by chance into a false drift (seen in CI: a cosine of -0.94 at gust 0.03). So each
   * reading waits for calm air (no streaks), counts only when it stayed calm and the breeze
   * pointed the same way (within 15°) at both ends, and up to three are taken, each logged.
   */
  async function motesFollowBreeze(page: Page, world: string): Promise<void> {
    const s = await waitForState(page, (st) => st.breeze && st.air.motes > 0 && st, "a breeze in the frames and motes drawn");
    const breeze = s.breeze;
    if (!breeze) throw new Error("no breeze");
    expect(breeze.strength).toBeGreaterThanOrEqual(0);
    expect(breeze.strength).toBeLessThanOrEqual(1);
    const readings: string[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      await waitForState(page, (st) => st.air.streaks === 0, "calm air between gusts", 20_000);
      const drift = await moteDrift(page, 500, `real-${world}-${attempt}`);
      const calm = (await debugState(page)).air.streaks === 0;
      const direction = drift.direction;
      const length = Math.hypot(drift.dx, drift.dy);
      const cosine = (drift.dx * Math.cos(direction) + drift.dy * Math.sin(direction)) / Math.max(length, 1e-9);
      const steady = Math.abs(Math.atan2(Math.sin(drift.turnedBy), Math.cos(drift.turnedBy))) < (15 * Math.PI) / 180;
      const line = `${world} #${attempt}: breeze towards ${((direction * 180) / Math.PI).toFixed(0)}° (turned ${((drift.turnedBy * 180) / Math.PI).toFixed(0)}°), ${calm ? "calm" : "a gust began"}; motes moved (${drift.dx.toFixed(1)}, ${drift.dy.toFixed(1)}) px in ${drift.seconds.toFixed(2)} s, ${drift.matched} alike, cosine ${cosine.toFixed(2)}`;
      console.log(`[breeze] ${line}`);
      readings.push(line);
      if (calm && steady && drift.matched > 15 && length > 3 && cosine > 0.7) return;
    }
    throw new Error(`${world}: the motes did not drift downwind in any of three readings:\n${readings.join("\n")}`);
  }

  it("brings a breeze in the swarm's frames and the colony's, and the motes drift with it in both", async () => {
    const { page, errors } = await openViewer(browser, baseUrl);
    await waitConnected(page);
    await motesFollowBreeze(page, "swarm");
    await page.keyboard.press("w");
    await waitForState(page, (st) => st.world === "colony" && st.colony && st.colony.drawn > 0, "the page draws the colony");
    await motesFollowBreeze(page, "colony");
    const s = await debugState(page);
    // The status line counts the flowers in bloom, as the frame does.
    const n = s.colony?.flowersInBloom ?? 0;
    const text = n === 0 ? "no flowers" : `${n} flower`;
    await page.waitForFunction((t) => (document.getElementById("status")?.textContent ?? "").includes(t), text, { timeout: SHOWN_WITHIN_MS });
    saveArtifact("breeze-real.png", await page.screenshot());
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
