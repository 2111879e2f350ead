// The colony's part of the debug hook (window.__meadow.colony): what its latest frame has and
// what it drew, while it is shown.
import { activityCounts, type FireflyActivity, type FlowerStageName, type SeedView, type StumpView } from "./colony-snapshot";
import type { DebugPage, WorldDebugParts } from "../debug/hook";
import type { ColonyView } from "./colony-view";

export interface FlowerDebug {
  readonly id: number;
  readonly x: number;
  readonly y: number;
  readonly sips: number;
  readonly sipsFull: number;
  readonly foragers: number;
  readonly inSync: boolean;
  readonly stage: FlowerStageName;
  readonly growth: number;
  readonly dropped: boolean;
}

/** A frog as the latest colony frame has it. */
export interface FrogDebug {
  readonly id: number;
  readonly x: number;
  readonly y: number;
  readonly hop: number;
  readonly gulp: number;
  readonly reach: number;
  /** Dropped by this viewer. */
  readonly own: boolean;
}

/** The colony as the latest colony frame has it (while the colony is shown). */
export interface ColonyDebug {
  /** Colony frames received since the page loaded. */
  readonly frames: number;
  /** Fireflies in the frame (dying ones and the dormant spark included). */
  readonly fireflies: number;
  /** The server's colony size (living fireflies). */
  readonly size: number;
  /** 0 … 1. */
  readonly store: number;
  readonly dormant: boolean;
  /** Fireflies drawn in the latest animation frame. */
  readonly drawn: number;
  readonly stump: StumpView | undefined;
  readonly maxDroppedFlowers: number;
  readonly flowers: readonly FlowerDebug[];
  /** Flowers in bloom, as the frame says. */
  readonly flowersInBloom: number;
  readonly seeds: readonly SeedView[];
  /** Fireflies with a seed stuck on them. */
  readonly seedCarriers: number;
  readonly activities: Partial<Record<FireflyActivity, number>>;
  readonly frogs: readonly FrogDebug[];
  readonly maxFrogs: number;
  /** Frogs drawn in the latest animation frame. */
  readonly frogsDrawn: number;
}

/** The colony's part of the debug hook; undefined before its first frame. */
export function colonyDebug(colony: ColonyView, sessionId: bigint | undefined): ColonyDebug | undefined {
  const c = colony.frames.snapshot;
  if (!c) return undefined;
  return {
    frames: colony.frames.frames,
    fireflies: c.fireflies.length,
    size: c.size,
    store: c.store,
    dormant: c.dormant,
    drawn: colony.layer.drawn,
    stump: c.stump,
    maxDroppedFlowers: c.maxDroppedFlowers,
    flowers: c.flowers.map((fl) => ({ id: fl.id, x: fl.x, y: fl.y, sips: fl.sips, sipsFull: fl.sipsFull, foragers: fl.foragers, inSync: fl.inSync, stage: fl.stage, growth: fl.growth, dropped: fl.dropped })),
    flowersInBloom: c.flowersInBloom,
    seeds: c.seeds.map((sd) => ({ id: sd.id, x: sd.x, y: sd.y, height: sd.height })),
    seedCarriers: c.fireflies.filter((f) => f.seed).length,
    activities: activityCounts(c.fireflies),
    frogs: c.frogs.map((f) => ({ id: f.id, x: f.x, y: f.y, hop: f.hop, gulp: f.gulp, reach: f.reach, own: f.owner === sessionId })),
    maxFrogs: c.maxFrogs,
    frogsDrawn: colony.layer.frogsDrawn,
  };
}

/** The colony's entry at the top of the hook, whichever world is shown. */
export interface ColonyHookEntries {
  /** Colony fireflies (as drawn now) within `radius` world units of (x, y); 0 outside the colony. */
  firefliesNear(x: number, y: number, radius: number): number;
}

/** The colony's parts of the hook besides its own (debugState). */
export function colonyDebugParts(colony: ColonyView, page: DebugPage): WorldDebugParts {
  const entries: ColonyHookEntries = {
    firefliesNear(x: number, y: number, radius: number) {
      if (page.shown() !== colony.name) return 0;
      return colony.frames.fireflies(performance.now()).filter((f) => Math.hypot(f.x - x, f.y - y) <= radius).length;
    },
  };
  return { entries };
}

declare module "../debug/hook" {
  interface WorldDebugs {
    readonly colony: ColonyDebug | undefined;
  }
  interface WorldHookEntries extends ColonyHookEntries {}
}
