// What the music listens to in one server frame (docs/rules.md "The music"): the world it shows,
// the breeze, the colony's, the swarm's or the mold's measures and the events since the previous
// frame. Plain values, so the live viewer and the recorded test streams (test/data/*.json) feed the
// engine the same way.

/** The world a theme plays for, by its name on the wire ("swarm", "colony", "mold", …). */
export type MusicWorld = string;

/** The events that make a sound, reduced to what the sound depends on. */
export type MusicEvent =
  | { readonly kind: "flash"; readonly group: number; readonly inSync: boolean }
  | { readonly kind: "groupSync"; readonly members: number; readonly inSync: boolean }
  | { readonly kind: "birth" }
  | { readonly kind: "death" }
  | { readonly kind: "delivery"; readonly store: number }
  | { readonly kind: "meal" }
  | { readonly kind: "seedLanded"; readonly rooted: boolean }
  | { readonly kind: "tookRoot" }
  | { readonly kind: "sprout" }
  | { readonly kind: "bloom" }
  | { readonly kind: "wilt" }
  | { readonly kind: "gust"; readonly strength: number }
  // The colony's frogs (docs/rules.md "The frog"): one ate a firefly, one hopped.
  | { readonly kind: "frogCatch" }
  | { readonly kind: "frogHop" }
  // The swarm's order parameter crossed a threshold (its theme marks it with a motif).
  | { readonly kind: "orderCrossing"; readonly rising: boolean; readonly threshold: number }
  // A crumb of food was eaten (a theme that hears it plays a drop of water).
  | { readonly kind: "crumbEaten" };

export type MusicEventKind = MusicEvent["kind"];

export interface ColonyMeasures {
  /** Living fireflies (the dormant spark not counted). */
  readonly size: number;
  /** The colony's largest size (500). */
  readonly maxSize: number;
  readonly dormant: boolean;
  /** Foraging groups of at least 3 flashing as one. */
  readonly groupsInSync: number;
}

export interface SwarmMeasures {
  readonly count: number;
  /** Mean cosine between a firefly's heading and the mean heading of those it sees, −1 … 1. */
  readonly meanAlignment: number;
  /** Mean neighbours seen ÷ what an even spread would give (1 = even). */
  readonly tightness: number;
  /** Fireflies that see nobody. */
  readonly lonely: number;
}

export interface MoldMeasures {
  /** Share of the trail map's cells above the map's mean, 0 … 1: how much of it the network covers. */
  readonly coverage: number;
  readonly agents: number;
  readonly holes: number;
  readonly junctions: number;
  /** The mold step the figures were measured at (about once a second): a new value is a new measurement. */
  readonly measuredStep: number;
}

export interface MusicFrame {
  /** The simulation tick the frame shows. */
  readonly tick: number;
  readonly world: MusicWorld;
  /** Breeze strength 0 … 1 and how far into a gust 0 … 1. */
  readonly breeze: { readonly strength: number; readonly gust: number } | undefined;
  readonly colony: ColonyMeasures | undefined;
  readonly swarm: SwarmMeasures | undefined;
  /** Only in mold frames (recordings made before the mold have none). */
  readonly mold?: MoldMeasures | undefined;
  /**
   * A world's own figures by name, for a theme whose world has no field above (an order
   * parameter, a count): its view puts them here.
   */
  readonly figures?: Readonly<Record<string, number>>;
  readonly events: readonly MusicEvent[];
}
