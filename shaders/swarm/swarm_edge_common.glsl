// What the leavers' kernels share (docs/gpu.md; sim::population::mark_leavers): each firefly's
// distance to the nearest edge of the world, the same float arithmetic as
// population::distance_to_edge, and its bin among E.bins of equal width from the edge inwards (bin
// 0 also holds those on or outside the edge). The binning only ever rounds down, so a firefly in a
// lower bin is always strictly nearer an edge than one in a higher bin.

layout(push_constant) uniform Edge {
  float world_x, world_y, world_right, world_bottom;
  float bins_per_unit;  // bins per world unit of distance
  uint count;           // fireflies
  uint bins;            // histogram bins
  uint boundary;        // pick: fireflies of lower bins leave, those of this bin are candidates
  uint capacity;        // pick: room in the candidates' list; mark: entries in the list
  uint leaving_flag;    // sim::kFlagLeaving
} E;

#include "world_edge.glsl"

float edge_distance(vec2 p) { return distance_to_edge(p, E.world_x, E.world_y, E.world_right, E.world_bottom); }

uint edge_bin(float d) {
  if (!(d > 0.0)) return 0u;
  precise float b = d * E.bins_per_unit;
  return b < float(E.bins - 1u) ? uint(b) : E.bins - 1u;
}
