// The music in Chromium (docs/rules.md "The music"). Offline: 20 s of each theme rendered with an
// OfflineAudioContext from the frame streams recorded from a real server (test/data/, by
// scripts/capture-music.ts): not silent, never clipping, the tempo heard in the onsets within 2 %
// of what the stream's size gives, harmony bars heard while a group flashes in sync and none in
// the same stream with its sync taken out, a crowded colony, a switch of worlds without clipping.
// Live: the viewer against the real server (m, the panel, w), and kiosk mode without and with
// the autoplay flag.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { colonyTempoBpm } from "../src/music/colony/colony-mappings";
import { swarmTempoBpm } from "../src/music/swarm/swarm-mappings";
import { loadRecording, looped, meanOver, withoutSync } from "../test/music/music-streams";
import type { MusicFrame } from "../src/music/music-frame";
import { launchChromium, waitConnected, SHOWN_WITHIN_MS } from "./browser";
import { openMusicPage } from "./music-page";
import { chromium } from "playwright-core";

/** s of music rendered per theme. */
const RENDER_S = 20;
/** s of the colony rendered for the harmony test: two plays of the 22 s recording. */
const HARMONY_S = 40;
/** Hz: the offline renders' rate (CD rate: enough for every voice, half the work of 96 kHz). */
const SAMPLE_RATE = 44_100;
/** The tempo search range (bpm): covers both themes (60 … 130) and excludes their half and double tempos. */
const MIN_BPM = 56;
const MAX_BPM = 140;
/** RMS (full scale 1) under which a stretch counts as silent: −50 dBFS. */
const SILENT_RMS = 10 ** (-50 / 20);
/** s: the stretches checked for silence: no two seconds of the render may be silent. */
const SILENCE_WINDOW_S = 2;
/**
 * Harmony heard: in a harmony bar the power at its chord's notes must be this many times what
 * the same bar has without sync (×4 = +6 dB); a bar without harmony must stay under ×2.
 */
const HARMONY_RATIO = 4;
const NO_HARMONY_RATIO = 2;
/**
 * The largest step allowed between two samples. The music's sharpest sound, the hats' filtered
 * noise, steps by about 0.14; a gain jumping on a loud voice (a click) steps by far more.
 */
const CLICK_STEP = 0.3;

/** How many times over the crowded colony's test repeats each frame's events. */
const CROWD = 20;

/** s of the recorded gust rendered (the recording's 4 s before the gust and 8 after). */
const GUST_S = 12;
/** Hz: where the breeze's brightness is read: between the notes of D lydian from B5 to G♯6, so only noise is there. */
const BREEZE_PROBES_HZ = [1045, 1245, 1400, 1560];

const colony = loadRecording("colony-sync");
const gust = loadRecording("colony-gust");
const swarm = loadRecording("swarm");

interface Figures {
  peak: number;
  rms: number;
  quietestWindowRms: number;
  largestStep: number;
  tempo: number;
  conductorBpm: number | undefined;
  harmonyBars: number;
  bars: number;
  renderMs: number;
}

async function renderFigures(page: Page, frames: readonly MusicFrame[], tickRate: number): Promise<Figures> {
  return page.evaluate(
    async ([fr, rate, seconds, sr, minBpm, maxBpm, windowS]) => {
      const m = window.meadowMusic;
      if (!m) throw new Error("no music bundle");
      const t0 = performance.now();
      const out = await m.renderMusic({ frames: fr, tickRate: rate, seconds, sampleRate: sr });
      const renderMs = performance.now() - t0;
      const x = out.samples;
      const win = Math.round(windowS * sr);
      let quietest = Number.POSITIVE_INFINITY;
      for (let a = 0; a + win <= x.length; a += win) quietest = Math.min(quietest, m.rms(x, a, a + win));
      const env = m.onsetEnvelope(x, sr);
      return {
        peak: m.peakAbs(x),
        rms: m.rms(x),
        quietestWindowRms: quietest,
        largestStep: m.largestStep(x),
        tempo: m.tempoFromOnsets(env, 0.005, minBpm, maxBpm),
        conductorBpm: out.bpm,
        harmonyBars: out.log.harmonyBars.length,
        bars: out.log.bars.length,
        renderMs,
      };
    },
    [frames, tickRate, RENDER_S, SAMPLE_RATE, MIN_BPM, MAX_BPM, SILENCE_WINDOW_S] as const,
  );
}

