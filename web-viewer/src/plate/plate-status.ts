// The plate's part of the status line (docs/rules.md "The viewer · Status line"): its birds, its
// order parameter with the phase it reads as, and the step of its run.
import type { PlateFigures } from "./plate-state";

/** Below this order the plate reads as a gas, above the other as a stream (the server's thresholds). */
export const GAS_BELOW = 0.2;
export const STREAM_ABOVE = 0.9;

export function phaseOf(order: number): string | undefined {
  if (order < GAS_BELOW) return "a gas";
  if (order > STREAM_ABOVE) return "a stream";
  return undefined;
}

export function plateStatusParts(f: PlateFigures | undefined): string[] {
  if (!f) return [];
  const phase = phaseOf(f.order);
  return [`${f.count} bird${f.count === 1 ? "" : "s"}`, `order ${f.order.toFixed(2)}${phase ? ` (${phase})` : ""}`, `step ${f.runSteps}`];
}
