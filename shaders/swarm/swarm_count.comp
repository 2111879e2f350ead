#version 450
// Step 1 of the sort (docs/rules.md "The swarm · Neighbours on the GPU"): every firefly counts
// itself into its cell with an atomic add, whose old value is its slot among the cell's fireflies.
// The counts must be zero before (the host fills them).
layout(local_size_x = 256) in;
#include "swarm_common.glsl"

layout(std430, binding = 1) readonly buffer State { vec4 pv[]; };        // x, y, vx, vy
layout(std430, binding = 2) buffer Counts { uint counts[]; };           // per cell (+1 spare)
layout(std430, binding = 3) writeonly buffer CellSlot { uvec2 cell_slot[]; };

void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i >= P.count) return;
  uint cell = cell_of(pv[i].xy);
  cell_slot[i] = uvec2(cell, atomicAdd(counts[cell], 1u));
}
