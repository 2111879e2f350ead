#version 450
// Running totals along each row of squares (docs/rules.md "The swarm · Neighbours on the CPU", as
// the CPU's square_window.hpp): entry c of a row holds the sums of the squares left of column c
// (columns + 1 entries), so any stretch of a row is one subtraction and steering reads two entries
// per row of its circle of view instead of every square. Integer sums modulo 2^32: the differences
// are exact.
//
// One invocation per row, walking it left to right. A workgroup-wide scan per row (shared
// memory, a barrier per round) was tried first and was a hundred times slower on lavapipe, whose
// barriers are costly; on a real GPU with wide worlds a row is a few thousand squares, where a
// scan in chunks may win back the serial walk's latency (left for the benchmark to decide).
layout(local_size_x = 64) in;
#include "swarm_common.glsl"

layout(std430, binding = 1) readonly buffer SquareSums { uvec4 square_sums[]; };
layout(std430, binding = 2) readonly buffer SquareCounts { uint square_counts[]; };
layout(std430, binding = 3) writeonly buffer RowSums { uvec4 row_sums[]; };     // (columns + 1) per row
layout(std430, binding = 4) writeonly buffer RowCounts { uint row_counts[]; };

void main() {
  uint row = gl_GlobalInvocationID.x;
  if (row >= P.square_rows) return;
  uint columns = P.square_columns;
  uint in_base = row * columns;
  uint out_base = row * (columns + 1u);
  uvec4 total = uvec4(0u);
  uint n = 0u;
  for (uint c = 0u; c < columns; ++c) {
    row_sums[out_base + c] = total;
    row_counts[out_base + c] = n;
    total += square_sums[in_base + c];
    n += square_counts[in_base + c];
  }
  row_sums[out_base + columns] = total;
  row_counts[out_base + columns] = n;
}
