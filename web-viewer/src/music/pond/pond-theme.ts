// The pond's music (docs/rules.md "The music · The pond"): calm water whose texture follows the
// school's tightness (its spread: the mean distance of the fish from their centre). A low drone on
// D; a slow swell of three notes in D major pentatonic every two bars, an open fifth and octave
// when the school is tight, a softer cluster of seconds when it has scattered; over them glassy
// drops on the eighths, a few when the school is loose, most of them (an octave higher) when it is
// tight; and a drop of water for each crumb a fish eats, one a sixteenth, so a handful eaten at
// once ripples out. Its random choices come from the seed: a recording always plays the same.
import type { CommonMusicEvent } from "../frame-to-music";
import { eventsOf, type MusicFrame } from "../music-frame";
import type { MusicLog } from "../music-log";
import { SeededRandom } from "../random";
import { D3_MIDI, PENTATONIC, scaleNote } from "../scales";
import type { Note, SoundSink } from "../sound-spec";
import { STEPS_PER_BAR, StepScheduler, type Step } from "../step-scheduler";
import type { Theme } from "../theme";

/** Calm: a beat a second. */
export const POND_BPM = 60;
/** Degrees in an octave of the pentatonic. */
const OCT = PENTATONIC.length;
/**
 * The school's spread (world units) at which it counts as tight, and as scattered. Its fish keep
 * 20 units apart (separation), so a school gathered by the most cohesion spreads about 30; at the
 * default cohesion 40 to 60; the pond is 240 units across.
 */
export const SPREAD_TIGHT = 25;
export const SPREAD_LOOSE = 60;
/** Chance that an eighth's drop sounds: the school scattered, and tight. */
export const DROP_CHANCE_LOOSE = 0.06;
export const DROP_CHANCE_TIGHT = 0.55;
/** From this tightness the drops move up an octave (brighter). */
const BRIGHT_TIGHTNESS = 0.6;
/** The swells, loose to tight, degrees above D4: seconds (D E B), stacked fifths (D A E), fifth and octave (D A D). */
export const POND_CHORDS: readonly (readonly number[])[] = [
  [0, 1, 4],
  [0, 3, 6],
  [0, 3, 5],
];
/** Bars a drone and a swell last before they are renewed. */
const RENEW_BARS = 2;
/** Crumbs' drops waiting at most: a flood of crumbs eaten is a patter, not a minute of it. */
export const MOST_DROPS_WAITING = 8;

/** 0 (scattered) … 1 (tight) from the school's spread; a pond with no school is scattered. */
export function pondTightness(spread: number | undefined): number {
  if (spread === undefined || !Number.isFinite(spread)) return 0;
  return Math.min(1, Math.max(0, (SPREAD_LOOSE - spread) / (SPREAD_LOOSE - SPREAD_TIGHT)));
}

/** The chance that one eighth's drop sounds at a tightness. */
export function pondDropChance(tightness: number): number {
  return DROP_CHANCE_LOOSE + (DROP_CHANCE_TIGHT - DROP_CHANCE_LOOSE) * tightness;
}

/** The swell's degrees at a tightness. */
export function pondChord(tightness: number): readonly number[] {
  const i = Math.min(POND_CHORDS.length - 1, Math.floor(tightness * POND_CHORDS.length));
  return POND_CHORDS[i] ?? POND_CHORDS[0]!;
}

export class PondTheme implements Theme {
  readonly world = "pond";
  readonly scheduler: StepScheduler;
  private spread: number | undefined;
  private dropsWaiting = 0;
  /** Separate streams, so the crumbs eaten never shift the texture's notes. */
  private readonly texture: SeededRandom;
  private readonly crumbs: SeededRandom;

  constructor(
    seed: number,
    private readonly log: MusicLog,
  ) {
    this.texture = new SeededRandom(seed + 50);
    this.crumbs = new SeededRandom(seed + 51);
    this.scheduler = new StepScheduler(() => POND_BPM);
  }

  /** 0 … 1: how tight the school is now, as the music hears it. */
  get tightness(): number {
    return pondTightness(this.spread);
  }

  begin(): void {
    this.dropsWaiting = 0;
  }

  onFrame(frame: MusicFrame): void {
    const spread = frame.figures?.spread;
    if (spread !== undefined && Number.isFinite(spread)) this.spread = spread;
    for (const e of eventsOf<CommonMusicEvent>(frame)) if (e.kind === "crumbEaten") this.dropsWaiting = Math.min(MOST_DROPS_WAITING, this.dropsWaiting + 1);
  }

  onStep(step: Step, sink: SoundSink): void {
    const play = (note: Note): void => {
      sink.play("pond", note, step.timeS);
      this.log.note(note.voice);
    };
    const d = (degree: number): number => scaleNote(D3_MIDI, PENTATONIC, degree);
    const tight = this.tightness;
    if (step.stepInBar === 0) {
      this.log.bar("pond", step.bar, step.timeS, step.bpm);
      if (step.bar % RENEW_BARS === 0) {
        // A little longer than its bars, so each hands over to the next without a gap.
        const durationS = RENEW_BARS * step.durationS * STEPS_PER_BAR + 1;
        play({ voice: "drone", midi: D3_MIDI - 12, velocity: 0.3, durationS });
        const chord = pondChord(tight).map((k) => d(OCT + k));
        for (const midi of chord) play({ voice: "swell", midi, velocity: 0.3 + 0.25 * tight, durationS });
        this.log.harmony({ world: "pond", bar: step.bar, timeS: step.timeS, durationS, chord });
      }
    }
    if (this.dropsWaiting > 0) {
      // A crumb eaten: a drop of water, high in the scale, somewhere over two octaves.
      this.dropsWaiting -= 1;
      play({ voice: "meal", midi: d(2 * OCT + this.crumbs.int(2 * OCT)), velocity: 0.55, durationS: 0.25 });
    }
    if (step.stepInBar % 2 !== 0 || this.texture.next() >= pondDropChance(tight)) return;
    const octave = tight >= BRIGHT_TIGHTNESS ? 2 * OCT : OCT;
    play({ voice: "glass", midi: d(octave + this.texture.int(OCT)), velocity: 0.2 + 0.3 * tight, durationS: 2 });
  }
}
