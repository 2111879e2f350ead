// The plate's theme (docs/rules.md "The music · The plate"): its bells fill in as the birds fall
// into order, and a crossing of order rings the motif, rising into a stream and falling into a gas.
import { describe, expect, it } from "vitest";
import { Conductor } from "../../src/music/conductor";
import type { MusicEvent, MusicFrame } from "../../src/music/music-frame";
import { RISING_MOTIF, FALLING_MOTIF } from "../../src/music/order-motif";
import { PLATE_BPM, PlateTheme, plateNoteChance } from "../../src/music/plate/plate-theme";
import { D3_MIDI, PENTATONIC, inScale } from "../../src/music/scales";
import { RecordingSink } from "./music-streams";

const PLATE_ONLY = [(seed: number, log: ConstructorParameters<typeof PlateTheme>[1]) => new PlateTheme(seed, log)];

/** Plate frames at 30 a second for `seconds`, at an order; `events` a second in (the theme under way). */
function plateFrames(seconds: number, order: number, events: MusicEvent[] = []): { frame: MusicFrame; atS: number }[] {
  return Array.from({ length: seconds * 30 }, (_, i) => ({
    atS: i / 30,
    frame: { tick: i * 2, world: "plate", breeze: undefined, figures: { order, birds: 200 }, events: i === 30 ? events : [] },
  }));
}

function play(frames: readonly { frame: MusicFrame; atS: number }[], sink = new RecordingSink()): { conductor: Conductor; sink: RecordingSink } {
  const conductor = new Conductor(sink, PLATE_ONLY);
  let t = 0;
  for (const { frame, atS } of frames) {
    for (; t < atS; t += 0.025) conductor.pump(t);
    conductor.onFrame(frame, atS);
    conductor.pump(atS);
  }
  return { conductor, sink };
}

describe("the plate's theme", () => {
  it("fills its bells in as the birds fall into order, at its own slow tempo, in D major pentatonic", () => {
    const gas = play(plateFrames(60, 0.05)).sink.notes.filter((n) => n.note.voice === "glass");
    const stream = play(plateFrames(60, 0.98));
    const bells = stream.sink.notes.filter((n) => n.note.voice === "glass");
    expect(bells.length).toBeGreaterThan(4 * gas.length);
    expect(plateNoteChance(0)).toBeLessThan(plateNoteChance(1));
    expect(stream.conductor.bpm).toBe(PLATE_BPM);
    for (const n of bells) expect(inScale(n.note.midi, D3_MIDI, PENTATONIC)).toBe(true);
    expect(stream.sink.notes.every((n) => n.theme === "plate")).toBe(true);
  });

  it("rings the motif of a crossing: rising into a stream, falling into a gas", () => {
    const up = play(plateFrames(8, 0.95, [{ kind: "orderCrossing", rising: true, threshold: 0.9 }]));
    expect(up.sink.notes.filter((n) => n.note.voice === "motif")).toHaveLength(RISING_MOTIF.length);
    expect(up.conductor.log.motifs).toMatchObject([{ world: "plate", rising: true }]);
    const down = play(plateFrames(8, 0.1, [{ kind: "orderCrossing", rising: false, threshold: 0.2 }]));
    expect(down.sink.notes.filter((n) => n.note.voice === "motif")).toHaveLength(FALLING_MOTIF.length);
  });
});
