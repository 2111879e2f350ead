// What the swarm's kernels share: the step's parameters (shaders/swarm/swarm_params.inc, shared with
// server/gpu/swarm/swarm_params.hpp; every number of the rules comes from the host, none is written
// here) and the grids.

layout(std430, binding = 0) readonly buffer ParamsBlock {
#include "swarm_params.inc"
} P;

// Index of p along an axis of n cells from `origin`, `inv` cells per unit: CellGrid's
// clamp_index, the same float arithmetic, so both engines put a firefly in the same cell. Points
// outside (or NaN) count to the nearest border cell.
uint clamp_index(float p, float origin, float inv, uint n) {
  precise float f = (p - origin) * inv;
  float last = float(n - 1u);
  float clamped = f >= 0.0 ? (f < last ? f : last) : 0.0;
  return uint(clamped);
}

uint cell_column(float x) { return clamp_index(x, P.origin_x, P.inv_cell, P.columns); }
uint cell_row(float y) { return clamp_index(y, P.origin_y, P.inv_cell, P.rows); }
uint cell_of(vec2 p) { return cell_row(p.y) * P.columns + cell_column(p.x); }
uint square_column(float x) { return clamp_index(x, P.origin_x, P.inv_square, P.square_columns); }
uint square_row(float y) { return clamp_index(y, P.origin_y, P.inv_square, P.square_rows); }

// A firefly's fixed-point values in the squares' sums (square_sums.hpp fixed_position,
// fixed_velocity): position from the grid's origin in 1/256 units, velocity in 1/4096 units per
// step, truncated towards zero, as two's complement in a uint (sums wrap modulo 2^32, exactly).
uvec4 fixed_firefly(vec4 f) {
  precise vec2 relative = vec2(f.x - P.origin_x, f.y - P.origin_y);
  precise vec2 p = relative * P.position_scale;
  precise vec2 v = f.zw * P.velocity_scale;
  return uvec4(ivec4(ivec2(p), ivec2(v)));
}
