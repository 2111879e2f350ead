#version 450
// Feed visits (sim::MoldEngine::feed_visits), one invocation per agent, after its move (and the
// claims): every agent counts itself for the feed disc that covers its cell (the later one where
// two do; walls are never covered), the first P.counted_feeds discs only, as CpuMold counts them.
// Added up per workgroup in shared memory, then one atomic add per workgroup and disc, so the
// agents on a flake do not all queue on one counter. Run only in steps with feed discs.
layout(local_size_x = 256) in;
#include "mold_common.glsl"

layout(std430, binding = 1) readonly buffer Agents { Agent agents[]; };
layout(std430, binding = 2) readonly buffer Kinds { uint kinds[]; };
layout(std430, binding = 3) readonly buffer Discs { Disc discs[]; };  // feed first
layout(std430, binding = 4) buffer Visits { uint visits[]; };         // zero before

const uint kMaxCountedFeeds = 63u;  // the most P.counted_feeds can be (gpu/mold/mold_params.hpp)
shared uint group_visits[kMaxCountedFeeds];

void main() {
  uint counted = min(P.feeds, P.counted_feeds);
  for (uint k = gl_LocalInvocationIndex; k < kMaxCountedFeeds; k += gl_WorkGroupSize.x) group_visits[k] = 0u;
  barrier();
  uint stride = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
  for (uint i = gl_GlobalInvocationID.x; i < P.count; i += stride) {
    uint cx = uint(agents[i].x);
    uint cy = uint(agents[i].y);
    uint cell = cy * P.width + cx;
    if (wall_in(kinds[cell >> 2u], cell)) continue;
    for (uint k = counted; k > 0u; --k) {
      if (in_disc(discs[k - 1u], cx, cy)) {
        atomicAdd(group_visits[k - 1u], 1u);
        break;
      }
    }
  }
  barrier();
  for (uint k = gl_LocalInvocationIndex; k < counted; k += gl_WorkGroupSize.x) {
    if (group_visits[k] != 0u) atomicAdd(visits[k], group_visits[k]);
  }
}
