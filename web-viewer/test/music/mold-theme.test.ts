import { describe, expect, it } from "vitest";
import { Conductor } from "../../src/music/conductor";
import { CoverageTrend } from "../../src/music/mold/coverage-trend";
import { moldFigures } from "../../src/music/mold/mold-music-frame";
import { MOLD_BPM, moldLevel, moldNoteChance } from "../../src/music/mold/mold-theme";
import type { MusicFrame } from "../../src/music/music-frame";
import { D3_MIDI, PENTATONIC, inScale } from "../../src/music/scales";
import { loadRecording, RecordingSink, THEMES } from "./music-streams";

/** Frames at 30 a second for `seconds`; the mold measures its net once a second. */
function moldFrames(seconds: number, coverageAt: (s: number) => number, startS = 0): { frame: MusicFrame; atS: number }[] {
  const out: { frame: MusicFrame; atS: number }[] = [];
  for (let i = 0; i < seconds * 30; i++) {
    const atS = startS + i / 30;
    const measured = Math.floor(atS);
    out.push({
      atS,
      frame: {
        tick: Math.round(atS * 60),
        world: "mold",
        breeze: undefined,
        figures: moldFigures({ coverage: coverageAt(measured), agents: 10240, holes: 10, junctions: 30, measuredStep: measured * 60 }),
        events: [],
      },
    });
  }
  return out;
}

/** Plays frames through a conductor, pumping every 25 ms as the live timer does. */
function play(frames: readonly { frame: MusicFrame; atS: number }[], conductor = new Conductor(new RecordingSink(), THEMES)): Conductor {
  let t = frames[0]?.atS ?? 0;
  for (const { frame, atS } of frames) {
    for (; t < atS; t += 0.025) conductor.pump(t);
    conductor.onFrame(frame, atS);
    conductor.pump(atS);
  }
  return conductor;
}

function bells(coverage: number, seconds = 120): { notes: number; meanMidi: number; sink: RecordingSink } {
  const sink = new RecordingSink();
  play(moldFrames(seconds, () => coverage), new Conductor(sink, THEMES));
  const glass = sink.notes.filter((n) => n.note.voice === "glass");
  return { notes: glass.length, meanMidi: glass.reduce((sum, n) => sum + n.note.midi, 0) / glass.length, sink };
}

describe("the mold's theme", () => {
  it("plays more bells, higher and louder, the more of the map the network covers", () => {
    const bare = bells(0.02);
    const half = bells(0.25);
    const full = bells(0.5);
    expect(bare.notes).toBeGreaterThan(0);
    expect(half.notes).toBeGreaterThan(bare.notes * 2);
    expect(full.notes).toBeGreaterThan(half.notes);
    // Brighter: the bells move up an octave.
    expect(full.meanMidi).toBeGreaterThan(bare.meanMidi + 9);
    const loudness = (s: RecordingSink) => Math.max(...s.notes.filter((n) => n.note.voice === "drone").map((n) => n.note.velocity));
    expect(loudness(full.sink)).toBeGreaterThan(loudness(bare.sink));
    expect(moldNoteChance(moldLevel(0.5))).toBeGreaterThan(moldNoteChance(moldLevel(0.1)));
  });

  it("is slow and quiet: a drone under sparse bells, all in D major pentatonic, on the mold's own bus", () => {
    const { sink } = bells(0.3, 60);
    const conductor = play(moldFrames(10, () => 0.3));
    expect(conductor.bpm).toBe(MOLD_BPM);
    expect(MOLD_BPM).toBeLessThan(70);
    expect(sink.notes.every((n) => n.theme === "mold")).toBe(true);
    expect(sink.notes.some((n) => n.note.voice === "drone")).toBe(true);
    for (const n of sink.notes) expect(inScale(n.note.midi, D3_MIDI, PENTATONIC), `${n.note.voice} ${n.note.midi}`).toBe(true);
    // Sparse: fewer than two bells a second even at this coverage.
    expect(sink.notes.filter((n) => n.note.voice === "glass").length).toBeLessThan(2 * 60);
    expect(sink.notes.every((n) => n.note.velocity <= 1)).toBe(true);
  });

  it("swells gently when the coverage grows quickly, and not while it holds still", () => {
    const growing = new RecordingSink();
    play(moldFrames(30, (s) => Math.min(0.5, 0.05 + 0.03 * s)), new Conductor(growing, THEMES));
    const still = bells(0.3, 30).sink;
    expect(growing.notes.some((n) => n.note.voice === "swell")).toBe(true);
    expect(still.notes.some((n) => n.note.voice === "swell")).toBe(false);
  });

  it("plays a falling figure when the coverage shrinks quickly", () => {
    const shrinking = new RecordingSink();
    play(moldFrames(20, (s) => Math.max(0.02, 0.5 - 0.04 * s)), new Conductor(shrinking, THEMES));
    const glass = shrinking.notes.filter((n) => n.note.voice === "glass").map((n) => n.note.midi);
    // Somewhere, eight bells in a row, each lower than the one before.
    const falls = glass.some((_, i) => i + 8 <= glass.length && glass.slice(i, i + 8).every((m, k, run) => k === 0 || m < (run[k - 1] ?? 0)));
    expect(falls).toBe(true);
    expect(bells(0.3, 20).sink.notes.filter((n) => n.note.voice === "glass").length).toBeGreaterThan(0);
  });

  it("crossfades with the other themes when the world changes, like they do", () => {
    const sink = new RecordingSink();
    const colony = loadRecording("colony-sync");
    const c = new Conductor(sink, THEMES);
    let t = 0;
    const first = colony.frames[0]?.tick ?? 0;
    for (const f of colony.frames.slice(0, 120)) {
      const at = (f.tick - first) / colony.tickRate;
      for (; t < at; t += 0.025) c.pump(t);
      c.onFrame(f, at);
      t = at;
    }
    play(moldFrames(10, () => 0.3, t + 0.01), c);
    const sw = c.log.switches.at(-1);
    expect(sw).toMatchObject({ from: "colony", to: "mold" });
    expect(sink.fades.some((f) => f.theme === "colony" && f.gain === 0 && f.fromS === sw?.atS)).toBe(true);
    expect(sink.fades.some((f) => f.theme === "mold" && f.gain === 1 && f.fromS === sw?.atS)).toBe(true);
    expect(c.world).toBe("mold");
  });
});

describe("CoverageTrend", () => {
  it("reads the change per second from measurements, not from every frame", () => {
    const trend = new CoverageTrend();
    trend.add(0.1, 0, 0);
    trend.add(0.1, 0, 0.5);
    expect(trend.perSecond).toBe(0);
    trend.add(0.12, 60, 1);
    trend.add(0.14, 120, 2);
    expect(trend.perSecond).toBeCloseTo(0.02, 6);
    trend.add(0.1, 180, 3);
    expect(trend.perSecond).toBeCloseTo(0, 6);
    trend.reset();
    expect(trend.perSecond).toBe(0);
  });
});
