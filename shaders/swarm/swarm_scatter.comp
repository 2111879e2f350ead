#version 450
// Step 3 of the sort: every firefly goes to its cell's start plus its slot. The fireflies of one
// cell are then contiguous (in no particular order within it: the atomics decide), and so are
// those of a row of cells.
layout(local_size_x = 256) in;
#include "swarm_common.glsl"

layout(std430, binding = 1) readonly buffer State { vec4 pv[]; };
layout(std430, binding = 2) readonly buffer Meta { uvec2 meta[]; };     // id, flags
layout(std430, binding = 3) readonly buffer CellSlot { uvec2 cell_slot[]; };
layout(std430, binding = 4) readonly buffer Starts { uint starts[]; };  // cells + 1
layout(std430, binding = 5) writeonly buffer SortedState { vec4 sorted_pv[]; };
layout(std430, binding = 6) writeonly buffer SortedMeta { uvec2 sorted_meta[]; };

void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i >= P.count) return;
  uvec2 cs = cell_slot[i];
  uint to = starts[cs.x] + cs.y;
  sorted_pv[to] = pv[i];
  sorted_meta[to] = meta[i];
}
