// One rule-weight slider's logic, free of the DOM: while it is dragged its values go out
// throttled (the last one always), and it shows the server's value only when nobody is
// dragging it and its own last change has had time to come back.
import { Throttle } from "../util/throttle";

export type WeightName = "separation" | "alignment" | "cohesion";

export const WEIGHT_MIN = 0;
export const WEIGHT_MAX = 3;
export const WEIGHT_STEP = 0.05;
/** About ten changes a second while dragging. */
export const SLIDER_INTERVAL_MS = 100;
/** After the last local change, the server's figure is trusted again after this long. */
const ECHO_MS = 1000;

export function clampWeight(v: number): number {
  if (!Number.isFinite(v)) return 1;
  const stepped = Math.round(v / WEIGHT_STEP) * WEIGHT_STEP;
  return Math.min(WEIGHT_MAX, Math.max(WEIGHT_MIN, Number(stepped.toFixed(2))));
}

export class WeightSliderModel {
  private readonly throttle = new Throttle<number>(SLIDER_INTERVAL_MS);
  private dragging = false;
  private lastInputAt = Number.NEGATIVE_INFINITY;

  constructor(readonly name: WeightName) {}

  grab(): void {
    this.dragging = true;
  }

  /** The slider moved to `value`; returns the value to send now, if any. */
  input(value: number, nowMs: number): number | undefined {
    this.lastInputAt = nowMs;
    return this.throttle.push(clampWeight(value), nowMs);
  }

  /** The drag ended; returns the last value if it still waits. */
  release(nowMs: number): number | undefined {
    this.dragging = false;
    this.lastInputAt = nowMs;
    return this.throttle.drain(nowMs);
  }

  /** A value that waited for the throttle, once due; call once per animation frame. */
  flush(nowMs: number): number | undefined {
    return this.throttle.take(nowMs);
  }

  /** Whether the server's value should be shown now. */
  reflects(nowMs: number): boolean {
    return !this.dragging && !this.throttle.hasWaiting && nowMs - this.lastInputAt >= ECHO_MS;
  }
}
