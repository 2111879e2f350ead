// One swarm slider's logic, free of the DOM: a SliderDrag (throttled while dragged, the server's
// value shown when left alone) whose values are a rule weight or the speed factor, stepped and
// kept in that setting's range.
import { SliderDrag } from "../ui/slider-drag";

export { SLIDER_INTERVAL_MS } from "../ui/slider-drag";

export type WeightName = "separation" | "alignment" | "cohesion";
/** The swarm's shared settings a slider sets: the three rule weights and the speed band's factor. */
export type SwarmSliderName = WeightName | "speed";

export interface SliderRange {
  readonly min: number;
  readonly max: number;
  readonly step: number;
}

/**
 * Rule weights: factors of their defaults, 0 (off) … 3
 * (docs/rules.md "The swarm · Sight and the three rules").
 */
export const WEIGHT_RANGE: SliderRange = { min: 0, max: 3, step: 0.05 };
/** The speed band's factor, 0.5 … 2 (1: a firefly flies 1.8 … 3.2 units a step), as the server clamps it. */
export const SPEED_RANGE: SliderRange = { min: 0.5, max: 2, step: 0.05 };

export function sliderRange(name: SwarmSliderName): SliderRange {
  return name === "speed" ? SPEED_RANGE : WEIGHT_RANGE;
}

/** `v` on the range's grid and within it; anything not finite is the default, 1. */
export function clampToRange(v: number, range: SliderRange): number {
  if (!Number.isFinite(v)) return 1;
  const stepped = Math.round(v / range.step) * range.step;
  return Math.min(range.max, Math.max(range.min, Number(stepped.toFixed(2))));
}

export function clampWeight(v: number): number {
  return clampToRange(v, WEIGHT_RANGE);
}

export class WeightSliderModel extends SliderDrag {
  readonly range: SliderRange;

  constructor(readonly name: SwarmSliderName) {
    super();
    this.range = sliderRange(name);
  }

  /** The slider moved to `value`; returns the (clamped) value to send now, if any. */
  override input(value: number, nowMs: number): number | undefined {
    return super.input(clampToRange(value, this.range), nowMs);
  }
}
