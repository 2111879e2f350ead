// The operator's locks (Frame.locks) as the viewer shows them: locked tools and the locked
// settings of a world (a count, weights). A frame without locks locks nothing.
import type { Locks } from "../gen/meadow/v1/viewer_pb";
import type { ToolName } from "../tools/tool-catalog";
import type { LockView } from "../ui/more-menu";

export const NO_LOCKS: LockView = { tools: new Set(), settings: false };

export function locksFromProto(l: Locks | undefined): LockView {
  if (!l) return NO_LOCKS;
  const tools = new Set<ToolName>();
  if (l.attract) tools.add("attract");
  if (l.flower) tools.add("flower");
  if (l.rock) tools.add("rock");
  if (l.predator) tools.add("predator");
  if (l.frog) tools.add("frog");
  return { tools, settings: l.settings };
}

export function sameLocks(a: LockView, b: LockView): boolean {
  if (a.settings !== b.settings || a.tools.size !== b.tools.size) return false;
  for (const t of a.tools) if (!b.tools.has(t)) return false;
  return true;
}
