// The mold's part of the status line (docs/rules.md "The viewer · Status line"): its agents, how
// much of the map its network covers, the steps it manages a second, and its net's holes and
// junctions, kept short (a phone's line ends in an ellipsis).
import { formatCount } from "../ui/status";
import type { MoldFiguresView } from "./mold-state";

export type MoldStatus = Pick<MoldFiguresView, "agents" | "coverage" | "stepsPerSecond" | "holes" | "junctions">;

export function moldStatusParts(f: MoldStatus | undefined): string[] {
  if (!f) return [];
  return [
    `${formatCount(f.agents)} agents`,
    `${Math.round(f.coverage * 100)} % covered`,
    `${f.stepsPerSecond.toFixed(0)} steps/s`,
    `${formatCount(f.holes)} holes, ${formatCount(f.junctions)} junctions`,
  ];
}
