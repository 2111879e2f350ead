// The look-ahead scheduler (the "tale of two clocks"): a timer only wakes it; every sound is
// placed on the audio clock, a little ahead of it, so timer jitter never reaches the rhythm and
// nothing drifts. The grid is sixteenth notes; the tempo may change only at a bar's start, and
// each step's time is the bar's start plus a whole number of steps (one addition per bar), so
// rounding does not pile up over a long night either.

export const STEPS_PER_BEAT = 4;
export const BEATS_PER_BAR = 4;
export const STEPS_PER_BAR = STEPS_PER_BEAT * BEATS_PER_BAR;

/** s: how far ahead of the audio clock steps are scheduled; covers a timer late by a frame or two. */
export const LOOK_AHEAD_S = 0.15;
/**
 * s: a step this far behind the clock is skipped rather than played late (a page in the
 * background gets its timers throttled to once a second; catching up would play a burst).
 */
export const LATE_LIMIT_S = 0.05;

export interface Step {
  /** Steps since the scheduler started. */
  readonly index: number;
  /** When it sounds, on the audio clock (s). */
  readonly timeS: number;
  /** One sixteenth at the bar's tempo (s). */
  readonly durationS: number;
  readonly bar: number;
  /** 0 … STEPS_PER_BAR − 1. */
  readonly stepInBar: number;
  readonly bpm: number;
}

/** The tempo for a bar: asked once at each bar's start. */
export type TempoForBar = (bar: number, previousBpm: number | undefined) => number;

export class StepScheduler {
  private barStartS = 0;
  private bar = 0;
  private stepInBar = 0;
  private bpm = 0;
  private running = false;

  constructor(
    private readonly tempo: TempoForBar,
    private readonly lookAheadS = LOOK_AHEAD_S,
    private readonly lateLimitS = LATE_LIMIT_S,
  ) {}

  get started(): boolean {
    return this.running;
  }

  get currentBpm(): number {
    return this.bpm;
  }

  /** The first step (a bar's start) sounds at `timeS`. */
  start(timeS: number): void {
    this.running = true;
    this.barStartS = timeS;
    this.bar = 0;
    this.stepInBar = 0;
    this.bpm = this.tempo(0, undefined);
  }

  stop(): void {
    this.running = false;
  }

  private get stepS(): number {
    return 60 / this.bpm / STEPS_PER_BEAT;
  }

  /** When the next unscheduled step sounds. */
  get nextStepS(): number {
    return this.barStartS + this.stepInBar * this.stepS;
  }

  /** When the next beat not yet scheduled starts (a step that is a beat's first). */
  get nextBeatS(): number {
    const toBeat = (STEPS_PER_BEAT - (this.stepInBar % STEPS_PER_BEAT)) % STEPS_PER_BEAT;
    return this.nextStepS + toBeat * this.stepS;
  }

  /** When the next bar not yet scheduled starts, at the current bar's tempo. */
  get nextBarS(): number {
    return this.stepInBar === 0 ? this.barStartS : this.barStartS + STEPS_PER_BAR * this.stepS;
  }

  /** Hands every step due before `nowS + look-ahead` to `onStep`, in order; returns how many. */
  pump(nowS: number, onStep: (step: Step) => void): number {
    if (!this.running) return 0;
    // Fell behind (a sleeping tab): skip what is past, keeping the grid.
    while (this.nextStepS < nowS - this.lateLimitS) this.advance();
    let n = 0;
    while (this.nextStepS < nowS + this.lookAheadS) {
      onStep({
        index: this.bar * STEPS_PER_BAR + this.stepInBar,
        timeS: this.nextStepS,
        durationS: this.stepS,
        bar: this.bar,
        stepInBar: this.stepInBar,
        bpm: this.bpm,
      });
      this.advance();
      n++;
    }
    return n;
  }

  private advance(): void {
    this.stepInBar++;
    if (this.stepInBar < STEPS_PER_BAR) return;
    this.barStartS += STEPS_PER_BAR * this.stepS;
    this.stepInBar = 0;
    this.bar++;
    this.bpm = this.tempo(this.bar, this.bpm);
  }
}
