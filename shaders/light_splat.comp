#version 450
// The light, step 1 (docs/gpu.md; stream::LightRaster::splat): every point the world gives (the
// first P.count of its buffer, position and velocity) splats one unit of light bilinearly into the
// four pixels about it, and its heat (how much faster than P.heat_from_speed it moves) the same way
// into the second channel. Fixed point, so that the atomic adds give the same sums in any order:
// P.fixed_scale units per point, rounded. The map must be zero before (the host fills it).
layout(local_size_x = 256) in;
#include "light_common.glsl"

layout(std430, binding = 1) readonly buffer State { vec4 pv[]; };  // x, y, vx, vy
layout(std430, binding = 2) buffer FixedMap { uint fixed_map[]; };

// The CPU raster's heat (stream::LightRaster): 0 up to heat_from_speed, then a smooth step to 1 at
// heat_full_speed.
float heat_of_speed(float speed) {
  float t = (speed - P.heat_from_speed) / (P.heat_full_speed - P.heat_from_speed);
  if (!(t > 0.0)) return 0.0;
  if (t >= 1.0) return 1.0;
  return t * t * (3.0 - 2.0 * t);
}

void add(uint index, float light, float heat) {
  atomicAdd(fixed_map[index], uint(light * P.fixed_scale + 0.5));
  if (heat > 0.0) atomicAdd(fixed_map[index + 1u], uint(heat * light * P.fixed_scale + 0.5));
}

void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i >= P.count) return;
  vec4 f = pv[i];
  precise float gx = f.x * P.pixels_per_unit_x + P.offset_x;
  precise float gy = f.y * P.pixels_per_unit_y + P.offset_y;
  // Written so that NaN and ±inf fail too: they are skipped, never converted.
  if (!(gx >= 0.0 && gx < P.last_x && gy >= 0.0 && gy < P.last_y)) return;
  uint ix = uint(gx);
  uint iy = uint(gy);
  float fx = gx - float(ix);
  float fy = gy - float(iy);
  float speed_squared = f.z * f.z + f.w * f.w;
  float heat = speed_squared > P.heat_from_speed_squared ? heat_of_speed(sqrt(speed_squared)) : 0.0;
  add(map_index(ix, iy), (1.0 - fx) * (1.0 - fy), heat);
  add(map_index(ix + 1u, iy), fx * (1.0 - fy), heat);
  add(map_index(ix, iy + 1u), (1.0 - fx) * fy, heat);
  add(map_index(ix + 1u, iy + 1u), fx * fy, heat);
}
