// What the music played, kept small, for the debug hook and the tests: the bars that got a
// harmony (with their chord), switches between themes, notes per voice.
import type { MusicWorld } from "./music-frame";
import type { Voice } from "./sound-spec";

export interface HarmonyBar {
  readonly world: MusicWorld;
  readonly bar: number;
  readonly timeS: number;
  readonly durationS: number;
  readonly chord: readonly number[];
}

export interface ThemeSwitch {
  readonly from: MusicWorld | undefined;
  readonly to: MusicWorld;
  /** When the crossfade starts (on a beat of the old theme) and ends (s, audio clock). */
  readonly atS: number;
  readonly untilS: number;
}

/** A crossing's motif as the theme began it. */
export interface MotifPlayed {
  readonly world: MusicWorld;
  readonly rising: boolean;
  readonly timeS: number;
}

/** Harmony bars kept (the latest ones): enough for a test or a look in the debug hook. */
const KEEP = 256;

export class MusicLog {
  readonly harmonyBars: HarmonyBar[] = [];
  /** Every bar started, per theme, with its time and tempo. */
  readonly bars: { world: MusicWorld; bar: number; timeS: number; bpm: number }[] = [];
  readonly switches: ThemeSwitch[] = [];
  readonly notes: Record<Voice, number> = {};
  readonly motifs: MotifPlayed[] = [];

  note(voice: Voice): void {
    this.notes[voice] = (this.notes[voice] ?? 0) + 1;
  }

  bar(world: MusicWorld, bar: number, timeS: number, bpm: number): void {
    this.bars.push({ world, bar, timeS, bpm });
    if (this.bars.length > KEEP) this.bars.shift();
  }

  motif(m: MotifPlayed): void {
    this.motifs.push(m);
    if (this.motifs.length > KEEP) this.motifs.shift();
  }

  harmony(h: HarmonyBar): void {
    this.harmonyBars.push(h);
    if (this.harmonyBars.length > KEEP) this.harmonyBars.shift();
  }
}
