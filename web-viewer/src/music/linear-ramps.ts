// Where a gain stands at any time, given the linear ramps put on it: so a new fade can start
// exactly from the value an older one has reached at that moment (Web Audio's
// cancelAndHoldAtTime would do this, but not every browser has it). Pure.

export class LinearRamps {
  private fromS = 0;
  private fromValue: number;
  private toS = 0;
  private toValue: number;

  constructor(initial: number) {
    this.fromValue = initial;
    this.toValue = initial;
  }

  valueAt(t: number): number {
    if (t <= this.fromS) return this.fromValue;
    if (t >= this.toS) return this.toValue;
    return this.fromValue + ((this.toValue - this.fromValue) * (t - this.fromS)) / (this.toS - this.fromS);
  }

  /** A ramp from whatever the value is at `fromS` to `value` at `toS`. Returns the start value. */
  ramp(fromS: number, value: number, toS: number): number {
    const start = this.valueAt(fromS);
    this.fromS = fromS;
    this.fromValue = start;
    this.toS = Math.max(fromS, toS);
    this.toValue = value;
    return start;
  }
}

/** Puts the same ramp on an AudioParam: later automation dropped, the line to `fromS` kept, then the ramp. */
export function applyRamp(param: AudioParam, ramps: LinearRamps, fromS: number, value: number, toS: number): void {
  const start = ramps.ramp(fromS, value, toS);
  param.cancelScheduledValues(fromS);
  param.linearRampToValueAtTime(start, fromS);
  param.linearRampToValueAtTime(value, Math.max(fromS, toS));
}
