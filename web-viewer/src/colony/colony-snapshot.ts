// A colony frame's ColonyState → plain, validated values in world units
// (docs/rules.md "The colony", "The flowers"; the wire's quantisation undone): positions ×
// position_unit, heading 0…255 → radians, energy, flash and fade 0…255 → 0…1; flowers with their
// stage of life, falling seeds, frogs. Anything not finite, or a unit that is not positive, is left
// out rather than drawn in the wrong place.
import { ColonyFireflyState, FlowerStage, type ColonyState } from "../gen/meadow/v1/colony/colony_frame_pb";

export type FireflyActivity =
  | "wandering"
  | "foraging"
  | "sipping"
  | "carrying"
  | "hungry"
  | "eating"
  | "dying"
  | "dormant"
  | "rising"
  | "unknown";

export interface FireflyView {
  /** Stable for the firefly's life: frames are interpolated by it. */
  readonly id: number;
  /** World units. */
  readonly x: number;
  readonly y: number;
  /** Radians; 0 = +x, growing towards +y (down the screen). */
  readonly heading: number;
  /** 0 … 1 of a full firefly: its glow (light is life). */
  readonly energy: number;
  readonly activity: FireflyActivity;
  /** 0 … 1: how bright its flash is now (0 between flashes). */
  readonly flash: number;
  /** Its foraging group's flower, 0 for none. */
  readonly flowerId: number;
  /** 1 … 0 while its light fades out (dying); 1 otherwise. */
  readonly fade: number;
  /** A seed is stuck on it (a small cream dot at its side). */
  readonly seed: boolean;
}

/**
 * A flower's life (docs/rules.md "The flowers · A flower's life"); "bloom" also for a server that
 * sends no stage (all bloomed).
 */
export type FlowerStageName = "shoot" | "bud" | "bloom" | "wilting" | "withered";

export interface FlowerView {
  readonly id: number;
  readonly x: number;
  readonly y: number;
  readonly sips: number;
  readonly sipsFull: number;
  /** sips / sipsFull, 0 … 1. */
  readonly nectar: number;
  readonly foragers: number;
  /** The group's flash sync, 0 … 1. */
  readonly sync: number;
  /** A group of at least 3 flashing as one. */
  readonly inSync: boolean;
  readonly stage: FlowerStageName;
  /** Shoot and bud: 0 … 1 of the sprout's 30 s; bloom and wilting: 0 … 1 of its life. */
  readonly growth: number;
  /** Dropped by a viewer, not grown from a seed. */
  readonly dropped: boolean;
}

/** A seed floating down. */
export interface SeedView {
  readonly id: number;
  /** World units, on the ground below it. */
  readonly x: number;
  readonly y: number;
  /** 1 as it falls off its firefly … 0 as it lands. */
  readonly height: number;
}

/** A frog on the meadow (docs/rules.md "The frog"). */
export interface FrogView {
  readonly id: number;
  /** World units, where it is now (along its hop while it jumps). */
  readonly x: number;
  readonly y: number;
  /** Radians it faces: 0 = +x, growing towards +y. */
  readonly heading: number;
  /** 0 sitting; 0 … 1 through a hop (its height is sin(π · hop)). */
  readonly hop: number;
  /** 1 as it catches a firefly, falling to 0 over its tongue's flick. */
  readonly gulp: number;
  /** The viewer that dropped it (0: the operator). */
  readonly owner: bigint;
  /** World units: a firefly this close for too long is eaten. */
  readonly reach: number;
}

export interface StumpView {
  readonly x: number;
  readonly y: number;
  /** World units. */
  readonly radius: number;
}

export interface ColonySnapshot {
  readonly fireflies: readonly FireflyView[];
  readonly flowers: readonly FlowerView[];
  readonly seeds: readonly SeedView[];
  /** Flowers in bloom now, wilting ones included (the status line's "N flowers"). */
  readonly flowersInBloom: number;
  readonly stump: StumpView | undefined;
  /** How full the stump's store of nectar is, 0 … 1. */
  readonly store: number;
  /** Living fireflies (the dormant spark not counted). */
  readonly size: number;
  readonly maxSize: number;
  readonly groupsInSync: number;
  /** A viewer may drop a flower while fewer than this many are on the meadow. */
  readonly maxDroppedFlowers: number;
  /** The colony died out; one spark sleeps in the stump. */
  readonly dormant: boolean;
  readonly frogs: readonly FrogView[];
  /** A viewer may drop a frog while fewer than this many are on the meadow. */
  readonly maxFrogs: number;
}

