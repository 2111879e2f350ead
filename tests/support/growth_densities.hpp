#pragma once
// The light's density over a grown world, band by band (docs/rules.md "The swarm · Count"): after
// the world grows, newcomers must spread over the land it gained, leaving no ring where the old
// edge was nor one along the new edges. Measured from the light raster's blurred density (fireflies
// a light pixel), as a viewer sees it; shared by the CPU engine's test (tests/stream) and the GPU
// engine's (tests/gpu).
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "sim/geometry.hpp"
#include "sim/swarm/swarm_engine.hpp"
#include "stream/light_raster.hpp"
#include "stream/swarm/swarm_light.hpp"

namespace meadow::testing {

// Width of the rings measured just inside an edge (world units): about the band the first
// version's newcomers crowded into, a few light pixels wide at this size.
constexpr float kRingWidth = 120.0F;

// The light's blurred density (fireflies a light pixel), averaged over bands of the world: the
// ring just inside the old world's edge, the old world within it, and the gained land in bands
// by their distance from the grown world's edge (kBandWidth each; the last one reaches the old
// world).
constexpr float kBandWidth = 400.0F;  // units, at the CPU's 300,000 (a grown world 7 meadows wide)

struct Densities {
  double old_edge = 0.0;
  double old_inside = 0.0;
  double rest = 0.0;                 // the whole world but the ring
  std::vector<double> gained_bands;  // from the outer edge inwards
  float band_width = kBandWidth;
};

inline bool in_ring_inside(const sim::Rect& r, float x, float y) {
  return r.contains({x, y}) && !sim::Rect{r.x + kRingWidth, r.y + kRingWidth, r.width - 2 * kRingWidth,
                                          r.height - 2 * kRingWidth}
                                   .contains({x, y});
}

inline Densities densities(const sim::SwarmView& view, const sim::Rect& world, const sim::Rect& old_world,
                           float band_width = kBandWidth) {
  stream::LightRaster raster;
  const stream::RasterGeometry geometry = stream::light_geometry(world);
  (void)stream::render_fireflies(raster, view, geometry);
  const float gap = std::min(old_world.x - world.x, old_world.y - world.y);  // gained land's narrowest side
  const auto bands = static_cast<std::size_t>(std::max(1.0F, std::floor(gap / band_width)));
  std::vector<double> sums(bands + 2, 0.0);
  std::vector<double> pixels(bands + 2, 0.0);
  const float unit_x = geometry.bounds.width / static_cast<float>(geometry.width);
  const float unit_y = geometry.bounds.height / static_cast<float>(geometry.height);
  for (std::uint32_t y = 0; y < geometry.height; ++y) {
    for (std::uint32_t x = 0; x < geometry.width; ++x) {
      const float wx = geometry.bounds.x + (static_cast<float>(x) + 0.5F) * unit_x;
      const float wy = geometry.bounds.y + (static_cast<float>(y) + 0.5F) * unit_y;
      if (!world.contains({wx, wy})) continue;
      std::size_t which = 0;
      if (in_ring_inside(old_world, wx, wy)) {
        which = 0;
      } else if (old_world.contains({wx, wy})) {
        which = 1;
      } else {
        const float from_edge = std::min({wx - world.x, world.right() - wx, wy - world.y, world.bottom() - wy});
        which = 2 + std::min(bands - 1, static_cast<std::size_t>(from_edge / band_width));
      }
      sums[which] += raster.density_at(x, y);
      pixels[which] += 1.0;
    }
  }
  Densities d;
  d.band_width = band_width;
  double rest_sum = 0.0;
  double rest_pixels = 0.0;
  for (std::size_t i = 1; i < sums.size(); ++i) {
    rest_sum += sums[i];
    rest_pixels += pixels[i];
  }
  d.rest = rest_sum / rest_pixels;
  d.old_edge = sums[0] / pixels[0];
  d.old_inside = sums[1] / pixels[1];
  for (std::size_t b = 0; b < bands; ++b) d.gained_bands.push_back(sums[2 + b] / pixels[2 + b]);
  return d;
}

// Prints the densities and checks them: the ring inside the old edge no denser than a tenth over
// the rest of the world, and no band of the gained land a ring or a hole: within 0.4 to 1.75 of
// the land's mean. The first version's newcomers made one band 5.1 times the mean and left the
// inner ones at 0.0; the edges' own steering moves the two outer bands by up to half (turned back
// from the edge, fireflies crowd a little further in: 0.6 and 1.45 of the mean on the GPU at
// 300,000, measured), and the old swarm takes in small newcomer flocks over the first seconds.
inline void expect_no_ring(const Densities& d, const char* engine) {
  std::printf("[ring] %s, fireflies a light pixel: the ring inside the old edge %.3f, the old world %.3f; the gained "
              "land from its outer edge in, %.0f units a band:",
              engine, d.old_edge, d.old_inside, d.band_width);
  double gained_mean = 0.0;
  for (const double band : d.gained_bands) {
    std::printf(" %.3f", band);
    gained_mean += band / static_cast<double>(d.gained_bands.size());
  }
  std::printf("\n");
  EXPECT_GT(gained_mean, 0.0);
  EXPECT_LE(d.old_edge, 1.1 * d.rest) << "a ring where the old world ended (the rest of the world: " << d.rest << ")";
  for (std::size_t b = 0; b < d.gained_bands.size(); ++b) {
    EXPECT_GE(d.gained_bands[b], 0.4 * gained_mean) << "band " << b << " from the outer edge";
    EXPECT_LE(d.gained_bands[b], 1.75 * gained_mean) << "band " << b << " from the outer edge";
  }
}

}  // namespace meadow::testing
