// How each of the mold's sliders maps its position to a setting (docs/mold.md "The model"; ranges
// as the server clamps them, server/sim/mold/mold_settings.hpp). A slider is an integer range input
// 0 … 1000; where the interesting values crowd at one end the scale gives them more of the slider:
//   agents: logarithmic between the fewest and the most a viewer may ask for (a few hundred to
//     tens of thousands: each stretch of the slider multiplies them alike);
//   decay: 0 … 0.3 over most of the slider (networks live there; above it the trail is gone
//     within a few steps);
//   deposit: 0 … 0.1 over most of the slider, for the same reason (its default is 0.04).
// Values are stepped as they are sent, so a drag sends round numbers.
import { formatCount } from "../ui/status";

export type MoldSliderName = "agents" | "sensorAngle" | "turnAngle" | "sensorDistance" | "deposit" | "decay" | "diffusion";

/** The sliders in the order the panel shows them. */
export const MOLD_SLIDERS: readonly MoldSliderName[] = ["agents", "sensorAngle", "turnAngle", "sensorDistance", "deposit", "decay", "diffusion"];

/** A slider's positions: 0 … SLIDER_POSITIONS, whole numbers. */
export const SLIDER_POSITIONS = 1000;

export interface AgentRange {
  readonly min: number;
  readonly max: number;
}

/** The agents' range before a frame says (the server's CPU default sits inside it). */
export const DEFAULT_AGENT_RANGE: AgentRange = { min: 256, max: 65_536 };

export interface MoldScale {
  readonly name: MoldSliderName;
  readonly label: string;
  /** Slider position (0 … SLIDER_POSITIONS) → the setting, stepped as it is sent. */
  value(position: number): number;
  /** The setting → the nearest slider position. */
  position(value: number): number;
  format(value: number): string;
}

/** A piecewise-linear scale: `knee` at `share` of the slider, the rest of the range above it. */
interface Piece {
  readonly min: number;
  readonly max: number;
  readonly knee: number;
  readonly share: number;
}

const LINEAR = (min: number, max: number): Piece => ({ min, max, knee: (min + max) / 2, share: 0.5 });

const SCALES: Readonly<Record<Exclude<MoldSliderName, "agents">, { label: string; piece: Piece; step: number; format: (v: number) => string }>> = {
  sensorAngle: { label: "sensor angle", piece: LINEAR(0, 90), step: 0.5, format: (v) => `${v.toFixed(1)}°` },
  turnAngle: { label: "turn angle", piece: LINEAR(0, 90), step: 0.5, format: (v) => `${v.toFixed(1)}°` },
  sensorDistance: { label: "sensor distance", piece: LINEAR(1, 40), step: 0.5, format: (v) => v.toFixed(1) },
  deposit: { label: "deposit", piece: { min: 0, max: 1, knee: 0.1, share: 0.6 }, step: 0.001, format: (v) => v.toFixed(3) },
  decay: { label: "decay", piece: { min: 0, max: 1, knee: 0.3, share: 0.7 }, step: 0.001, format: (v) => v.toFixed(3) },
  diffusion: { label: "diffusion", piece: LINEAR(0, 1), step: 0.01, format: (v) => v.toFixed(2) },
};

export function moldScale(name: MoldSliderName, agents: AgentRange = DEFAULT_AGENT_RANGE): MoldScale {
  if (name === "agents") return agentScale(agents);
  const { label, piece, step, format } = SCALES[name];
  return {
    name,
    label,
    format,
    value: (position) => stepped(pieceValue(piece, fraction(position)), step, piece),
    position: (value) => Math.round(pieceFraction(piece, value) * SLIDER_POSITIONS),
  };
}

function agentScale(range: AgentRange): MoldScale {
  const min = Math.max(1, range.min > 0 ? range.min : DEFAULT_AGENT_RANGE.min);
  const max = Math.max(min, range.max > 0 ? range.max : DEFAULT_AGENT_RANGE.max);
  const ratio = Math.log(max / min);
  return {
    name: "agents",
    label: "agents",
    format: (v) => formatCount(v),
    value: (position) => {
      const exact = min * Math.exp(ratio * fraction(position));
      return Math.min(max, Math.max(min, twoFigures(exact)));
    },
    position: (value) => (ratio > 0 && value > 0 ? Math.round(clamp01(Math.log(value / min) / ratio) * SLIDER_POSITIONS) : 0),
  };
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
  if (c <= p.knee) return (p.share * (c - p.min)) / (p.knee - p.min);
  return p.share + ((1 - p.share) * (c - p.knee)) / (p.max - p.knee);
}

function stepped(v: number, step: number, p: Piece): number {
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  return Math.min(p.max, Math.max(p.min, Number((Math.round(v / step) * step).toFixed(decimals))));
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
