// The swarm's part of the status line (docs/rules.md "The viewer · Status line"): its count (and
// the count it is heading for while flocks arrive or leave), whether it runs slowed, and the crumbs
// eaten, from the first frame on ("0 fed" too: the aquarium's counter is there before anyone feeds
// it).
import { formatCount } from "../ui/status";

export interface SwarmStatus {
  readonly fireflies: number | undefined;
  /** The count asked for; shown as "→ target" while flocks arrive or leave. */
  readonly targetFireflies?: number | undefined;
  /** Food crumbs eaten since the server started. */
  readonly fed?: number | undefined;
  /** The swarm runs slower than its pace because the steps cannot keep up. */
  readonly slowed?: boolean | undefined;
}

export function swarmStatusParts(s: SwarmStatus): string[] {
  const parts: string[] = [];
  if (s.fireflies !== undefined) parts.push(fireflyText(s.fireflies, s.targetFireflies));
  if (s.slowed) parts.push("slowed");
  if (s.fed !== undefined && Number.isFinite(s.fed)) parts.push(`${formatCount(s.fed)} fed`);
  return parts;
}

function fireflyText(now: number, target: number | undefined): string {
  if (target === undefined || target === now) return `${formatCount(now)} fireflies`;
  return `${formatCount(now)} → ${formatCount(target)} fireflies`;
}
