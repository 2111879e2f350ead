// The swarm's music (docs/rules.md "The music · The swarm"): a mixolydian piece in D with drums
// that builds up once, layer by layer (swarm-build.ts), at 95 … 130 bpm by the swarm's size; each
// bar gets a harmony with the chance alignment × tightness; fireflies that see nobody play the
// wanderer's note; a crossing of the order parameter gets a motif on the next beat, rising into
// order, falling into disorder.
import type { CommonMusicEvent } from "../frame-to-music";
import { barHasHarmony } from "../harmony";
import type { MusicLog } from "../music-log";
import { eventsOf, type MusicFrame } from "../music-frame";
import { MOTIF_STEP, orderMotif } from "../order-motif";
import { SeededRandom } from "../random";
import { RareNoteGate } from "../rare-note";
import { D3_MIDI, MIXOLYDIAN, scaleNote, triad } from "../scales";
import type { Note, SoundSink } from "../sound-spec";
import { STEPS_PER_BAR, STEPS_PER_BEAT, StepScheduler, type Step } from "../step-scheduler";
import { layersAt, type SwarmLayer } from "./swarm-build";
import { SWARM_MIN_BPM, swarmHarmonyChance, swarmTempoBpm, swarmWandererChance } from "./swarm-mappings";
import { swarmMeasures, type SwarmMeasures } from "./swarm-music-frame";
import { nextBarTempo } from "../tempo";
import type { Theme } from "../theme";
import { SWARM_VOICES } from "./swarm-voices";

const OCT = 7;
/** The bars' chords, as degrees of D mixolydian: I, ♭VII, IV, I (D, C, G, D). */
export const SWARM_PROGRESSION: readonly number[] = [0, 6, 3, 0];
/** Harmony triads from D4, between the bass and the lead. */
const HARMONY_DEGREE = OCT;
/** The wanderer's note: the mixolydian's own lowered seventh (C6), heard nowhere else. */
const WANDERER_DEGREE = 3 * OCT - 1;

/** Sixteenths (of 16) where each layer plays, and how hard. */
const PATTERN: Readonly<Record<SwarmLayer, readonly (readonly [step: number, velocity: number])[]>> = {
  // Four on the floor: the beat the tempo is heard (and measured) by.
  kick: [
    [0, 1],
    [4, 0.9],
    [8, 1],
    [12, 0.9],
  ],
  hat: [
    [2, 0.5],
    [6, 0.5],
    [10, 0.5],
    [14, 0.5],
    [0, 0.25],
    [4, 0.25],
    [8, 0.25],
    [12, 0.25],
  ],
  bass: [
    [0, 0.8],
    [3, 0.5],
    [6, 0.6],
    [8, 0.7],
    [11, 0.5],
    [14, 0.6],
  ],
  snare: [
    [4, 0.7],
    [12, 0.7],
  ],
  stab: [
    [6, 0.45],
    [14, 0.45],
  ],
  lead: [],
};
/** The bass's notes per step: the bar chord's root, its fifth on the syncopations (degrees above the root). */
const BASS_INTERVALS: Readonly<Record<number, number>> = { 0: 0, 3: 4, 6: 0, 8: 0, 11: 4, 14: 7 };
/** The lead: a note on an eighth with this chance, from the chord's pentatonic-ish degrees an octave and a half up. */
const LEAD_CHANCE_PER_EIGHTH = 0.45;
const LEAD_DEGREES: readonly number[] = [0, 1, 2, 4, 5];

export class SwarmTheme implements Theme {
  readonly world = "swarm" as const;
  readonly scheduler: StepScheduler;
  readonly voices = SWARM_VOICES;
  private measures: SwarmMeasures | undefined;
  private readonly wanderer = new RareNoteGate();
  /** The build happens once: the second time the theme starts it is whole from its first bar. */
  private built = false;
  private startedBefore = false;
  private readonly grooveRng: SeededRandom;
  private readonly harmonyRng: SeededRandom;
  private readonly wandererRng: SeededRandom;
  private layers: readonly SwarmLayer[] = [];
  /** A crossing heard and not yet answered: its motif starts on the next beat (true: into order). */
  private motifDue: boolean | undefined;
  /** The motif's notes still to play, one every MOTIF_STEP sixteenths from the step it began. */
  private motif: Note[] = [];
  private motifFrom = 0;

