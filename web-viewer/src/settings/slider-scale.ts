// How a setting's slider maps its position to a value, for any world's setting (its range and
// step from the schema). A slider is an integer range input 0 … SLIDER_POSITIONS; where the
// interesting values crowd at one end, a world gives the setting a shape that lends them more of
// the slider:
//   linear: even over the range;
//   log: each stretch of the slider multiplies the value alike (counts from hundreds to tens of
//     thousands), in round numbers (two significant figures);
//   knee: `knee` sits at `share` of the slider, the rest of the range above it (a decay
//     lives below 0.3, so 0 … 0.3 takes most of the slider).
// Values are stepped as they are sent, so a drag sends round numbers.
import { formatCount } from "../ui/status";
import type { SettingSpecView } from "./settings-schema";

/** A slider's positions: 0 … SLIDER_POSITIONS, whole numbers. */
export const SLIDER_POSITIONS = 1000;

export type ScaleShape = { readonly kind: "linear" } | { readonly kind: "log" } | { readonly kind: "knee"; readonly knee: number; readonly share: number };

export const LINEAR: ScaleShape = { kind: "linear" };

export interface ValueRange {
  readonly min: number;
  readonly max: number;
}

export interface SliderScale {
  /** Slider position (0 … SLIDER_POSITIONS) → the setting, stepped as it is sent. */
  value(position: number): number;
  /** The setting → the nearest slider position. */
  position(value: number): number;
  format(value: number): string;
}

/**
 * The scale of `spec`'s slider over `range` (by default the schema's; a world may narrow it to
 * what a viewer may ask for now, such as a world's agents on this engine).
 */
export function sliderScale(spec: SettingSpecView, shape: ScaleShape = LINEAR, range: ValueRange = spec): SliderScale {
  const min = Math.max(spec.min, range.min);
  const max = Math.max(min, Math.min(spec.max, range.max));
  const format = (v: number): string => formatSetting(spec, v);
  if (shape.kind === "log" && min > 0) return logScale(min, max, format);
  const piece = shape.kind === "knee" && shape.knee > min && shape.knee < max && shape.share > 0 && shape.share < 1 ? { min, max, knee: shape.knee, share: shape.share } : { min, max, knee: (min + max) / 2, share: 0.5 };
  const step = spec.kind === "whole" ? Math.max(1, spec.step) : spec.step;
  return {
    format,
    value: (position) => stepped(pieceValue(piece, fraction(position)), step, piece),
    position: (value) => (max > min ? Math.round(pieceFraction(piece, value) * SLIDER_POSITIONS) : 0),
  };
}

/** A value as the panel shows it: counts with separators, numbers to the step's decimals, degrees with °. */
export function formatSetting(spec: SettingSpecView, v: number): string {
  if (spec.kind === "whole") return formatCount(v);
  const text = v.toFixed(decimalsOf(spec.step));
  return spec.unit === "degrees" ? `${text}°` : text;
}

function logScale(min: number, max: number, format: (v: number) => string): SliderScale {
  const ratio = Math.log(max / min);
  return {
    format,
    value: (position) => Math.min(max, Math.max(min, twoFigures(min * Math.exp(ratio * fraction(position))))),
    position: (value) => (ratio > 0 && value > 0 ? Math.round(clamp01(Math.log(value / min) / ratio) * SLIDER_POSITIONS) : 0),
  };
}

interface Piece {
  readonly min: number;
  readonly max: number;
  readonly knee: number;
  readonly share: number;
}

function fraction(position: number): number {
  return Number.isFinite(position) ? clamp01(position / SLIDER_POSITIONS) : 0;
}

function pieceValue(p: Piece, f: number): number {
  if (f <= p.share) return p.min + ((p.knee - p.min) * f) / p.share;
  return p.knee + ((p.max - p.knee) * (f - p.share)) / (1 - p.share);
}

function pieceFraction(p: Piece, v: number): number {
  if (!Number.isFinite(v)) return 0;
  const c = Math.min(p.max, Math.max(p.min, v));
  if (c <= p.knee) return p.knee > p.min ? (p.share * (c - p.min)) / (p.knee - p.min) : 0;
  return p.share + ((1 - p.share) * (c - p.knee)) / (p.max - p.knee);
}

function decimalsOf(step: number): number {
  return Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
}

function stepped(v: number, step: number, p: Piece): number {
  return Math.min(p.max, Math.max(p.min, Number((Math.round(v / step) * step).toFixed(decimalsOf(step)))));
}

/** Rounded to two significant figures: 10,240 → 10,000; 437 → 440. */
function twoFigures(v: number): number {
  if (!(v > 0)) return 0;
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(v)) - 1);
  return Math.round(v / unit) * unit;
}

function clamp01(v: number): number {
  return Math.min(1, Math.max(0, v));
}
