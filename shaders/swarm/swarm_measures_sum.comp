#version 450
// The measures' second level: one workgroup adds up every workgroup's share of the steering
// (swarm_steer.comp MeasureGroup) into one total, so the host reads 32 bytes a step, not one
// share per 256 fireflies (2 MB a step at 16 million). Counts are added exactly (Σ seen in 64
// bits: it passes 2^32 past some 20 million fireflies); the float sums in a fixed order (each
// invocation every 256th share, then a tree), so a total is the same from run to run.
layout(local_size_x = 256) in;

#include "swarm_measure_group.glsl"
#include "uint64.glsl"

layout(std430, binding = 0) readonly buffer Measures { MeasureGroup groups[]; };
layout(std430, binding = 1) writeonly buffer Total {
  uint fireflies;
  uint seen_lo, seen_hi;
  uint seeing;
  float alignment, heading_x, heading_y;
  uint pad;
} total;
layout(push_constant) uniform Push { uint groups; } push;

shared uint sh_fireflies[256];
shared uvec2 sh_seen[256];  // low, high
shared uint sh_seeing[256];
shared float sh_alignment[256];
shared vec2 sh_heading[256];

void main() {
  uint t = gl_LocalInvocationID.x;
  uint fireflies = 0u;
  uvec2 seen = uvec2(0u);
  uint seeing = 0u;
  float alignment = 0.0;
  vec2 heading = vec2(0.0);
  for (uint k = t; k < push.groups; k += 256u) {
    MeasureGroup g = groups[k];
    fireflies += g.fireflies;
    seen = add64(seen, uvec2(g.seen, 0u));
    seeing += g.seeing;
    alignment += g.alignment;
    heading += vec2(g.heading_x, g.heading_y);
  }
  sh_fireflies[t] = fireflies;
  sh_seen[t] = seen;
  sh_seeing[t] = seeing;
  sh_alignment[t] = alignment;
  sh_heading[t] = heading;
  barrier();
  for (uint half_size = 128u; half_size > 0u; half_size >>= 1u) {
    if (t < half_size) {
      sh_fireflies[t] += sh_fireflies[t + half_size];
      sh_seen[t] = add64(sh_seen[t], sh_seen[t + half_size]);
      sh_seeing[t] += sh_seeing[t + half_size];
      sh_alignment[t] += sh_alignment[t + half_size];
      sh_heading[t] += sh_heading[t + half_size];
    }
    barrier();
  }
  if (t == 0u) {
    total.fireflies = sh_fireflies[0];
    total.seen_lo = sh_seen[0].x;
    total.seen_hi = sh_seen[0].y;
    total.seeing = sh_seeing[0];
    total.alignment = sh_alignment[0];
    total.heading_x = sh_heading[0].x;
    total.heading_y = sh_heading[0].y;
    total.pad = 0u;
  }
}
