// The tests' world's part of the status line: its beacon's glow and size, and whether its preset is one.
import type { TestWorldFigures } from "./test-world-state";

export function testWorldStatusParts(f: TestWorldFigures | undefined, preset: string | undefined): string[] {
  if (!f) return [];
  return [`glow ${f.glow.toFixed(1)}`, `beacon ${f.size} px`, ...(preset ? [`preset ${preset}`] : [])];
}
