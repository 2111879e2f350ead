#version 450
// Leavers, step 1: how many of the fireflies not leaving yet lie in each bin of distance to the
// nearest edge. The host then finds the bin where the nearest `leavers` end.
layout(local_size_x = 256) in;
#include "swarm_edge_common.glsl"

layout(std430, binding = 0) readonly buffer State { vec4 pv[]; };
layout(std430, binding = 1) readonly buffer Meta { uvec2 meta[]; };  // id, flags
layout(std430, binding = 2) buffer Histogram { uint histogram[]; };

void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i >= E.count || (meta[i].y & E.leaving_flag) != 0u) return;
  atomicAdd(histogram[edge_bin(edge_distance(pv[i].xy))], 1u);
}
