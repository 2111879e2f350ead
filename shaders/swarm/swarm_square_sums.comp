#version 450
// Every cell sums its fireflies into its 2 × 2 squares
// (docs/rules.md "The swarm · Neighbours on the GPU": a firefly is one vec4, position and heading,
// so one sum gives Σp and Σv). The squares and their sums are the CPU engine's (square_sums.hpp): 4
// units wide, count, Σx, Σy, Σvx, Σvy in fixed point added modulo 2^32. Integer sums do not depend
// on the order the atomics left the fireflies in, so the GPU's alignment and cohesion sums are the
// CPU's exactly, and a square's sums are exact however far the world reaches. One invocation per
// cell writes all four of its squares, empty ones too, so nothing needs clearing.
layout(local_size_x = 256) in;
#include "swarm_common.glsl"

layout(std430, binding = 1) readonly buffer Starts { uint starts[]; };
layout(std430, binding = 2) readonly buffer SortedState { vec4 sorted_pv[]; };
layout(std430, binding = 3) writeonly buffer SquareSums { uvec4 square_sums[]; };  // Σx, Σy, Σvx, Σvy
layout(std430, binding = 4) writeonly buffer SquareCounts { uint square_counts[]; };

void main() {
  uint cell = gl_GlobalInvocationID.x;
  if (cell >= P.cells) return;
  uint column = cell % P.columns;
  uint row = cell / P.columns;
  uvec4 sums[4] = uvec4[4](uvec4(0u), uvec4(0u), uvec4(0u), uvec4(0u));
  uint counts[4] = uint[4](0u, 0u, 0u, 0u);
  for (uint k = starts[cell]; k < starts[cell + 1u]; ++k) {
    vec4 f = sorted_pv[k];
    // The square within the cell: the same arithmetic at twice the scale, so a square's column
    // halved is its cell's column (the min only guards against what cannot happen).
    uint q = min(square_row(f.y) - 2u * row, 1u) * 2u + min(square_column(f.x) - 2u * column, 1u);
    sums[q] += fixed_firefly(f);
    counts[q] += 1u;
  }
  for (uint q = 0u; q < 4u; ++q) {
    uint square = (2u * row + q / 2u) * P.square_columns + 2u * column + q % 2u;
    square_sums[square] = sums[q];
    square_counts[square] = counts[q];
  }
}
