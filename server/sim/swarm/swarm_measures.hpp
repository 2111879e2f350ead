#pragma once
// The swarm's measures (docs/rules.md "The swarm · Measures"): what the viewers' music and status
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
    // An even spread of n fireflies: a circle of view holds n × π·28² / area of them (edges
    // ignored).
    const double r = swarm_rules::kPerception;
    const double expected = n * std::numbers::pi * r * r / world_area;
    m.tightness = expected > 0.0 ? static_cast<float>(mean_seen / expected) : 0.0F;
    m.lonely = static_cast<std::uint32_t>(fireflies - seeing);
    return m;
  }
};

// MeasureSums kept in eight lanes, for an engine that steers eight fireflies at a time: the
// firefly in lane l of each block of eight adds to lane l's sums, every operation lane by lane (in
// doubles, as MeasureSums), and fold() adds the lanes into a MeasureSums in lane order. The result
// is exactly that of eight MeasureSums, one per lane, each fed its lane's fireflies one by one and
// then added in lane order; it depends only on which firefly lands in which lane, not on the
// instruction set (SSE2 or AVX2 do the same IEEE operations per lane) or the thread.
struct MeasureLanes {
  using D4 = lanes::D4;
  using U64x4 = lanes::U64x4;

  std::uint64_t fireflies = 0;  // an integer count: the same in any order, so not per lane
  // Per lane, in two halves (lanes 0–3, 4–7).
  U64x4 seen[2] = {};
  U64x4 seeing[2] = {};
  D4 alignment[2] = {};
  D4 heading_x[2] = {};
  D4 heading_y[2] = {};

  // MeasureSums::add() for the fireflies in lanes [0, count) of eight; the other lanes add
  // nothing. (By reference: a 32-byte vector is passed differently with and without AVX.)
  [[gnu::always_inline]] void add(const lanes::F8& vx, const lanes::F8& vy, const lanes::I8& seen_counts,
                                  const lanes::F8& seen_vx, const lanes::F8& seen_vy, int count) {
    const lanes::F8 zero{};
    const lanes::I8 live = lanes::I8{0, 1, 2, 3, 4, 5, 6, 7} < count;
    const lanes::F8 speed = lanes::sqrt(vx * vx + vy * vy);
    const lanes::F8 seen_speed = lanes::sqrt(seen_vx * seen_vx + seen_vy * seen_vy);
    const lanes::I8 moving = live & (speed > zero);
    const lanes::I8 sees = live & (seen_counts > 0);
    const lanes::I8 aligned = sees & moving & (seen_speed > zero);
    // Masked before they become doubles: 0/0 lanes are NaN until then.
    const lanes::F8 hx = lanes::select(moving, vx / speed, zero);
    const lanes::F8 hy = lanes::select(moving, vy / speed, zero);
    const lanes::F8 cos = lanes::select(aligned, (vx * seen_vx + vy * seen_vy) / (speed * seen_speed), zero);
    const lanes::I8 counted = seen_counts & live;
    fireflies += static_cast<std::uint64_t>(count);
    add_halves(seen, counted);
    add_halves(seeing, sees & 1);
    add_halves(heading_x, hx);
    add_halves(heading_y, hy);
    add_halves(alignment, cos);
  }

  // Adds the lanes, 0 to 7, into `sums`.
  void fold(MeasureSums& sums) const {
    sums.fireflies += fireflies;
    for (int l = 0; l < lanes::kWideWidth; ++l) {
      const int h = l / lanes::kWidth;
      const int k = l % lanes::kWidth;
      MeasureSums lane;
      lane.seen = seen[h][k];
      lane.seeing = seeing[h][k];
      lane.alignment = alignment[h][k];
      lane.heading_x = heading_x[h][k];
      lane.heading_y = heading_y[h][k];
      sums.add(lane);
    }
  }

 private:
  // Counts (never negative) widened to 64 bits, floats to doubles: both exact.
  [[gnu::always_inline]] static void add_halves(U64x4 (&to)[2], const lanes::I8& v) {
    using lanes::U32x4;
    to[0] += __builtin_convertvector(__builtin_convertvector(__builtin_shufflevector(v, v, 0, 1, 2, 3), U32x4), U64x4);
    to[1] += __builtin_convertvector(__builtin_convertvector(__builtin_shufflevector(v, v, 4, 5, 6, 7), U32x4), U64x4);
  }
  [[gnu::always_inline]] static void add_halves(D4 (&to)[2], const lanes::F8& v) {
    to[0] += __builtin_convertvector(__builtin_shufflevector(v, v, 0, 1, 2, 3), D4);
    to[1] += __builtin_convertvector(__builtin_shufflevector(v, v, 4, 5, 6, 7), D4);
  }
};

}  // namespace meadow::sim
