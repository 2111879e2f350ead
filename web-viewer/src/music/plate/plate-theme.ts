// The plate's music (docs/rules.md "The music · The plate"): its order heard. A quiet drone on D
// under glassy bells in D major pentatonic whose eighths fill in as the birds fall into order, from
// a few scattered notes over a gas to the whole cell, rising step by step, over a stream; and the
// bell's motif of a crossing (order-motif.ts), rising into a stream and falling into a gas.
import type { CommonMusicEvent } from "../frame-to-music";
import { eventsOf, type MusicFrame } from "../music-frame";
import type { MusicLog } from "../music-log";
import { MOTIF_STEP, orderMotif } from "../order-motif";
import { SeededRandom } from "../random";
import { D3_MIDI, PENTATONIC, scaleNote } from "../scales";
import type { Note, SoundSink } from "../sound-spec";
import { STEPS_PER_BAR, STEPS_PER_BEAT, StepScheduler, type Step } from "../step-scheduler";
import type { Theme } from "../theme";

/** Unhurried: the birds cross the plate in about eight seconds. */
export const PLATE_BPM = 66;
/** Degrees in an octave of the pentatonic. */
const OCT = PENTATONIC.length;
/** The bells' cell over a bar of eighths, degrees above D4: a climb, as a stream goes one way. */
export const PLATE_CELL: readonly number[] = [0, 1, 2, 3, 4, 3, 2, 1];
/** Chance an eighth of the cell sounds: over a gas (order 0), and over a stream (order 1). */
export const NOTE_CHANCE_GAS = 0.08;
export const NOTE_CHANCE_STREAM = 0.85;
/** Bars a drone lasts before it is renewed. */
const DRONE_BARS = 2;

/** The chance that one eighth sounds at an order (0 … 1). */
export function plateNoteChance(order: number): number {
  const o = Number.isFinite(order) ? Math.min(1, Math.max(0, order)) : 0;
  return NOTE_CHANCE_GAS + (NOTE_CHANCE_STREAM - NOTE_CHANCE_GAS) * o;
}

export class PlateTheme implements Theme {
  readonly world = "plate";
  readonly scheduler: StepScheduler;
  private order = 0;
  private motifDue: boolean | undefined;
  private motif: Note[] = [];
  private motifFrom = 0;
  private readonly rng: SeededRandom;

  constructor(
    seed: number,
    private readonly log: MusicLog,
  ) {
    this.rng = new SeededRandom(seed + 40);
    this.scheduler = new StepScheduler(() => PLATE_BPM);
  }

  begin(): void {
    this.motifDue = undefined;
    this.motif = [];
  }

  onFrame(frame: MusicFrame): void {
    const order = frame.figures?.order;
    if (order !== undefined && Number.isFinite(order)) this.order = order;
    // The frame's last crossing is the furthest the plate went; it replaces one still waiting.
    for (const e of eventsOf<CommonMusicEvent>(frame)) if (e.kind === "orderCrossing") this.motifDue = e.rising;
  }

  onStep(step: Step, sink: SoundSink): void {
    const play = (note: Note): void => {
      sink.play("plate", note, step.timeS);
      this.log.note(note.voice);
    };
    const barS = step.durationS * STEPS_PER_BAR;
    if (step.stepInBar === 0) {
      this.log.bar("plate", step.bar, step.timeS, step.bpm);
      if (step.bar % DRONE_BARS === 0) play({ voice: "drone", midi: D3_MIDI - 12, velocity: 0.35, durationS: DRONE_BARS * barS + 1 });
    }
    if (this.motifDue !== undefined && step.stepInBar % STEPS_PER_BEAT === 0) {
      const rising = this.motifDue;
      this.motifDue = undefined;
      this.motif = orderMotif(rising, step.durationS * MOTIF_STEP);
      this.motifFrom = step.index;
      this.log.motif({ world: "plate", rising, timeS: step.timeS });
    }
    if (this.motif.length > 0 && (step.index - this.motifFrom) % MOTIF_STEP === 0) {
      const note = this.motif.shift();
      if (note) play(note);
      return;
    }
    if (step.stepInBar % 2 !== 0 || this.rng.next() >= plateNoteChance(this.order)) return;
    const degree = PLATE_CELL[(step.stepInBar / 2) % PLATE_CELL.length] ?? 0;
    play({ voice: "glass", midi: scaleNote(D3_MIDI, PENTATONIC, OCT + degree), velocity: 0.25 + 0.3 * this.order, durationS: 1.8 });
  }
}
