#version 450
// The light, step 6 (stream::LightRaster::tone_map): the blurred map, without its margin, as the
// bytes that are sent: a plane of intensity through the tone table, then a plane of heat (the
// share of each pixel's light that is heat, in levels). Each invocation makes four bytes of the
// two planes, one after the other, so the host reads exactly the raster it sends.
layout(local_size_x = 256) in;
#include "light_common.glsl"

layout(std430, binding = 1) readonly buffer Map { vec2 map[]; };
layout(std430, binding = 2) readonly buffer Tone { uint tone[]; };  // one entry per uint, 0 … 255
layout(std430, binding = 3) writeonly buffer Raster { uint raster[]; };

uint raster_byte(uint b) {
  uint pixels = P.width * P.height;
  if (b >= 2u * pixels) return 0u;
  uint plane = b / pixels;
  uint pixel = b - plane * pixels;
  uint x = pixel % P.width;
  uint y = pixel / P.width;
  vec2 m = map[(y + P.margin) * P.padded_width + P.margin + x];
  float density = m.x;
  if (plane == 0u) {
    // Density is a sum of non-negative terms, so only the top needs clamping.
    float entry = min(density * P.tone_entries_per_density, P.tone_last_entry);
    return tone[uint(entry)];
  }
  // Heat never exceeds the light it is part of; the min() guards float rounding.
  float share = density > P.density_with_light ? min(m.y / density, 1.0) : 0.0;
  return uint(int(share * P.top_heat_level + 0.5)) * P.heat_step;
}

void main() {
  uint word = gl_GlobalInvocationID.x;
  uint first = 4u * word;
  if (first >= 2u * P.width * P.height) return;
  raster[word] = raster_byte(first) | (raster_byte(first + 1u) << 8) | (raster_byte(first + 2u) << 16) |
                 (raster_byte(first + 3u) << 24);
}
