#version 450
// Transits, step 2 of 2: the kept fireflies move up to their places, the exclusive prefix sum of
// `keep` (the others keep their order, as population::settle keeps it), into the sorted buffers,
// which are free after the steering; the host's command copies them back. keep[count] is then
// the number kept, which the host reads.
layout(local_size_x = 256) in;
#include "swarm_common.glsl"

layout(std430, binding = 1) readonly buffer State { vec4 pv[]; };
layout(std430, binding = 2) readonly buffer Meta { uvec2 meta[]; };
layout(std430, binding = 3) readonly buffer Keep { uint place[]; };  // scanned: count + 1 values
layout(std430, binding = 4) writeonly buffer KeptState { vec4 kept_pv[]; };
layout(std430, binding = 5) writeonly buffer KeptMeta { uvec2 kept_meta[]; };
layout(std430, binding = 6) buffer Transits { uint kept; uint in_transit; } counts;

void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i == 0u) counts.kept = place[P.count];
  if (i >= P.count) return;
  uint to = place[i];
  if (place[i + 1u] == to) return;  // gone
  kept_pv[to] = pv[i];
  kept_meta[to] = meta[i];
}
