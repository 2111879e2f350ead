// The pond's part of the status line (docs/rules.md "The viewer · Status line"): its fish and the
// crumbs they have eaten, from the first frame on ("0 fed" too, as the aquarium counts).
import { formatCount } from "../ui/status";
import type { PondFigures } from "./pond-state";

export function pondStatusParts(f: Pick<PondFigures, "fish" | "fed"> | undefined): string[] {
  if (!f) return [];
  return [`${formatCount(f.fish)} fish`, `${formatCount(f.fed)} fed`];
}