  constructor(
    seed: number,
    private readonly log: MusicLog,
  ) {
    this.grooveRng = new SeededRandom(seed + 10);
    this.harmonyRng = new SeededRandom(seed + 11);
    this.wandererRng = new SeededRandom(seed + 12);
    this.scheduler = new StepScheduler((_bar, prev) => {
      const target = this.targetBpm;
      return prev === undefined ? target : nextBarTempo(prev, target);
    });
  }

  get targetBpm(): number {
    return this.measures ? swarmTempoBpm(this.measures.count) : SWARM_MIN_BPM;
  }

  get playingLayers(): readonly SwarmLayer[] {
    return this.layers;
  }

  begin(): void {
    if (this.startedBefore) this.built = true;
    this.startedBefore = true;
    // A crossing heard while another world played belongs to that moment, not this one.
    this.motifDue = undefined;
    this.motif = [];
  }

  onFrame(frame: MusicFrame): void {
    this.measures = swarmMeasures(frame.figures) ?? this.measures;
    // The frame's last crossing is the furthest the swarm went (order-crossings.ts); a newer one
    // replaces a motif still waiting for its beat.
    for (const e of eventsOf<CommonMusicEvent>(frame)) if (e.kind === "orderCrossing") this.motifDue = e.rising;
  }

  onStep(step: Step, sink: SoundSink): void {
    const play = (note: Note, atS: number = step.timeS): void => {
      sink.play("swarm", note, atS);
      this.log.note(note.voice);
    };
    const d = (degree: number): number => scaleNote(D3_MIDI, MIXOLYDIAN, degree);
    const chordDegree = SWARM_PROGRESSION[step.bar % SWARM_PROGRESSION.length] ?? 0;
    const barS = step.durationS * STEPS_PER_BAR;
    if (step.stepInBar === 0) {
      this.log.bar("swarm", step.bar, step.timeS, step.bpm);
      this.layers = layersAt(step.bar, this.built);
      const m = this.measures;
      if (m && barHasHarmony(swarmHarmonyChance(m.meanAlignment, m.tightness), this.harmonyRng.next())) {
        const chord = triad(D3_MIDI, MIXOLYDIAN, HARMONY_DEGREE + chordDegree);
        for (const midi of chord) play({ voice: "pad", midi, velocity: 0.5, durationS: barS });
        this.log.harmony({ world: "swarm", bar: step.bar, timeS: step.timeS, durationS: barS, chord });
      }
      if (m && this.wanderer.offer(step.timeS, swarmWandererChance(m.lonely), this.wandererRng.next())) {
        play({ voice: "wanderer", midi: d(WANDERER_DEGREE), velocity: 0.35, durationS: 2 }, step.timeS + barS / 2);
      }
    }
    this.playMotif(step, play);
    for (const layer of this.layers) {
      if (layer === "lead") {
        if (step.stepInBar % 2 === 0 && this.grooveRng.next() < LEAD_CHANCE_PER_EIGHTH) {
          const degree = 2 * OCT + chordDegree + (LEAD_DEGREES[this.grooveRng.int(LEAD_DEGREES.length)] ?? 0);
          play({ voice: "lead", midi: d(degree), velocity: 0.35, durationS: step.durationS * 1.5 });
        }
        continue;
      }
      for (const [at, velocity] of PATTERN[layer]) {
        if (at !== step.stepInBar) continue;
        if (layer === "bass") play({ voice: "bass", midi: d(-OCT + chordDegree + (BASS_INTERVALS[at] ?? 0)), velocity, durationS: step.durationS * 1.5 });
        else if (layer === "stab") for (const midi of triad(D3_MIDI, MIXOLYDIAN, OCT + chordDegree)) play({ voice: "stab", midi, velocity, durationS: step.durationS });
        else play({ voice: layer, midi: D3_MIDI, velocity, durationS: step.durationS });
      }
    }
  }

  /** A crossing's motif: begun on a beat, then a note every eighth until it is played out. */
  private playMotif(step: Step, play: (note: Note) => void): void {
    if (this.motifDue !== undefined && step.stepInBar % STEPS_PER_BEAT === 0) {
      const rising = this.motifDue;
      this.motifDue = undefined;
      this.motif = orderMotif(rising, step.durationS * MOTIF_STEP);
      this.motifFrom = step.index;
      this.log.motif({ world: "swarm", rising, timeS: step.timeS });
    }
    if (this.motif.length === 0 || (step.index - this.motifFrom) % MOTIF_STEP !== 0) return;
    const note = this.motif.shift();
    if (note) play(note);
  }
}
