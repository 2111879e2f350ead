// Each theme plays only voices it has: the shared ones (voices.ts) or its own (Theme.voices),
// which the conductor tells the sink before the theme plays. A note of a voice nobody has would
// throw in the live sink; this plays the recorded streams and a little of every other theme.
import { describe, expect, it } from "vitest";
import { Conductor } from "../../src/music/conductor";
import type { MusicFrame, MusicWorld } from "../../src/music/music-frame";
import { PlateTheme } from "../../src/music/plate/plate-theme";
import { PondTheme } from "../../src/music/pond/pond-theme";
import type { Note } from "../../src/music/sound-spec";
import type { ThemeMaker } from "../../src/music/theme";
import type { VoiceTable } from "../../src/music/voice-kit";
import { SHARED_VOICES } from "../../src/music/voices";
import { loadRecording, RecordingSink, THEMES } from "./music-streams";

/** A recording sink that also keeps what each theme's own voices are, and any note it has no voice for. */
class VoiceCheckingSink extends RecordingSink {
  readonly own = new Map<MusicWorld, VoiceTable>();
  readonly voiceless: { theme: MusicWorld; voice: string }[] = [];

  learnVoices(theme: MusicWorld, voices: VoiceTable): void {
    this.own.set(theme, voices);
  }

  override play(theme: MusicWorld, note: Note, atS: number): void {
    super.play(theme, note, atS);
    if (!(this.own.get(theme)?.[note.voice] ?? SHARED_VOICES[note.voice])) this.voiceless.push({ theme, voice: note.voice });
  }
}

const ALL: readonly ThemeMaker[] = [...THEMES, (s, log) => new PlateTheme(s, log), (s, log) => new PondTheme(s, log)];

function play(c: Conductor, frames: readonly MusicFrame[], fromS: number): number {
  const first = frames[0]?.tick ?? 0;
  let t = fromS;
  for (const f of frames) {
    const at = fromS + (f.tick - first) / 60;
    for (; t < at; t += 0.025) c.pump(t);
    c.onFrame(f, at);
    c.pump(at);
  }
  return t + 1;
}

/** 20 s of a world's frames at 30 a second, with its figures and a few of its events. */
function frames(world: MusicWorld, figures: Readonly<Record<string, number>>, events: MusicFrame["events"]): MusicFrame[] {
  return Array.from({ length: 600 }, (_, i) => ({ tick: i * 2, world, breeze: undefined, figures, events: i % 90 === 30 ? events : [] }));
}

describe("the themes' voices", () => {
  it("are all there for every note each theme plays", () => {
    const sink = new VoiceCheckingSink();
    const c = new Conductor(sink, ALL);
    expect([...sink.own.keys()].sort()).toEqual(["colony", "swarm"]);
    let t = 0;
    for (const name of ["colony-sync", "colony-gust", "swarm"] as const) t = play(c, loadRecording(name).frames, t);
    t = play(c, frames("mold", { coverage: 0.3, agents: 10240, holes: 5, junctions: 20, measuredStep: 0 }, []), t);
    t = play(c, frames("plate", { order: 0.9, birds: 200 }, [{ kind: "orderCrossing", rising: true, threshold: 0.8 }]), t);
    play(c, frames("pond", { spread: 30, fish: 20 }, [{ kind: "crumbEaten" }]), t);
    const voices = new Set(sink.notes.map((n) => n.note.voice));
    for (const v of ["handpan", "kick", "motif", "drone", "glass", "swell", "meal"]) expect(voices.has(v)).toBe(true);
    expect(sink.voiceless).toEqual([]);
  });
});