function checkSound(name: string, f: Figures, expectedBpm: number): void {
  const tempoError = Math.abs(f.tempo - expectedBpm) / expectedBpm;
  console.log(
    `[music] ${name}: peak ${f.peak.toFixed(3)} (${(20 * Math.log10(f.peak)).toFixed(1)} dBFS), rms ${f.rms.toFixed(3)}, quietest ${SILENCE_WINDOW_S} s ${(20 * Math.log10(f.quietestWindowRms)).toFixed(1)} dBFS, ` +
      `largest step ${f.largestStep.toFixed(3)}, tempo measured ${f.tempo.toFixed(2)} vs expected ${expectedBpm.toFixed(2)} bpm (${(100 * tempoError).toFixed(2)} %), ` +
      `${f.harmonyBars}/${f.bars} harmony bars, rendered in ${f.renderMs.toFixed(0)} ms`,
  );
  expect(f.quietestWindowRms).toBeGreaterThan(SILENT_RMS);
  expect(f.peak).toBeLessThan(1);
  expect(f.largestStep).toBeLessThan(CLICK_STEP);
  expect(tempoError).toBeLessThan(0.02);
}

describe("the music, rendered offline from recorded streams", () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    browser = await launchChromium();
    ({ page, errors } = await openMusicPage(browser));
  });

  afterAll(async () => {
    expect(errors).toEqual([]);
    await browser?.close();
  });

  it("colony: 20 s, not silent, never clipping, at the tempo of the colony's size", async () => {
    const expected = colonyTempoBpm(meanOver(colony.frames, colony.tickRate, RENDER_S, (f) => f.figures?.size), false);
    checkSound("colony", await renderFigures(page, colony.frames, colony.tickRate), expected);
  });

  it("swarm: 20 s, not silent, never clipping, at the tempo of the swarm's size", async () => {
    const expected = swarmTempoBpm(meanOver(swarm.frames, swarm.tickRate, RENDER_S, (f) => f.figures?.count));
    checkSound("swarm", await renderFigures(page, swarm.frames, swarm.tickRate), expected);
  });

  // A harmony comes on 30 % of the bars, and 20 s of the colony are only six bars: this test
  // plays the recording twice over (HARMONY_S), so that it hears a dozen bars' chances.
  it("a group flashing in sync brings harmony bars; the same stream without sync has none", async () => {
    const r = await page.evaluate(
      async ([synced, plain, rate, seconds, sr]) => {
        const m = window.meadowMusic;
        if (!m) throw new Error("no music bundle");
        const a = await m.renderMusic({ frames: synced, tickRate: rate, seconds, sampleRate: sr });
        const b = await m.renderMusic({ frames: plain, tickRate: rate, seconds, sampleRate: sr });
        const harmony = a.log.harmonyBars;
        // Every bar with at least a second of it rendered, with the chord its bar would carry
        // (the harmony bars' chords repeat with the progression: bar % 4), read from 0.3 s into
        // the bar (after the pad's attack) to its end or the render's.
        const chords = new Map(harmony.map((h) => [h.bar % 4, h.chord]));
        const hz = (midi: number) => 440 * 2 ** ((midi - 69) / 12);
        const bars = a.log.bars
          .filter((bar) => bar.timeS + 1.3 <= seconds && chords.has(bar.bar % 4))
          .map((bar) => {
            const from = (bar.timeS + 0.3) * sr;
            const to = Math.min(seconds, bar.timeS + (4 * 60) / bar.bpm) * sr;
            const chord = chords.get(bar.bar % 4) ?? [];
            const power = (x: Float32Array) => chord.reduce((s, n) => s + m.tonePower(x, sr, hz(n), from, to), 0);
            return { bar: bar.bar, harmony: harmony.some((h) => h.bar === bar.bar), ratio: power(a.samples) / power(b.samples) };
          });
        return { harmonyBars: harmony.length, plainHarmonyBars: b.log.harmonyBars.length, plainPadNotes: b.log.notes.pad ?? 0, bars, barsPlayed: a.log.bars.length };
      },
      [looped(colony.frames, 2), withoutSync(looped(colony.frames, 2)), colony.tickRate, HARMONY_S, SAMPLE_RATE] as const,
    );
    console.log(`[music] harmony: with sync ${r.harmonyBars}/${r.barsPlayed} bars, without ${r.plainHarmonyBars}; chord power with ÷ without sync per bar: ${r.bars.map((b) => `${b.bar}${b.harmony ? "H" : ""} ×${b.ratio.toFixed(1)}`).join(", ")}`);
    expect(r.harmonyBars).toBeGreaterThan(0);
    expect(r.plainHarmonyBars).toBe(0);
    expect(r.plainPadNotes).toBe(0);
    const heard = r.bars.filter((b) => b.harmony);
    expect(heard.length).toBeGreaterThan(0);
    for (const b of heard) expect(b.ratio).toBeGreaterThan(HARMONY_RATIO);
    for (const b of r.bars.filter((x) => !x.harmony)) expect(b.ratio).toBeLessThan(NO_HARMONY_RATIO);
  });

  it("a swarming colony (every event twenty times over: ~700 flashes a second) stays music: thinned, never clipping", async () => {
    const crowded = colony.frames.map((f) => ({ ...f, figures: f.figures && { ...f.figures, size: 500 }, events: Array.from({ length: CROWD }, () => f.events).flat() }));
    const flashesPerS = crowded.flatMap((f) => f.events).filter((e) => e.kind === "flash").length / (crowded.length / colony.frameRate);
    const r = await page.evaluate(
      async ([fr, rate, seconds, sr]) => {
        const m = window.meadowMusic;
        if (!m) throw new Error("no music bundle");
        const out = await m.renderMusic({ frames: fr, tickRate: rate, seconds, sampleRate: sr });
        return { peak: m.peakAbs(out.samples), rms: m.rms(out.samples), largestStep: m.largestStep(out.samples), flashNotes: out.log.notes.flash ?? 0, bars: out.log.bars.length, notes: Object.values(out.log.notes).reduce((a, b) => a + (b ?? 0), 0) };
      },
      [crowded, colony.tickRate, RENDER_S, SAMPLE_RATE] as const,
    );
    console.log(`[music] crowded colony: ${flashesPerS.toFixed(0)} flashes/s → ${r.flashNotes} flash notes in ${r.bars} bars, ${r.notes} notes in all; peak ${r.peak.toFixed(3)}, rms ${r.rms.toFixed(3)}, largest step ${r.largestStep.toFixed(3)}`);
    expect(flashesPerS).toBeGreaterThan(500);
    expect(r.flashNotes).toBeLessThanOrEqual(4 * r.bars);
    expect(r.peak).toBeLessThan(1);
    expect(r.largestStep).toBeLessThan(CLICK_STEP);
  });

  it("the breeze swells and brightens with the wind, and a gust brings its rush (a recorded gust)", async () => {
    // Three renders of the recorded gust: as it was; without the gust event (so the difference
    // is the rush alone); and with the breeze held at its first strength (so the difference
    // between this and the second is the breeze following the wind). Groove, flashes and
    // events are the same in all three.
    const frames = gust.frames;
    const first = frames[0]?.tick ?? 0;
    const gustFrame = frames.find((f) => f.events.some((e) => e.kind === "gust"));
    expect(gustFrame, "the recording has a gust").toBeDefined();
    const gustS = ((gustFrame?.tick ?? 0) - first) / gust.tickRate;
    const noGust = frames.map((f) => ({ ...f, events: f.events.filter((e) => e.kind !== "gust") }));
    const calm = frames[0]?.breeze?.strength ?? 0;
    const heldBreeze = noGust.map((f) => ({ ...f, breeze: f.breeze && { ...f.breeze, strength: calm } }));
    const strongest = frames.reduce((a, f) => ((f.breeze?.strength ?? 0) > (a.breeze?.strength ?? 0) ? f : a));
    const strongS = ((strongest.tick - first) / gust.tickRate);
    const r = await page.evaluate(
      async ([fa, fb, fc, rate, seconds, sr, gS, sS, probes]) => {
        const m = window.meadowMusic;
        if (!m) throw new Error("no music bundle");
        const [a, b, c] = await Promise.all([fa, fb, fc].map((fr) => m.renderMusic({ frames: fr, tickRate: rate, seconds, sampleRate: sr })));
        if (!a || !b || !c) throw new Error("no render");
        const diff = new Float32Array(a.samples.length);
        for (let i = 0; i < diff.length; i++) diff[i] = (a.samples[i] ?? 0) - (b.samples[i] ?? 0);
        const band = (x: Float32Array, from: number, to: number) => probes.reduce((s, hz) => s + m.tonePower(x, sr, hz, from * sr, to * sr), 0);
        return {
          rushBefore: m.rms(diff, 0, (gS - 0.1) * sr),
          rushAfter: m.rms(diff, gS * sr, (gS + 2.5) * sr),
          brightCalm: band(b.samples, 0.5, gS - 0.5) / band(c.samples, 0.5, gS - 0.5),
          brightStrong: band(b.samples, sS - 1, sS + 1) / band(c.samples, sS - 1, sS + 1),
          louderStrong: m.rms(b.samples, (sS - 1) * sr, (sS + 1) * sr) / m.rms(c.samples, (sS - 1) * sr, (sS + 1) * sr),
          peak: Math.max(m.peakAbs(a.samples), m.peakAbs(b.samples), m.peakAbs(c.samples)),
        };
      },
      [frames, noGust, heldBreeze, gust.tickRate, GUST_S, SAMPLE_RATE, gustS, strongS, BREEZE_PROBES_HZ] as const,
    );
    console.log(
      `[music] gust at ${gustS.toFixed(2)} s (breeze ${calm} → ${strongest.breeze?.strength} at ${strongS.toFixed(1)} s): rush rms ${r.rushBefore.toExponential(1)} before, ${r.rushAfter.toFixed(4)} after; ` +
        `breeze band power ×${r.brightCalm.toFixed(2)} in calm air, ×${r.brightStrong.toFixed(2)} at the gust's height, loudness ×${r.louderStrong.toFixed(2)}; peak ${r.peak.toFixed(3)}`,
    );
    expect(r.rushBefore).toBeLessThan(1e-4);
    expect(r.rushAfter).toBeGreaterThan(SILENT_RMS);
    expect(r.brightCalm).toBeLessThan(1.5);
    expect(r.brightStrong).toBeGreaterThan(2);
    expect(r.louderStrong).toBeGreaterThan(1);
    expect(r.peak).toBeLessThan(1);
  });

  it("switching worlds crossfades without clipping or clicks, the new theme coming in", async () => {
    // 10 s of the colony, then the swarm's frames carrying on from the next tick.
    const cut = colony.frames.filter((f) => (f.tick - (colony.frames[0]?.tick ?? 0)) / colony.tickRate < 10);
    const lastTick = cut[cut.length - 1]?.tick ?? 0;
    const swarmFirst = swarm.frames[0]?.tick ?? 0;
    const frames = [...cut, ...swarm.frames.map((f) => ({ ...f, tick: lastTick + 2 + (f.tick - swarmFirst) }))];
    const r = await page.evaluate(
      async ([fr, rate, seconds, sr]) => {
        const m = window.meadowMusic;
        if (!m) throw new Error("no music bundle");
        const out = await m.renderMusic({ frames: fr, tickRate: rate, seconds, sampleRate: sr });
        const sw = out.log.switches[1];
        const at = (sw?.atS ?? 0) * sr;
        const until = (sw?.untilS ?? 0) * sr;
        return {
          switchAtS: sw?.atS,
          untilS: sw?.untilS,
          peak: m.peakAbs(out.samples),
          largestStep: m.largestStep(out.samples),
          before: m.rms(out.samples, at - sr, at),
          during: m.rms(out.samples, at, until),
          after: m.rms(out.samples, until, until + 2 * sr),
          kicks: out.log.notes.kick ?? 0,
          world: out.log.switches.map((s) => s.to).join(" → "),
        };
      },
      [frames, colony.tickRate, RENDER_S, SAMPLE_RATE] as const,
    );
    console.log(`[music] switch ${r.world} at ${r.switchAtS?.toFixed(3)} … ${r.untilS?.toFixed(3)} s: peak ${r.peak.toFixed(3)}, largest step ${r.largestStep.toFixed(3)}, rms before ${r.before.toFixed(3)}, during ${r.during.toFixed(3)}, after ${r.after.toFixed(3)}`);
    expect(r.world).toBe("colony → swarm");
    expect(r.switchAtS).toBeGreaterThan(10);
    expect(r.switchAtS).toBeLessThan(11.5);
    expect(r.peak).toBeLessThan(1);
    expect(r.largestStep).toBeLessThan(CLICK_STEP);
    for (const v of [r.before, r.during, r.after]) expect(v).toBeGreaterThan(SILENT_RMS);
    expect(r.kicks).toBeGreaterThan(0);
  });
});

