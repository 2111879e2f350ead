// One rule-weight slider's logic, free of the DOM: a SliderDrag (throttled while dragged, the
// server's value shown when left alone) whose values are weights, stepped and kept in range.
import { SliderDrag } from "./slider-drag";

export { SLIDER_INTERVAL_MS } from "./slider-drag";

export type WeightName = "separation" | "alignment" | "cohesion";

export const WEIGHT_MIN = 0;
export const WEIGHT_MAX = 3;
export const WEIGHT_STEP = 0.05;

export function clampWeight(v: number): number {
  if (!Number.isFinite(v)) return 1;
  const stepped = Math.round(v / WEIGHT_STEP) * WEIGHT_STEP;
  return Math.min(WEIGHT_MAX, Math.max(WEIGHT_MIN, Number(stepped.toFixed(2))));
}

export class WeightSliderModel extends SliderDrag {
  constructor(readonly name: WeightName) {
    super();
  }

  /** The slider moved to `value`; returns the (clamped) weight to send now, if any. */
  override input(value: number, nowMs: number): number | undefined {
    return super.input(clampWeight(value), nowMs);
  }
}