const ACTIVITIES: Record<ColonyFireflyState, FireflyActivity> = {
  [ColonyFireflyState.UNSPECIFIED]: "unknown",
  [ColonyFireflyState.WANDERING]: "wandering",
  [ColonyFireflyState.FORAGING]: "foraging",
  [ColonyFireflyState.SIPPING]: "sipping",
  [ColonyFireflyState.CARRYING]: "carrying",
  [ColonyFireflyState.HUNGRY]: "hungry",
  [ColonyFireflyState.EATING]: "eating",
  [ColonyFireflyState.DYING]: "dying",
  [ColonyFireflyState.DORMANT]: "dormant",
  [ColonyFireflyState.RISING]: "rising",
};

const STAGES: Record<FlowerStage, FlowerStageName> = {
  [FlowerStage.UNSPECIFIED]: "bloom",
  [FlowerStage.SHOOT]: "shoot",
  [FlowerStage.BUD]: "bud",
  [FlowerStage.BLOOM]: "bloom",
  [FlowerStage.WILTING]: "wilting",
  [FlowerStage.WITHERED]: "withered",
};

/** Steps of a full turn in ColonyFirefly.heading. */
const HEADING_STEPS = 256;
/** The top of energy, flash and fade (one byte each). */
const BYTE_MAX = 255;

export function colonyFromProto(c: ColonyState): ColonySnapshot {
  const unit = c.positionUnit;
  const fireflies: FireflyView[] = [];
  // Without a usable unit every position would be wrong: show no fireflies instead.
  if (Number.isFinite(unit) && unit > 0) {
    for (const f of c.fireflies) {
      const x = f.x * unit;
      const y = f.y * unit;
      if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
      fireflies.push({
        id: f.id,
        x,
        y,
        heading: ((f.heading % HEADING_STEPS) / HEADING_STEPS) * 2 * Math.PI,
        energy: byteFraction(f.energy),
        activity: ACTIVITIES[f.state] ?? "unknown",
        flash: byteFraction(f.flash),
        flowerId: f.flowerId,
        fade: byteFraction(f.fade),
        seed: f.seed,
      });
    }
  }
  const flowers: FlowerView[] = [];
  for (const fl of c.flowers) {
    const p = fl.position;
    if (!p || !Number.isFinite(p.x) || !Number.isFinite(p.y)) continue;
    const sipsFull = fl.sipsFull;
    flowers.push({
      id: fl.id,
      x: p.x,
      y: p.y,
      sips: fl.sips,
      sipsFull,
      nectar: sipsFull > 0 ? clamp01(fl.sips / sipsFull) : 0,
      foragers: fl.foragers,
      sync: clamp01(fl.sync),
      inSync: fl.inSync,
      stage: STAGES[fl.stage] ?? "bloom",
      growth: clamp01(fl.growth),
      dropped: fl.dropped,
    });
  }
  const seeds: SeedView[] = [];
  for (const sd of c.seeds) {
    const p = sd.position;
    if (!p || !Number.isFinite(p.x) || !Number.isFinite(p.y)) continue;
    seeds.push({ id: sd.id, x: p.x, y: p.y, height: clamp01(sd.height) });
  }
  const frogs: FrogView[] = [];
  for (const fr of c.frogs) {
    const p = fr.position;
    if (!p || !Number.isFinite(p.x) || !Number.isFinite(p.y)) continue;
    frogs.push({
      id: fr.id,
      x: p.x,
      y: p.y,
      heading: Number.isFinite(fr.heading) ? fr.heading : 0,
      hop: clamp01(fr.hop),
      gulp: clamp01(fr.gulp),
      owner: fr.ownerSession,
      reach: Number.isFinite(fr.reach) && fr.reach > 0 ? fr.reach : 0,
    });
  }
  const s = c.stump;
  const stump =
    s && Number.isFinite(s.x) && Number.isFinite(s.y) && Number.isFinite(c.stumpRadius) && c.stumpRadius > 0
      ? { x: s.x, y: s.y, radius: c.stumpRadius }
      : undefined;
  return {
    fireflies,
    flowers,
    seeds,
    flowersInBloom: c.flowersInBloom,
    stump,
    store: clamp01(c.store),
    size: c.size,
    maxSize: c.maxSize,
    groupsInSync: c.groupsInSync,
    maxDroppedFlowers: c.maxDroppedFlowers,
    dormant: c.dormant,
    frogs,
    maxFrogs: c.maxFrogs,
  };
}

/** How many fireflies do what, e.g. { wandering: 48, carrying: 2 }. */
export function activityCounts(fireflies: readonly FireflyView[]): Partial<Record<FireflyActivity, number>> {
  const out: Partial<Record<FireflyActivity, number>> = {};
  for (const f of fireflies) out[f.activity] = (out[f.activity] ?? 0) + 1;
  return out;
}

function byteFraction(v: number): number {
  return clamp01(v / BYTE_MAX);
}

/** 0 … 1; NaN counts as 0. */
export function clamp01(v: number): number {
  return v > 0 ? Math.min(v, 1) : 0;
}
