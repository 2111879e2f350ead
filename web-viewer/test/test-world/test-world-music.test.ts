// The tests' world's music: the conductor, made with the themes its registry's views bring (as
// ViewerApp makes it), takes the test world's theme with its own voice, plays it from the frames
// its view makes of world 15's frames, and crossfades to it from another world's theme.
import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { FrameSchema, World, type Frame } from "../../src/gen/meadow/v1/viewer_pb";
import { Conductor, CROSSFADE_BEATS } from "../../src/music/conductor";
import type { MusicWorld } from "../../src/music/music-frame";
import type { Note, SoundSink } from "../../src/music/sound-spec";
import type { VoiceTable } from "../../src/music/voice-kit";
import { SHARED_VOICES } from "../../src/music/voices";
import { beaconMidi, TEST_WORLD_BPM } from "./music/test-world-theme";
import { BEACON_VOICE, TEST_WORLD_VOICES } from "./music/test-world-voices";
import { testWorldFrame, viewsWithTheTestWorld } from "./test-world-fixtures";

/** A frame of the plate with its figures (no birds: the music hears only its order and count). */
function plateFrame(tick: number): Frame {
  return create(FrameSchema, { world: World.PLATE, tick: BigInt(tick), plate: { count: 0, order: 0.5 } });
}

/** A sink that keeps what each theme plays and each theme's own voices, and any note no voice plays. */
class FakeSink implements SoundSink {
  readonly own = new Map<MusicWorld, VoiceTable>();
  readonly notes: { theme: MusicWorld; note: Note; atS: number }[] = [];
  readonly fades: { theme: MusicWorld; gain: number; fromS: number; toS: number }[] = [];
  readonly voiceless: string[] = [];

  learnVoices(theme: MusicWorld, voices: VoiceTable): void {
    this.own.set(theme, voices);
  }

  play(theme: MusicWorld, note: Note, atS: number): void {
    this.notes.push({ theme, note, atS });
    if (!(this.own.get(theme)?.[note.voice] ?? SHARED_VOICES[note.voice])) this.voiceless.push(`${theme}: ${note.voice}`);
  }

  fadeTheme(theme: MusicWorld, gain: number, fromS: number, toS: number): void {
    this.fades.push({ theme, gain, fromS, toS });
  }

  breeze(): void {}
}

function conductor() {
  const { views, test } = viewsWithTheTestWorld();
  const sink = new FakeSink();
  const c = new Conductor(
    sink,
    views.flatMap((v) => (v.musicTheme ? [v.musicTheme] : [])),
  );
  return { c, sink, test, views };
}

/** `seconds` of the test world's frames at 30 a second, each heard through its view, pumped every 25 ms. */
function playTestWorld(c: Conductor, test: ReturnType<typeof conductor>["test"], fromS: number, seconds: number, o: { glow: number; size: number }): number {
  let t = fromS;
  for (let i = 0; i < seconds * 30; i++) {
    const at = fromS + i / 30;
    for (; t < at; t += 0.025) c.pump(t);
    const heard = test.music(testWorldFrame({ tick: 2 * i + 1, ...o }));
    c.onFrame(heard, at);
  }
  return t;
}

describe("the test world's music", () => {
  it("is the theme of its view, its own voice told to the sink", () => {
    const { c, sink } = conductor();
    expect(c.worlds).toContain("test");
    expect(sink.own.get("test")).toBe(TEST_WORLD_VOICES);
    expect(SHARED_VOICES[BEACON_VOICE]).toBeUndefined();
  });

  it("hears its view's figures of a frame of world 15", () => {
    const { test } = conductor();
    const heard = test.music(testWorldFrame({ tick: 7, glow: 0.4, size: 2 }));
    expect(heard).toMatchObject({ world: "test", tick: 7, figures: { glow: 0.4, size: 2 } });
  });

  it("plays its own voice at its tempo, as loud as the beacon glows and as low as it is large", () => {
    const { c, sink, test } = conductor();
    playTestWorld(c, test, 0, 6, { glow: 0.6, size: 3 });
    expect(c.world).toBe("test");
    expect(c.bpm).toBe(TEST_WORLD_BPM);
    const pings = sink.notes.filter((n) => n.theme === "test" && n.note.voice === BEACON_VOICE);
    // A ping on every beat from its start (0.1 s after its first frame) to the look-ahead past 6 s.
    const beatS = 60 / TEST_WORLD_BPM;
    expect(pings.length).toBe(9);
    pings.forEach((p, i) => expect(p.atS).toBeCloseTo((pings[0]?.atS ?? 0) + i * beatS, 6));
    for (const p of pings) expect(p.note).toMatchObject({ velocity: 0.6, midi: beaconMidi(3) });
    expect(beaconMidi(4)).toBeLessThan(beaconMidi(1));
    expect(sink.notes.some((n) => n.theme === "test" && n.note.voice === "drone")).toBe(true);
    expect(c.log.bars.filter((b) => b.world === "test").length).toBeGreaterThanOrEqual(1);
    expect(sink.voiceless).toEqual([]);
  });

  it("falls quiet on a dark beacon but keeps its drone", () => {
    const { c, sink, test } = conductor();
    playTestWorld(c, test, 0, 4, { glow: 0, size: 1 });
    expect(sink.notes.filter((n) => n.note.voice === BEACON_VOICE)).toEqual([]);
    expect(sink.notes.some((n) => n.note.voice === "drone")).toBe(true);
  });

  it("takes over from another world's theme on a beat, crossfading", () => {
    const { c, sink, test, views } = conductor();
    const plate = views.find((v) => v.name === "plate");
    let t = 0;
    for (let i = 0; i < 90; i++, t += 1 / 30) {
      const heard = plate?.music(plateFrame(2 * i));
      if (heard) c.onFrame(heard, t);
      c.pump(t);
    }
    expect(c.world).toBe("plate");
    playTestWorld(c, test, t, 4, { glow: 1, size: 1 });
    expect(c.world).toBe("test");
    const sw = c.log.switches.at(-1);
    expect(sw).toMatchObject({ from: "plate", to: "test" });
    const fadeIn = sink.fades.find((f) => f.theme === "test" && f.gain === 1);
    const fadeOut = sink.fades.find((f) => f.theme === "plate" && f.gain === 0);
    expect(fadeIn?.fromS).toBe(sw?.atS);
    expect(fadeOut?.toS).toBe(sw?.untilS);
    expect((sw?.untilS ?? 0) - (sw?.atS ?? 0)).toBeGreaterThan(0);
    expect(CROSSFADE_BEATS).toBeGreaterThan(0);
    expect(sink.notes.some((n) => n.theme === "test" && n.note.voice === BEACON_VOICE && n.atS >= (sw?.atS ?? 0))).toBe(true);
  });
});
