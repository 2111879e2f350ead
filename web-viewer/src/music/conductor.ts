// The conductor: frames in, notes out. It keeps one theme per world (each world's view brings its
// own: WorldView.musicTheme), starts the one whose frames arrive, and when the frames
// change world crossfades on a beat of the old theme: from that beat the old fades out and the new
// (its grid starting on that very beat) fades in over CROSSFADE_BEATS. Frames of a world with no
// theme fade the music out. It only ever reads the audio clock it is given, so it runs the same
// live and offline (and against a fake clock in unit tests).
import type { MusicFrame, MusicWorld } from "./music-frame";
import { MusicLog } from "./music-log";
import type { SoundSink } from "./sound-spec";
import type { Theme, ThemeMaker } from "./theme";

/** Beats (of the old theme) a crossfade between worlds lasts: long enough to hear both, short enough to follow the key press. */
export const CROSSFADE_BEATS = 2;
/** s: the first theme starts this long after its first frame, so its first notes are not late. */
export const START_DELAY_S = 0.1;
/** s: the first theme fades in over this long (no click, no jolt when sound is switched on). */
export const FADE_IN_S = 1;
/** s: the fade when the link drops: gentle, as if the meadow went quiet. */
export const FADE_OUT_S = 1.5;
/** The seed of the music's random choices: the same stream always plays the same music. */
export const DEFAULT_SEED = 9;

export class Conductor {
  readonly log = new MusicLog();
  private readonly themes = new Map<MusicWorld, Theme>();
  private active: Theme | undefined;
  private fading: { theme: Theme; untilS: number } | undefined;

  constructor(
    private readonly sink: SoundSink,
    makers: readonly ThemeMaker[],
    seed = DEFAULT_SEED,
  ) {
    for (const make of makers) {
      const theme = make(seed, this.log);
      if (this.themes.has(theme.world)) throw new Error(`two themes for the ${theme.world}`);
      this.themes.set(theme.world, theme);
      if (theme.voices) sink.learnVoices?.(theme.world, theme.voices);
    }
  }

  /** The theme of a world, for tests and the debug hook; undefined: it has none. */
  theme(world: MusicWorld): Theme | undefined {
    return this.themes.get(world);
  }

  /** The worlds it has a theme for. */
  get worlds(): readonly MusicWorld[] {
    return [...this.themes.keys()];
  }

  get world(): MusicWorld | undefined {
    return this.active?.world;
  }

  get bpm(): number | undefined {
    return this.active?.scheduler.currentBpm;
  }

  onFrame(frame: MusicFrame, atS: number): void {
    const theme = this.themes.get(frame.world);
    if (!theme) {
      this.silence(atS);
      return;
    }
    theme.onFrame(frame, atS, this.sink);
    if (theme !== this.active) this.switchTo(theme, atS);
  }

  private switchTo(next: Theme, atS: number): void {
    const old = this.active;
    if (!old) {
      const startS = atS + START_DELAY_S;
      this.startTheme(next, startS);
      this.sink.fadeTheme(next.world, 1, startS, startS + FADE_IN_S);
      this.log.switches.push({ from: undefined, to: next.world, atS: startS, untilS: startS + FADE_IN_S });
      this.active = next;
      return;
    }
    // On the old theme's next beat that is not scheduled yet (so at least the look-ahead away).
    const beatS = Math.max(old.scheduler.nextBeatS, atS);
    const untilS = beatS + (CROSSFADE_BEATS * 60) / old.scheduler.currentBpm;
    this.sink.fadeTheme(old.world, 0, beatS, untilS);
    this.startTheme(next, beatS);
    this.sink.fadeTheme(next.world, 1, beatS, untilS);
    this.log.switches.push({ from: old.world, to: next.world, atS: beatS, untilS });
    this.fading = { theme: old, untilS };
    this.active = next;
  }

  /**
   * The link is down: what plays fades out over FADE_OUT_S and stops; the next frame starts its
   * theme afresh (with its fade-in), rather than playing on from stale figures.
   */
  silence(atS: number): void {
    const a = this.active;
    if (!a) return;
    const untilS = atS + FADE_OUT_S;
    this.sink.fadeTheme(a.world, 0, atS, untilS);
    this.fading = { theme: a, untilS };
    this.active = undefined;
  }

  private startTheme(theme: Theme, atS: number): void {
    if (this.fading?.theme === theme) this.fading = undefined;
    theme.begin();
    theme.scheduler.start(atS);
  }

  /** Schedules every note due before `nowS` + the look-ahead. Call it often (a timer, or each offline frame). */
  pump(nowS: number): void {
    const f = this.fading;
    if (f) {
      f.theme.scheduler.pump(Math.min(nowS, f.untilS), (step) => {
        if (step.timeS < f.untilS) f.theme.onStep(step, this.sink);
      });
      if (f.theme.scheduler.nextStepS >= f.untilS) {
        f.theme.scheduler.stop();
        this.fading = undefined;
      }
    }
    const a = this.active;
    if (a) a.scheduler.pump(nowS, (step) => a.onStep(step, this.sink));
  }
}
