// The mold's music (docs/rules.md "The music · The mold": its own quiet theme, driven by how
// much of the map the network covers): slow and hypnotic. A low drone on D and A, renewed every two
// bars, opening up as the network covers more; over it one bar of glassy bells in D major
// pentatonic, the same eight notes bar after bar, thinned to a few when the map is bare and nearly
// all of them (an octave higher) when the network covers it. When the coverage grows quickly a slow
// swell rises under them; when it shrinks quickly a falling figure of bells takes the cell's place.
import { CoverageTrend } from "./coverage-trend";
import { moldMeasures, type MoldMeasures } from "./mold-music-frame";
import type { MusicFrame } from "../music-frame";
import type { MusicLog } from "../music-log";
import { SeededRandom } from "../random";
import { RareNoteGate } from "../rare-note";
import { D3_MIDI, PENTATONIC, scaleNote } from "../scales";
import type { Note, SoundSink } from "../sound-spec";
import { STEPS_PER_BAR, StepScheduler, type Step } from "../step-scheduler";
import type { Theme } from "../theme";

/** Slow: a bar is over four seconds, its eighths half a second apart. */
export const MOLD_BPM = 56;
/** Degrees in an octave of the pentatonic. */
const OCT = PENTATONIC.length;
/** The bells' cell: a bar of eighths as degrees above D4, the same bar after bar (hypnotic). */
export const MOLD_CELL: readonly number[] = [0, 2, 4, 1, 3, 2, 5, 4];
/** The falling figure, degrees above D4: from A5 down to D4, one an eighth. */
export const MOLD_FALL: readonly number[] = [8, 7, 6, 5, 4, 3, 2, 0];
/** The coverage at which the theme is at its fullest (a net over about half the map). */
export const COVERAGE_FULL = 0.5;
/** Chance that one of the cell's eighths sounds: on a bare map, and at full coverage. */
export const NOTE_CHANCE_BARE = 0.06;
export const NOTE_CHANCE_FULL = 0.6;
/** From this level the bells move up an octave (brighter). */
const BRIGHT_LEVEL = 0.6;
/** Coverage change per second (share of the map) that counts as quick: a swell or a fall. */
export const COVERAGE_QUICK_PER_S = 0.01;
/** s: the least time between two swells, or two falls: gestures, not a habit. */
export const GESTURE_GAP_S = 12;
/** Bars a drone lasts before it is renewed. */
const DRONE_BARS = 2;
/** D4, A4, E5: the swell's open chord. */
const SWELL_DEGREES: readonly number[] = [OCT, OCT + 3, OCT + 6];

/** 0 (bare map) … 1 (COVERAGE_FULL or more). */
export function moldLevel(coverage: number): number {
  return Number.isFinite(coverage) ? Math.min(1, Math.max(0, coverage / COVERAGE_FULL)) : 0;
}

/** The chance that one eighth of the cell sounds at a level. */
export function moldNoteChance(level: number): number {
  return NOTE_CHANCE_BARE + (NOTE_CHANCE_FULL - NOTE_CHANCE_BARE) * level;
}

export class MoldTheme implements Theme {
  readonly world = "mold" as const;
  readonly scheduler: StepScheduler;
  private measures: MoldMeasures | undefined;
  private readonly trend = new CoverageTrend();
  private readonly swells = new RareNoteGate(GESTURE_GAP_S);
  private readonly falls = new RareNoteGate(GESTURE_GAP_S);
  private swellDue = false;
  private fall: number[] = [];
  private readonly bellRng: SeededRandom;

  constructor(
    seed: number,
    private readonly log: MusicLog,
  ) {
    this.bellRng = new SeededRandom(seed + 20);
    this.scheduler = new StepScheduler(() => MOLD_BPM);
  }

  /** 0 … 1: how full the theme plays now. */
  get level(): number {
    return moldLevel(this.measures?.coverage ?? 0);
  }

  begin(): void {
    this.trend.reset();
    this.swellDue = false;
    this.fall = [];
  }

  onFrame(frame: MusicFrame, atS: number): void {
    const m = moldMeasures(frame.figures);
    if (!m) return;
    this.measures = m;
    this.trend.add(m.coverage, m.measuredStep, atS);
    const rate = this.trend.perSecond;
    if (rate >= COVERAGE_QUICK_PER_S && this.swells.offer(atS, 1, 0)) this.swellDue = true;
    if (rate <= -COVERAGE_QUICK_PER_S && this.fall.length === 0 && this.falls.offer(atS, 1, 0)) this.fall = MOLD_FALL.slice();
  }

  onStep(step: Step, sink: SoundSink): void {
    const play = (note: Note): void => {
      sink.play("mold", note, step.timeS);
      this.log.note(note.voice);
    };
    const d = (degree: number): number => scaleNote(D3_MIDI, PENTATONIC, degree);
    const level = this.level;
    const barS = step.durationS * STEPS_PER_BAR;
    if (step.stepInBar === 0) {
      this.log.bar("mold", step.bar, step.timeS, step.bpm);
      if (step.bar % DRONE_BARS === 0) {
        // A little longer than its bars, so one drone hands over to the next without a gap.
        const durationS = DRONE_BARS * barS + 1;
        const velocity = 0.4 + 0.5 * level;
        play({ voice: "drone", midi: D3_MIDI - 12, velocity, durationS });
        play({ voice: "drone", midi: D3_MIDI - 5, velocity: velocity * 0.7, durationS });
      }
      if (this.swellDue) {
        this.swellDue = false;
        const chord = SWELL_DEGREES.map(d);
        for (const midi of chord) play({ voice: "swell", midi, velocity: 0.5, durationS: 2 * barS });
        this.log.harmony({ world: "mold", bar: step.bar, timeS: step.timeS, durationS: 2 * barS, chord });
      }
    }
    if (step.stepInBar % 2 !== 0) return;
    const falling = this.fall.shift();
    if (falling !== undefined) {
      play({ voice: "glass", midi: d(OCT + falling), velocity: 0.3 + 0.05 * this.fall.length, durationS: 1.6 });
      return;
    }
    if (this.bellRng.next() >= moldNoteChance(level)) return;
    const degree = MOLD_CELL[(step.stepInBar / 2) % MOLD_CELL.length] ?? 0;
    const octave = level >= BRIGHT_LEVEL ? 2 * OCT : OCT;
    play({ voice: "glass", midi: d(octave + degree), velocity: 0.3 + 0.4 * level, durationS: 2.4 });
  }
}
