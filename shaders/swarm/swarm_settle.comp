#version 450
// Transits, step 1 of 2 (sim::population::settle, after the move): an arriving firefly inside
// the world is an ordinary one again; a leaver more than leave_beyond outside it is gone. Each
// firefly's keep (1 or 0) goes to `keep`, which the prefix sum turns into the kept ones' new
// places (swarm_compact.comp); the kept ones still in transit are counted, so the host knows
// whether the next step needs this stage again. Only recorded while someone is in transit.
layout(local_size_x = 256) in;
#include "swarm_common.glsl"
#include "world_edge.glsl"

layout(std430, binding = 1) readonly buffer State { vec4 pv[]; };
layout(std430, binding = 2) buffer Meta { uvec2 meta[]; };  // id, flags
layout(std430, binding = 3) writeonly buffer Keep { uint keep[]; };
layout(std430, binding = 4) buffer Transits { uint kept; uint in_transit; } counts;

void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i >= P.count) return;
  uint flags = meta[i].y;
  if (flags == 0u) {
    keep[i] = 1u;
    return;
  }
  vec2 p = pv[i].xy;
  if ((flags & P.flag_leaving) != 0u) {
    if (distance_to_edge(p, P.world_x, P.world_y, P.world_right, P.world_bottom) < -P.leave_beyond) {
      keep[i] = 0u;
      return;
    }
  } else if ((flags & P.flag_arriving) != 0u && p.x >= P.world_x && p.x <= P.world_right && p.y >= P.world_y &&
             p.y <= P.world_bottom) {  // Rect::contains
    meta[i].y = 0u;
    keep[i] = 1u;
    return;
  }
  keep[i] = 1u;
  atomicAdd(counts.in_transit, 1u);
}
