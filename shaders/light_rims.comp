#version 450
// The rocks' rim light (stream::rock_rims): one workgroup per rock, one invocation per sample of
// the ring around it (the host's table, stream::rim_samples()). Each reads the blurred density
// where it looks, bilinear between pixel centres and 0 off the raster, and the workgroup sums
// what the rock gathers; the host turns the sums into the rim (stream::finish_rim).
layout(local_size_x = 128) in;
#include "light_common.glsl"

layout(std430, binding = 1) readonly buffer Map { vec2 map[]; };
layout(std430, binding = 2) readonly buffer Samples { vec4 samples[]; };  // ux, uy, past edge, weight
layout(std430, binding = 3) readonly buffer Rocks { vec4 rocks[]; };      // x, y, radius, 0
layout(std430, binding = 4) writeonly buffer Sums { vec4 sums[]; };       // light, weights, toward x, y

shared vec4 partial[128];

// stream::LightRaster::density_at: the blurred density of a pixel of the raster (not the margin).
float density_at(uint x, uint y) {
  if (x >= P.width || y >= P.height) return 0.0;
  return map[(y + P.margin) * P.padded_width + P.margin + x].x;
}

float density_at_world(vec2 point) {
  float px = (point.x - P.bounds_x) * float(P.width) / P.bounds_width - 0.5;
  float py = (point.y - P.bounds_y) * float(P.height) / P.bounds_height - 0.5;
  if (!(px >= 0.0 && py >= 0.0)) return 0.0;
  uint ix = uint(px);
  uint iy = uint(py);
  float fx = px - float(ix);
  float fy = py - float(iy);
  return (1.0 - fx) * (1.0 - fy) * density_at(ix, iy) + fx * (1.0 - fy) * density_at(ix + 1u, iy) +
         (1.0 - fx) * fy * density_at(ix, iy + 1u) + fx * fy * density_at(ix + 1u, iy + 1u);
}

void main() {
  uint rock = gl_WorkGroupID.x;
  uint s = gl_LocalInvocationID.x;
  vec4 mine = vec4(0.0);
  if (s < P.rim_samples) {
    vec4 sample_ = samples[s];
    vec4 r = rocks[rock];
    float radius = r.z + sample_.z;
    float density = density_at_world(r.xy + radius * sample_.xy);
    mine = vec4(sample_.w * density, sample_.w, sample_.w * density * sample_.x, sample_.w * density * sample_.y);
  }
  partial[s] = mine;
  barrier();
  for (uint half_ = 64u; half_ > 0u; half_ >>= 1) {
    if (s < half_) partial[s] += partial[s + half_];
    barrier();
  }
  if (s == 0u) sums[rock] = partial[0];
}
