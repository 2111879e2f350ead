// The swarm's piece builds up once (docs/rules.md "The music · The swarm"): layer by layer, two
// loops per layer. A loop is two bars; so layer k (0 = kick) comes in at bar k × 2 loops × 2 bars.
// Once built, the piece comes back whole when the swarm is watched again.

export const SWARM_LAYERS = ["kick", "hat", "bass", "snare", "stab", "lead"] as const;
export type SwarmLayer = (typeof SWARM_LAYERS)[number];

/** Bars in one loop of the swarm's piece. */
export const LOOP_BARS = 2;
/** Loops each layer plays before the next comes in. */
export const LOOPS_PER_LAYER = 2;

/** The bar at which a layer comes in during the build. */
export function layerEntryBar(layer: SwarmLayer): number {
  return SWARM_LAYERS.indexOf(layer) * LOOPS_PER_LAYER * LOOP_BARS;
}

/** Bars the whole build takes. */
export const BUILD_BARS = layerEntryBar(SWARM_LAYERS[SWARM_LAYERS.length - 1] ?? "kick");

/** The layers playing in bar `bar` of a piece that is building (or built already). */
export function layersAt(bar: number, built: boolean): readonly SwarmLayer[] {
  if (built) return SWARM_LAYERS;
  return SWARM_LAYERS.filter((l) => bar >= layerEntryBar(l));
}
