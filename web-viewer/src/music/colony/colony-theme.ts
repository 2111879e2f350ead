// The colony's music (docs/rules.md "The music · The colony"): a bed of crickets, the breeze's
// noise (web-audio-sink.ts follows its strength; a rush for each gust), a lydian handpan groove in
// D at the colony's tempo, a harmony on a bar with a 30 % chance while a group flashes as one,
// thinned flash notes, the wanderer's rare note, a sound for each of the colony's events.
import { EventThinner, soundForEvent } from "./event-sounds";
import { FLASH_DEGREES, FlashGate } from "./flash-gate";
import { COLONY_WANDERER_CHANCE, colonyHarmonyChance, colonyTempoBpm } from "./colony-mappings";
import { colonyMeasures, type ColonyMeasures, type ColonyMusicEvent } from "./colony-music-frame";
import { barHasHarmony } from "../harmony";
import type { MusicLog } from "../music-log";
import { eventsOf, type MusicFrame } from "../music-frame";
import { SeededRandom } from "../random";
import { RareNoteGate } from "../rare-note";
import { D3_MIDI, LYDIAN, scaleNote, triad } from "../scales";
import type { Note, SoundSink } from "../sound-spec";
import { STEPS_PER_BAR, StepScheduler, type Step } from "../step-scheduler";
import { nextBarTempo } from "../tempo";
import type { Theme } from "../theme";
import { COLONY_VOICES } from "./colony-voices";

/** Scale degrees in an octave. */
const OCT = 7;
/** The bars' chords, as degrees of D lydian: I, V, II (lydian's bright major II), I. */
export const COLONY_PROGRESSION: readonly number[] = [0, 4, 1, 0];
/** The harmony's octave above D3 (degrees): D4 … its triads sit between the groove and the flashes. */
const HARMONY_DEGREE = OCT;
/** The flash notes' octave above D3 (degrees): D6, above everything else, a shimmer. */
const FLASH_OCTAVE_DEGREE = 3 * OCT;
/** The wanderer's note: the lydian's own raised fourth (G♯5), heard nowhere else. */
const WANDERER_DEGREE = 2 * OCT + 3;

/** The handpan on the beats: the ding (D3) on 1 and 3, the bar chord's root an octave up on 2 and 4. */
const BEAT_STEPS: readonly number[] = [0, 4, 8, 12];
const BEAT_VELOCITY = [1, 0.75, 0.9, 0.75] as const;
/** Off-beat eighths: a melodic handpan tone, and the slots where flashes are heard. */
const OFFBEAT_STEPS: readonly number[] = [2, 6, 10, 14];
/** Velocity of an off-beat tone: well under the beat, so the beat leads the groove. */
const OFFBEAT_VELOCITY = 0.4;
/** The handpan's tone field for the off-beats: degrees D4 … C♯5. */
const TONE_FIELD: readonly number[] = [7, 8, 9, 10, 11, 12, 13];
/** Chance per sixteenth of a cricket's chirp (off the grid: crickets keep their own time); about two a second: a bed, not a beat. */
const CRICKET_CHANCE_PER_STEP = 0.4;
/** Crickets of a few kinds: colony-voices.ts tells them apart by the note's number (its pitch). */
const CRICKET_KINDS = 3;

export class ColonyTheme implements Theme {
  readonly world = "colony" as const;
  readonly scheduler: StepScheduler;
  readonly voices = COLONY_VOICES;
  private measures: ColonyMeasures | undefined;
  private readonly flashes = new FlashGate();
  private readonly thinner = new EventThinner();
  private readonly wanderer = new RareNoteGate();
  private wandererDue = false;
  private readonly pending: ColonyMusicEvent[] = [];
  /** Separate streams, so the harmony's draws never shift the groove's notes (tests compare renders). */
  private readonly grooveRng: SeededRandom;
  private readonly harmonyRng: SeededRandom;
  private readonly flashRng: SeededRandom;

