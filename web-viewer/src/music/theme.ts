// A theme: one world's music, stepped by its own look-ahead scheduler.
import type { MusicFrame, MusicWorld } from "./music-frame";
import type { MusicLog } from "./music-log";
import type { SoundSink } from "./sound-spec";
import type { Step, StepScheduler } from "./step-scheduler";

export interface Theme {
  readonly world: MusicWorld;
  readonly scheduler: StepScheduler;
  /** Called just before the scheduler starts the theme (again). */
  begin(): void;
  /** A frame of this theme's world arrived at `atS` (audio clock). */
  onFrame(frame: MusicFrame, atS: number, sink: SoundSink): void;
  /** A step of the grid is due: schedule its notes at `step.timeS`. */
  onStep(step: Step, sink: SoundSink): void;
}

/** Makes a world's theme: its random choices from `seed`, what it plays written to `log`. */
export type ThemeMaker = (seed: number, log: MusicLog) => Theme;
