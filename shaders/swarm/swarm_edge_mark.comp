#version 450
// Leavers, step 3: the fireflies the host chose from the boundary bin leave.
layout(local_size_x = 256) in;
#include "swarm_edge_common.glsl"

layout(std430, binding = 0) readonly buffer Chosen { uint chosen[]; };  // indices
layout(std430, binding = 1) buffer Meta { uvec2 meta[]; };             // id, flags

void main() {
  uint k = gl_GlobalInvocationID.x;
  if (k >= E.capacity) return;
  meta[chosen[k]].y = E.leaving_flag;
}
