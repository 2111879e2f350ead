// The colony's part of the status line (docs/rules.md "The viewer · Status line"): its size (or
// that it sleeps), its store, its flowers in bloom and, when there are any, its frogs.
import { formatCount } from "../ui/status";

export interface ColonyStatus {
  /** Living fireflies. */
  readonly size: number | undefined;
  /** How full the stump's store is, 0 … 1. */
  readonly store: number;
  /** Flowers in bloom, as the server counts them (wilting ones too; not shoots, buds, withered). */
  readonly flowersInBloom: number;
  /** The colony died out; a spark sleeps in the stump. */
  readonly dormant: boolean;
  /** Frogs on the meadow (none: not said). */
  readonly frogs?: number;
}

export function colonyStatusParts(c: ColonyStatus): string[] {
  const size = c.size ?? 0;
  const who = c.dormant ? "dormant" : `${formatCount(size)} ${size === 1 ? "firefly" : "fireflies"}`;
  const n = c.flowersInBloom;
  const flowers = n === 0 ? "no flowers" : `${n} ${n === 1 ? "flower" : "flowers"}`;
  const frogs = c.frogs ?? 0;
  const parts = [who, `store ${Math.round(c.store * 100)} %`, flowers];
  if (frogs > 0) parts.push(`${frogs} ${frogs === 1 ? "frog" : "frogs"}`);
  return parts;
}
