#version 450
// The positions of a few fireflies chosen by id (the live trails' few hundred:
// docs/perf/live-trails-gpu.md), found where they live so that only 8 bytes a wanted firefly cross
// back, not the swarm. Each firefly (an invocation takes several, a grid's width apart) looks its
// id up: first in a filter of the wanted ids (a bit per hash of an id, set by the host for each
// wanted one: one load, and most fireflies are done), then, for the few that pass it, in the wanted
// list itself (ascending, at most a thousand or so: a binary search of ten steps). When its id is
// there it writes its position into that entry's slot (every entry with that id, should the list
// repeat one). The host fills the slots with NaN first, so a wanted id that no firefly has stays
// NaN. Ids are unique among the fireflies: no two write the same slot.
layout(local_size_x = 256) in;

layout(push_constant) uniform Gather {
  uint count;   // fireflies: the first `count` of State and Meta
  uint wanted;  // entries in the wanted list (and slots in Positions)
} G;

// The filter: 256 words of bits (kFilterWords, kFilterShift in server/gpu/swarm/gather_kernels.cpp),
// an id's bit the top bits of a multiplicative hash, so that ids close together fall far apart.
const uint kFilterShift = 19u;  // 32 − log2(256 × 32)
uint filter_bit(uint id) { return (id * 0x9E3779B1u) >> kFilterShift; }

layout(std430, binding = 0) readonly buffer State { vec4 pv[]; };    // x, y, vx, vy
layout(std430, binding = 1) readonly buffer Meta { uvec2 meta[]; };  // id, flags
// The filter's words, then the wanted ids.
layout(std430, binding = 2) readonly buffer Wanted { uint filter_words[256]; uint wanted[]; };
layout(std430, binding = 3) writeonly buffer Positions { vec2 positions[]; };

void find(uint i) {
  uint id = meta[i].x;
  uint bit = filter_bit(id);
  if ((filter_words[bit >> 5u] & (1u << (bit & 31u))) == 0u) return;
  // The first entry not below id.
  uint lo = 0u;
  uint hi = G.wanted;
  while (lo < hi) {
    uint mid = (lo + hi) >> 1u;
    if (wanted[mid] < id) {
      lo = mid + 1u;
    } else {
      hi = mid;
    }
  }
  for (uint k = lo; k < G.wanted && wanted[k] == id; ++k) positions[k] = pv[i].xy;
}

void main() {
  uint stride = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
  for (uint i = gl_GlobalInvocationID.x; i < G.count; i += stride) find(i);
}
