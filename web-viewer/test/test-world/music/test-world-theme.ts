// The tests' world's music: its beacon heard. A ping of its own voice on every beat, as loud as
// the beacon glows and lower the larger it is (a size of 1 … 4 pixels, a degree of the pentatonic
// each), and the shared drone on D every other bar. It hears the figures its view gives
// (TestWorldView.music: glow, size), as each world's theme hears its own.
import type { MusicFrame } from "../../../src/music/music-frame";
import type { MusicLog } from "../../../src/music/music-log";
import { D3_MIDI, PENTATONIC, scaleNote } from "../../../src/music/scales";
import type { Note, SoundSink } from "../../../src/music/sound-spec";
import { STEPS_PER_BAR, STEPS_PER_BEAT, StepScheduler, type Step } from "../../../src/music/step-scheduler";
import type { Theme } from "../../../src/music/theme";
import { TEST_WORLD_NAME } from "../test-world-kind";
import { BEACON_VOICE, TEST_WORLD_VOICES } from "./test-world-voices";

export const TEST_WORLD_BPM = 80;

/** The ping's pitch for a beacon of `size` pixels: the larger, the lower. */
export function beaconMidi(size: number): number {
  const s = Number.isFinite(size) ? Math.min(4, Math.max(1, Math.round(size))) : 1;
  return scaleNote(D3_MIDI, PENTATONIC, 2 * PENTATONIC.length - s);
}

export class TestWorldTheme implements Theme {
  readonly world = TEST_WORLD_NAME;
  readonly voices = TEST_WORLD_VOICES;
  readonly scheduler = new StepScheduler(() => TEST_WORLD_BPM);
  private glow = 0;
  private size = 1;

  constructor(
    _seed: number,
    private readonly log: MusicLog,
  ) {}

  begin(): void {}

  onFrame(frame: MusicFrame): void {
    const f = frame.figures;
    if (f?.glow !== undefined && Number.isFinite(f.glow)) this.glow = Math.min(1, Math.max(0, f.glow));
    if (f?.size !== undefined) this.size = f.size;
  }

  onStep(step: Step, sink: SoundSink): void {
    const play = (note: Note): void => {
      sink.play(TEST_WORLD_NAME, note, step.timeS);
      this.log.note(note.voice);
    };
    if (step.stepInBar === 0) {
      this.log.bar(TEST_WORLD_NAME, step.bar, step.timeS, step.bpm);
      if (step.bar % 2 === 0) play({ voice: "drone", midi: D3_MIDI - 12, velocity: 0.3, durationS: 2 * STEPS_PER_BAR * step.durationS });
    }
    if (step.stepInBar % STEPS_PER_BEAT !== 0 || this.glow <= 0) return;
    play({ voice: BEACON_VOICE, midi: beaconMidi(this.size), velocity: this.glow, durationS: 0.6 });
  }
}
