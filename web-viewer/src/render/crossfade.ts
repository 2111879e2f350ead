// Smooth motion at any refresh rate: the light shown is a blend of the last two rasters,
// sliding from the previous to the newest over one frame interval after the newest arrived.
// This costs one frame of delay and removes the 30 Hz stepping.
export class CrossFade {
  private arrivedAt = Number.NEGATIVE_INFINITY;

  constructor(private intervalMs = 1000 / 30) {}

  setFrameRate(framesPerSecond: number): void {
    if (Number.isFinite(framesPerSecond) && framesPerSecond > 0) this.intervalMs = 1000 / framesPerSecond;
  }

  /** A new raster became the newest one at `nowMs`. */
  arrived(nowMs: number): void {
    this.arrivedAt = nowMs;
  }

  /** 0 = show the previous raster, 1 = show the newest. */
  mix(nowMs: number): number {
    const t = (nowMs - this.arrivedAt) / this.intervalMs;
    return Math.min(Math.max(t, 0), 1);
  }

  /** Whether a redraw at `nowMs` would show anything new. */
  settled(nowMs: number): boolean {
    return this.mix(nowMs) >= 1;
  }
}
