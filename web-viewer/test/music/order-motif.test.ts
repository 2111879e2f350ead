// The swarm's theme marks order crossings with a motif on the next beat: rising into order,
// falling into disorder, in the theme's key, played out once.
import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { FrameSchema, World } from "../../src/gen/meadow/v1/viewer_pb";
import type { MusicFrame } from "../../src/music/music-frame";
import { MusicLog } from "../../src/music/music-log";
import { FALLING_MOTIF, RISING_MOTIF, orderMotif } from "../../src/music/order-motif";
import { D3_MIDI, MIXOLYDIAN, inScale } from "../../src/music/scales";
import { STEPS_PER_BEAT } from "../../src/music/step-scheduler";
import { swarmFigures, swarmMusicFrame } from "../../src/music/swarm/swarm-music-frame";
import { SwarmTheme } from "../../src/music/swarm/swarm-theme";
import { RecordingSink } from "./music-streams";

const frame = (crossing?: { rising: boolean; threshold: number }): MusicFrame => ({
  tick: 1,
  world: "swarm",
  breeze: undefined,
  figures: swarmFigures({ count: 3000, meanAlignment: 0, tightness: 1, lonely: 0 }),
  events: crossing ? [{ kind: "orderCrossing", ...crossing }] : [],
});

/** Runs the theme from 0 to `untilS`, handing it `f` at `atS`; returns the motif's notes. */
function play(f: MusicFrame, atS: number, untilS = 8) {
  const log = new MusicLog();
  const theme = new SwarmTheme(9, log);
  const sink = new RecordingSink();
  theme.begin();
  theme.scheduler.start(0);
  theme.onFrame(frame());
  const pump = (t: number): void => {
    theme.scheduler.pump(t, (step) => theme.onStep(step, sink));
  };
  let t = 0;
  for (; t < atS; t += 0.025) pump(t);
  theme.onFrame(f);
  for (; t < untilS; t += 0.025) pump(t);
  return { log, motif: sink.notes.filter((n) => n.note.voice === "motif"), kicks: sink.notes.filter((n) => n.note.voice === "kick").map((n) => n.atS), bpm: theme.scheduler.currentBpm };
}

describe("the order crossings' motif", () => {
  it("comes from a frame's order crossing event", () => {
    const f = create(FrameSchema, { world: World.SWARM, events: [{ body: { case: "orderCrossing", value: { threshold: 0.7, rising: true, order: 0.75 } } }] });
    expect(swarmMusicFrame(f).events).toEqual([{ kind: "orderCrossing", rising: true, threshold: 0.7 }]);
  });

  it("rises into order, on the next beat, an eighth a note, in D mixolydian", () => {
    const { motif, log, bpm, kicks } = play(frame({ rising: true, threshold: 0.7 }), 1.03);
    const midis = motif.map((n) => n.note.midi);
    expect(midis.length).toBe(RISING_MOTIF.length);
    for (let i = 1; i < midis.length; i++) expect(midis[i]).toBeGreaterThan(midis[i - 1] ?? 0);
    for (const m of midis) expect(inScale(m, D3_MIDI, MIXOLYDIAN)).toBe(true);
    const beatS = 60 / Math.min(bpm, 95);
    const first = motif[0]?.atS ?? 0;
    // On a beat (with the kick: four on the floor), after the crossing was heard and within a
    // beat and the scheduler's look-ahead of it.
    expect(kicks).toContain(first);
    expect(first).toBeGreaterThanOrEqual(1.03);
    expect(first).toBeLessThan(1.03 + beatS + 0.2);
    // An eighth apart, at the theme's tempo (95 … 130 bpm).
    for (let i = 1; i < motif.length; i++) {
      const gap = (motif[i]?.atS ?? 0) - (motif[i - 1]?.atS ?? 0);
      expect(gap).toBeGreaterThanOrEqual(60 / 130 / 2 - 1e-9);
      expect(gap).toBeLessThanOrEqual(60 / 95 / 2 + 1e-9);
    }
    expect(log.motifs).toEqual([{ world: "swarm", rising: true, timeS: first }]);
  });

  it("falls into disorder through the mode's lowered seventh", () => {
    const { motif, log } = play(frame({ rising: false, threshold: 0.3 }), 2.5);
    const midis = motif.map((n) => n.note.midi);
    expect(midis.length).toBe(FALLING_MOTIF.length);
    for (let i = 1; i < midis.length; i++) expect(midis[i]).toBeLessThan(midis[i - 1] ?? 0);
    // C, the mixolydian's own seventh, is in the fall.
    expect(midis.some((m) => (m - D3_MIDI) % 12 === 10)).toBe(true);
    expect(log.motifs.map((m) => m.rising)).toEqual([false]);
  });

  it("is played once per crossing, and not at all without one", () => {
    expect(play(frame(), 1).motif).toEqual([]);
    const once = play(frame({ rising: true, threshold: 0.7 }), 1, 20);
    expect(once.motif.length).toBe(RISING_MOTIF.length);
  });

  it("grows louder as it rises and fades as it falls, the last note ringing on", () => {
    const up = orderMotif(true, 0.25);
    const down = orderMotif(false, 0.25);
    expect(up.map((n) => n.velocity)).toEqual([...up.map((n) => n.velocity)].sort((a, b) => a - b));
    expect(down.map((n) => n.velocity)).toEqual([...down.map((n) => n.velocity)].sort((a, b) => b - a));
    expect(up.at(-1)?.durationS).toBeGreaterThan(up[0]?.durationS ?? 0);
    for (const n of [...up, ...down]) expect(n.velocity).toBeLessThanOrEqual(1);
    expect(STEPS_PER_BEAT).toBe(4);
  });
});
