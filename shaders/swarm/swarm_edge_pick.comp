#version 450
// Leavers, step 2: every firefly not leaving yet in a bin below the boundary leaves (its flags
// become exactly "leaving", as on the CPU: an arriving one turns round); those in the boundary
// bin are listed with their distance and id, for the host to take the nearest of them (ties:
// the smaller id) exactly as the CPU does.
layout(local_size_x = 256) in;
#include "swarm_edge_common.glsl"

layout(std430, binding = 0) readonly buffer State { vec4 pv[]; };
layout(std430, binding = 1) buffer Meta { uvec2 meta[]; };  // id, flags
layout(std430, binding = 2) buffer Candidates {
  uint listed;
  uint pad0, pad1, pad2;
  uvec4 candidates[];  // distance (float bits), id, index, 0
};

void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i >= E.count) return;
  uvec2 m = meta[i];
  if ((m.y & E.leaving_flag) != 0u) return;
  float d = edge_distance(pv[i].xy);
  uint bin = edge_bin(d);
  if (bin < E.boundary) {
    meta[i].y = E.leaving_flag;
  } else if (bin == E.boundary) {
    uint slot = atomicAdd(listed, 1u);
    if (slot < E.capacity) candidates[slot] = uvec4(floatBitsToUint(d), m.x, i, 0u);
  }
}
