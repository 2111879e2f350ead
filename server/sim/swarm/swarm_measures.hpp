#pragma once
// The swarm's measures (SPEC §2 "Measures", issue 3 item 6): what the viewers' music and status
// line read every frame. The engines gather them during steering, per chunk of fireflies, and add
// the chunks up in one fixed order, so they too are the same with any number of threads.
#include <cmath>
#include <cstdint>
#include <numbers>

#include "sim/geometry.hpp"
#include "sim/swarm/lanes.hpp"
#include "sim/swarm/swarm_rules.hpp"

namespace meadow::sim {

struct SwarmMeasures {
  // |mean of the unit headings|: 0 when they point everywhere, 1 when all point one way.
  float order = 0.0F;
  // Mean over fireflies that see someone of cos(own heading, mean heading of those seen).
  float mean_alignment = 0.0F;
  // mean_seen ÷ what an even spread over the world would give (count × π·28² / world area):
  // 1 for an even spread, more the tighter the flocks.
  float tightness = 0.0F;
  // How many others a firefly sees, on average.
  float mean_seen = 0.0F;
  // Fireflies that see nobody.
  std::uint32_t lonely = 0;
  friend bool operator==(const SwarmMeasures&, const SwarmMeasures&) = default;
};

// One chunk's share of the measures. Counts are integers (exact in any order); the float parts
// are summed in doubles within a chunk and the chunks are added in chunk order.
struct MeasureSums {
  std::uint64_t fireflies = 0;
  std::uint64_t seen = 0;        // Σ others seen
  std::uint64_t seeing = 0;      // fireflies that see someone
  double alignment = 0.0;        // Σ cos over fireflies that see someone
  double heading_x = 0.0;        // Σ unit headings
  double heading_y = 0.0;

  // One firefly flying at v that sees `seen` others whose velocities add up to `seen_v`.
  void add(Vec2 v, std::uint32_t seen_count, Vec2 seen_v) {
    ++fireflies;
    seen += seen_count;
    const float speed = std::sqrt(v.x * v.x + v.y * v.y);
    if (speed > 0.0F) {
      heading_x += static_cast<double>(v.x / speed);
      heading_y += static_cast<double>(v.y / speed);
    }
    if (seen_count > 0) {
      ++seeing;
      const float seen_speed = std::sqrt(seen_v.x * seen_v.x + seen_v.y * seen_v.y);
      if (speed > 0.0F && seen_speed > 0.0F) {
        alignment += static_cast<double>((v.x * seen_v.x + v.y * seen_v.y) / (speed * seen_speed));
      }
    }
  }

  // add() for the fireflies in lanes [0, count) of eight, in lane order: the square roots and
  // divisions eight at a time, the sums one by one in the same order, so the result is exactly that
  // of calling add() for each. (By reference: a 32-byte vector is passed differently with and
  // without AVX.)
  void add(const lanes::F8& vx, const lanes::F8& vy, const std::int32_t* seen_counts, const lanes::F8& seen_vx,
           const lanes::F8& seen_vy, int count) {
    const lanes::F8 speed = lanes::sqrt(vx * vx + vy * vy);
    const lanes::F8 hx = vx / speed;
    const lanes::F8 hy = vy / speed;
    const lanes::F8 seen_speed = lanes::sqrt(seen_vx * seen_vx + seen_vy * seen_vy);
    const lanes::F8 cos = (vx * seen_vx + vy * seen_vy) / (speed * seen_speed);
    for (int l = 0; l < count; ++l) {
      ++fireflies;
      seen += static_cast<std::uint32_t>(seen_counts[l]);
      if (speed[l] > 0.0F) {
        heading_x += static_cast<double>(hx[l]);
        heading_y += static_cast<double>(hy[l]);
      }
      if (seen_counts[l] > 0) {
        ++seeing;
        if (speed[l] > 0.0F && seen_speed[l] > 0.0F) alignment += static_cast<double>(cos[l]);
      }
    }
  }

  void add(const MeasureSums& o) {
    fireflies += o.fireflies;
    seen += o.seen;
    seeing += o.seeing;
    alignment += o.alignment;
    heading_x += o.heading_x;
    heading_y += o.heading_y;
  }

  // The measures of a swarm of these sums living in a world of `world_area` square units.
  [[nodiscard]] SwarmMeasures finish(double world_area) const {
    SwarmMeasures m;
    if (fireflies == 0) return m;
    const auto n = static_cast<double>(fireflies);
    m.order = static_cast<float>(std::sqrt(heading_x * heading_x + heading_y * heading_y) / n);
    m.mean_alignment = seeing == 0 ? 0.0F : static_cast<float>(alignment / static_cast<double>(seeing));
    const double mean_seen = static_cast<double>(seen) / n;
    m.mean_seen = static_cast<float>(mean_seen);
    // An even spread of n fireflies: a circle of view holds n × π·28² / area of them (issue 3;
    // edges ignored).
    const double r = swarm_rules::kPerception;
    const double expected = n * std::numbers::pi * r * r / world_area;
    m.tightness = expected > 0.0 ? static_cast<float>(mean_seen / expected) : 0.0F;
    m.lonely = static_cast<std::uint32_t>(fireflies - seeing);
    return m;
  }
};

}  // namespace meadow::sim