  constructor(
    seed: number,
    private readonly log: MusicLog,
  ) {
    this.grooveRng = new SeededRandom(seed);
    this.harmonyRng = new SeededRandom(seed + 1);
    this.flashRng = new SeededRandom(seed + 2);
    this.scheduler = new StepScheduler((_bar, prev) => {
      const target = this.targetBpm;
      return prev === undefined ? target : nextBarTempo(prev, target);
    });
  }

  get targetBpm(): number {
    const m = this.measures;
    return m ? colonyTempoBpm(m.size, m.dormant) : colonyTempoBpm(0, true);
  }

  get flashStats(): { heard: number; notes: number } {
    return { heard: this.flashes.heard, notes: this.flashes.notes };
  }

  get eventStats(): { played: number; thinned: number } {
    return { played: this.thinner.played, thinned: this.thinner.thinned };
  }

  begin(): void {
    // The colony's groove is whole from its first bar.
  }

  onFrame(frame: MusicFrame, atS: number, sink: SoundSink): void {
    this.measures = colonyMeasures(frame.figures) ?? this.measures;
    if (frame.breeze) sink.breeze(this.world, frame.breeze.strength, atS);
    for (const e of eventsOf<ColonyMusicEvent>(frame)) {
      if (e.kind === "flash") {
        this.flashes.add(e.group, e.inSync, this.flashRng.next());
        if (e.group === 0 && this.wanderer.offer(atS, COLONY_WANDERER_CHANCE, this.flashRng.next())) this.wandererDue = true;
      } else if (e.kind !== "groupSync") this.pending.push(e);
    }
  }

  onStep(step: Step, sink: SoundSink): void {
    const play = (note: Note, atS: number = step.timeS): void => {
      sink.play("colony", note, atS);
      this.log.note(note.voice);
    };
    const d = (degree: number): number => scaleNote(D3_MIDI, LYDIAN, degree);
    const chordDegree = COLONY_PROGRESSION[step.bar % COLONY_PROGRESSION.length] ?? 0;
    const barS = step.durationS * STEPS_PER_BAR;
    if (step.stepInBar === 0) {
      this.log.bar("colony", step.bar, step.timeS, step.bpm);
      const chance = colonyHarmonyChance(this.measures?.groupsInSync ?? 0);
      if (barHasHarmony(chance, this.harmonyRng.next())) {
        const chord = triad(D3_MIDI, LYDIAN, HARMONY_DEGREE + chordDegree);
        for (const midi of chord) play({ voice: "pad", midi, velocity: 0.5, durationS: barS });
        this.log.harmony({ world: "colony", bar: step.bar, timeS: step.timeS, durationS: barS, chord });
      }
    }
    const beat = BEAT_STEPS.indexOf(step.stepInBar);
    if (beat >= 0) {
      const midi = beat % 2 === 0 ? D3_MIDI : d(OCT + chordDegree);
      play({ voice: "handpan", midi, velocity: BEAT_VELOCITY[beat] ?? 0.8, durationS: step.durationS * 4 });
    }
    if (OFFBEAT_STEPS.includes(step.stepInBar)) {
      const degree = TONE_FIELD[this.grooveRng.int(TONE_FIELD.length)] ?? OCT;
      play({ voice: "handpan", midi: d(degree), velocity: OFFBEAT_VELOCITY, durationS: step.durationS * 2 });
      const flash = this.flashes.take();
      if (flash) play({ voice: "flash", midi: d(FLASH_OCTAVE_DEGREE + (FLASH_DEGREES[flash.degreeIndex] ?? 0)), velocity: flash.velocity, durationS: 0.4 });
    }
    if (this.grooveRng.next() < CRICKET_CHANCE_PER_STEP) {
      play({ voice: "cricket", midi: this.grooveRng.int(CRICKET_KINDS), velocity: 0.4 + 0.6 * this.grooveRng.next(), durationS: 0.12 }, step.timeS + this.grooveRng.next() * step.durationS);
    }
    if (this.wandererDue) {
      this.wandererDue = false;
      play({ voice: "wanderer", midi: d(WANDERER_DEGREE), velocity: 0.35, durationS: 2 });
    }
    for (const e of this.pending.splice(0)) {
      const note = soundForEvent(e);
      if (note && this.thinner.admit(e.kind, step.timeS)) play(note);
    }
  }
}
