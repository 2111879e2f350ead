// A theme: one world's music, stepped by its own look-ahead scheduler.
import type { MusicFrame, MusicWorld } from "./music-frame";
import type { MusicLog } from "./music-log";
import type { SoundSink } from "./sound-spec";
import type { Step, StepScheduler } from "./step-scheduler";
import type { VoiceTable } from "./voice-kit";

export interface Theme {
  readonly world: MusicWorld;
  readonly scheduler: StepScheduler;
  /** Its own voices, besides the shared ones (voices.ts); undefined: the shared ones only. */
  readonly voices?: VoiceTable;
  /** Called just before the scheduler starts the theme (again). */
  begin(): void;
  /** A frame of this theme's world arrived at `atS` (audio clock). */
  onFrame(frame: MusicFrame, atS: number, sink: SoundSink): void;
  /** A step of the grid is due: schedule its notes at `step.timeS`. */
  onStep(step: Step, sink: SoundSink): void;
}

/** Makes a world's theme: its random choices from `seed`, what it plays written to `log`. */
export type ThemeMaker = (seed: number, log: MusicLog) => Theme;