describe("the music in the viewer, against the real server", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
  });

  const music = (page: Page) => page.evaluate(() => ({ ...JSON.parse(JSON.stringify(window.__meadowMusic ?? null)) }) as Record<string, unknown>);

  it("m starts the sound, w moves it to the colony's theme, the panel mutes it and sets the volume, m stops it", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(inject("baseUrl"));
    await waitConnected(page);
    expect((await music(page)).state).toBe("off");
    await page.keyboard.press("m");
    await page.waitForFunction(() => window.__meadowMusic?.state === "on" && window.__meadowMusic.world === "swarm" && window.__meadowMusic.bars > 0, undefined, { timeout: 10_000 });
    await page.keyboard.press("w");
    await page.waitForFunction(() => window.__meadowMusic?.world === "colony" && (window.__meadowMusic.notes.handpan ?? 0) > 0, undefined, { timeout: 15_000 });
    await page.click("#sound-mute");
    expect((await music(page)).muted).toBe(true);
    await page.click("#sound-mute");
    await page.fill("#sound-volume", "0.3");
    const s = await music(page);
    expect(s.muted).toBe(false);
    expect(s.volume).toBeCloseTo(0.3, 6);
    // The slider has focus: keys go to it, so m is pressed on the page's body.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press("m");
    expect((await music(page)).state).toBe("off");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("kiosk mode without the autoplay flag waits for a gesture, says so, and m starts the sound", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${inject("baseUrl")}/?kiosk=1`);
    await waitConnected(page);
    await page.waitForFunction(() => window.__meadowMusic?.state === "blocked", undefined, { timeout: SHOWN_WITHIN_MS });
    expect(await page.textContent("#sound-toggle")).toContain("press m");
    await page.keyboard.press("m");
    await page.waitForFunction(() => window.__meadowMusic?.state === "on" && window.__meadowMusic.bars > 0, undefined, { timeout: 10_000 });
    await context.close();
  });

  it("kiosk mode starts the sound by itself in a Chromium allowed to autoplay", async () => {
    const kiosk = await chromium.launch({
      executablePath: process.env.CHROMIUM_BIN ?? "/usr/bin/chromium",
      headless: true,
      args: ["--autoplay-policy=no-user-gesture-required"],
    });
    try {
      const page = await kiosk.newPage();
      await page.goto(`${inject("baseUrl")}/?kiosk=1`);
      await waitConnected(page);
      await page.waitForFunction(() => window.__meadowMusic?.state === "on" && window.__meadowMusic.bars > 0, undefined, { timeout: 10_000 });
      expect((await music(page)).contextState).toBe("running");
    } finally {
      await kiosk.close();
    }
  });
});
