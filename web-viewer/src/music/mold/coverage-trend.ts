// How fast the mold's network grows or shrinks: the change of its coverage per second over the
// last few seconds of measurements. The server measures its net about once a second, so a
// frame only counts when it brings a new measurement; the span must be long enough that one
// noisy measurement cannot pass for a trend. Pure: times are the audio clock's, given.

/** s: the measurements the trend is taken over. */
export const TREND_WINDOW_S = 4;
/** s: the least span of measurements a trend is read from. */
export const TREND_MIN_SPAN_S = 1.5;

interface Sample {
  readonly atS: number;
  readonly coverage: number;
  readonly step: number;
}

export class CoverageTrend {
  private samples: Sample[] = [];

  /** A frame's coverage, measured at mold step `step`, heard at `atS`. */
  add(coverage: number, step: number, atS: number): void {
    const last = this.samples[this.samples.length - 1];
    if (last && last.step === step && last.coverage === coverage) return;
    if (last && atS < last.atS) this.samples = [];
    this.samples.push({ atS, coverage, step });
    while (this.samples.length > 2 && atS - (this.samples[0]?.atS ?? atS) > TREND_WINDOW_S) this.samples.shift();
  }

  /** Coverage per second (share of the map, signed); 0 until the measurements span long enough. */
  get perSecond(): number {
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    if (!first || !last) return 0;
    const span = last.atS - first.atS;
    return span >= TREND_MIN_SPAN_S ? (last.coverage - first.coverage) / span : 0;
  }

  /** Forget the past (the theme starts again). */
  reset(): void {
    this.samples = [];
  }
}
