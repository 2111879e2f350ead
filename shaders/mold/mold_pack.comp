#version 450
// The map for the host (GpuMold::trail()): two cells' trail (each 0 … kTrailOne, 13 bits) to a
// word, the first in the low half, so the host reads half the bytes and copies them as uint16.
layout(local_size_x = 256) in;
#include "mold_common.glsl"

layout(std430, binding = 1) readonly buffer Trail { uint trail[]; };
layout(std430, binding = 2) writeonly buffer Packed { uint packed_trail[]; };

void main() {
  uint stride = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
  for (uint i = gl_GlobalInvocationID.x; i < P.pairs; i += stride) {
    uint first = 2u * i;
    uint low = trail[first];
    uint high = first + 1u < P.cells ? trail[first + 1u] : 0u;
    packed_trail[i] = low | (high << 16u);
  }
}
