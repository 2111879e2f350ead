#version 450
// The mold's diffusion (docs/mold.md "The model", pass 2): one workgroup per row of the map, one
// invocation per cell of it (a few each on wide maps). Each cell becomes the deposit map's 3 × 3
// mean (wrapping at the edges) mixed with the cell by P.diffusion and decayed by P.keep, in float
// from the integer sums, truncated (so a faint trail fades to nothing) and clamped to a full cell;
// walls hold none. The same operations in the same order as CpuMold's diffusion (`precise`: no
// fused multiply-adds), so both engines give the same map from the same deposits. Writes the new
// map the agents sense and its copy, the next step's deposit map (the copy of step 3). No shared
// memory and no barrier: lavapipe runs a kernel with a barrier as coroutines, many times slower.
layout(local_size_x = 256) in;
#include "mold_common.glsl"

layout(std430, binding = 1) readonly buffer Accum { uint accum[]; };
layout(std430, binding = 2) readonly buffer Kinds { uint kinds[]; };
layout(std430, binding = 3) writeonly buffer Trail { uint trail[]; };
layout(std430, binding = 4) writeonly buffer Next { uint next_accum[]; };

float column(uint up, uint mid, uint down, uint x) {
  precise float sum = float(accum[up + x]) + float(accum[mid + x]) + float(accum[down + x]);
  return sum;
}

void main() {
  uint y = gl_WorkGroupID.x;  // the host dispatches one workgroup per row
  uint up = (y == 0u ? P.height - 1u : y - 1u) * P.width;
  uint mid = y * P.width;
  uint down = (y + 1u == P.height ? 0u : y + 1u) * P.width;
  for (uint x = gl_LocalInvocationID.x; x < P.width; x += gl_WorkGroupSize.x) {
    uint left_x = x == 0u ? P.width - 1u : x - 1u;
    uint right_x = x + 1u == P.width ? 0u : x + 1u;
    float left = column(up, mid, down, left_x);
    float centre = column(up, mid, down, x);
    float right = column(up, mid, down, right_x);
    uint cell = mid + x;
    precise float c = float(accum[cell]);
    precise float mean = (left + centre + right) * (1.0 / 9.0);
    precise float v = (c + (mean - c) * P.diffusion) * P.keep;
    uint t = v >= float(P.trail_one) ? P.trail_one : uint(max(v, 0.0));
    if (wall_in(kinds[cell >> 2u], cell)) t = 0u;
    trail[cell] = t;
    next_accum[cell] = t;
  }
}
