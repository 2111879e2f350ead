#version 450
// The light, steps 2 to 5 (stream::LightRaster::blur_rows, blur_columns): one box pass of
// 2 · blur_radius + 1 pixels along the rows or the columns, each pixel the mean of the box, with
// nothing beyond the padded map (light that leaves the margin is gone). The first pass reads the
// splat's fixed-point sums, the others the float map of the pass before. The same additions in
// the same order as the CPU's, so from the same input the passes give the same floats.
layout(local_size_x = 256) in;
#include "light_common.glsl"

layout(std430, binding = 1) readonly buffer In { uint in_map[]; };  // fixed point, or float bits
layout(std430, binding = 2) writeonly buffer Out { vec2 out_map[]; };

layout(push_constant) uniform Pass {
  uint vertical;   // 0: along the rows, 1: along the columns
  uint from_fixed; // 1: in_map holds the splat's fixed-point sums
} pass_;

vec2 read_in(uint x, uint y) {
  uint i = map_index(x, y);
  if (pass_.from_fixed != 0u) return vec2(in_map[i], in_map[i + 1u]) * P.inv_fixed_scale;
  return vec2(uintBitsToFloat(in_map[i]), uintBitsToFloat(in_map[i + 1u]));
}

void main() {
  uint pixel = gl_GlobalInvocationID.x;
  if (pixel >= P.padded_width * P.padded_height) return;
  int x = int(pixel % P.padded_width);
  int y = int(pixel / P.padded_width);
  int along = pass_.vertical != 0u ? y : x;
  int extent = int(pass_.vertical != 0u ? P.padded_height : P.padded_width);
  precise vec2 sum = vec2(0.0);
  for (int k = -P.blur_radius; k <= P.blur_radius; ++k) {
    int at = along + k;
    if (at < 0 || at >= extent) continue;
    sum += pass_.vertical != 0u ? read_in(uint(x), uint(at)) : read_in(uint(at), uint(y));
  }
  precise vec2 mean = sum * P.box_scale;
  out_map[pixel] = mean;
}
