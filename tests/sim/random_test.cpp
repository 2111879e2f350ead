#include "sim/random.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <set>

namespace meadow::sim {
namespace {

TEST(CounterRandom, SameKeySameNumber) {
  const CounterRandom a(1, 2, RandomPurpose::kSwarmNudge);
  const CounterRandom b(1, 2, RandomPurpose::kSwarmNudge);
  EXPECT_EQ(a.bits(3, 0), b.bits(3, 0));
}

TEST(CounterRandom, EveryPartOfTheKeyMatters) {
  const std::uint64_t base = CounterRandom(1, 2, RandomPurpose::kSwarmNudge).bits(3, 0);
  EXPECT_NE(base, CounterRandom(9, 2, RandomPurpose::kSwarmNudge).bits(3, 0));    // seed
  EXPECT_NE(base, CounterRandom(1, 3, RandomPurpose::kSwarmNudge).bits(3, 0));    // counter
  EXPECT_NE(base, CounterRandom(1, 2, RandomPurpose::kSwarmHeading).bits(3, 0));  // purpose
  EXPECT_NE(base, CounterRandom(1, 2, RandomPurpose::kSwarmNudge).bits(4, 0));    // entity
  EXPECT_NE(base, CounterRandom(1, 2, RandomPurpose::kSwarmNudge).bits(3, 1));    // draw
}

TEST(CounterRandom, FloatsStayInTheirRanges) {
  EXPECT_EQ(unit_float(0), 0.0F);
  EXPECT_LT(unit_float(~0ULL), 1.0F);
  EXPECT_EQ(signed_unit_float(0), -1.0F);
  EXPECT_LT(signed_unit_float(~0ULL), 1.0F);
  EXPECT_LT(unit_float_low(~0ULL), 1.0F);
  EXPECT_LT(signed_unit_float_low(~0ULL), 1.0F);
}

TEST(CounterRandom, LooksUniformAndIndependent) {
  // Consecutive entities (the common case: ids 0, 1, 2 …) must not give correlated numbers.
  const CounterRandom r(42, 0, RandomPurpose::kSwarmPlacement);
  constexpr int kN = 100000;
  double mean = 0.0;
  double mean_low = 0.0;
  double corr = 0.0;
  int buckets[10] = {};
  for (int i = 0; i < kN; ++i) {
    const std::uint64_t b = r.bits(static_cast<std::uint64_t>(i));
    const double u = unit_float(b);
    const double w = unit_float_low(b);
    mean += u;
    mean_low += w;
    corr += (u - 0.5) * (w - 0.5);
    ++buckets[static_cast<int>(u * 10.0)];
  }
  EXPECT_NEAR(mean / kN, 0.5, 0.01);
  EXPECT_NEAR(mean_low / kN, 0.5, 0.01);
  EXPECT_NEAR(corr / kN, 0.0, 0.002);
  for (const int b : buckets) EXPECT_NEAR(b, kN / 10, kN / 100);
}

TEST(CounterRandom, NoCollisionsAmongNeighbouringKeys) {
  std::set<std::uint64_t> seen;
  for (std::uint64_t step = 0; step < 50; ++step) {
    const CounterRandom r(5, step, RandomPurpose::kSwarmNudge);
    for (std::uint64_t id = 0; id < 200; ++id) seen.insert(r.bits(id));
  }
  EXPECT_EQ(seen.size(), 50U * 200U);
}

// The lane versions (the swarm's nudge of four fireflies at once) are the scalar ones lane by lane,
// bit for bit, for ids near 0 and near the top of 32 bits.
TEST(CounterRandom, LanesGiveTheScalarBitsAndFloats) {
  using U64x2 = std::uint64_t __attribute__((vector_size(16)));
  using I4 = std::int32_t __attribute__((vector_size(16)));
  using F4 = float __attribute__((vector_size(16)));
  const CounterRandom r(11, 77, RandomPurpose::kSwarmNudge);
  for (const std::uint64_t base : {std::uint64_t{0}, std::uint64_t{123'456}, std::uint64_t{0xFFFF'FFF0}}) {
    for (std::uint64_t id = base; id < base + 16; id += 2) {
      U64x2 bits;
      r.bits_lanes(U64x2{id, id + 1}, bits);
      ASSERT_EQ(bits[0], r.bits(id));
      ASSERT_EQ(bits[1], r.bits(id + 1));
      U64x2 mixed{id, ~id};
      mix64_lanes(mixed);
      EXPECT_EQ(mixed[1], mix64(~id));
      const I4 top = {static_cast<std::int32_t>(bits[0] >> 40U), static_cast<std::int32_t>(bits[1] >> 40U), 0,
                      0xFFFFFF};
      const F4 f = signed_unit_floats<F4>(top);
      EXPECT_EQ(f[0], signed_unit_float(bits[0]));
      EXPECT_EQ(f[1], signed_unit_float(bits[1]));
      EXPECT_EQ(f[2], -1.0F);
      EXPECT_EQ(f[3], signed_unit_float(~std::uint64_t{0}));
      const I4 low = {static_cast<std::int32_t>((bits[0] >> 16U) & 0xFFFFFFU), 0, 0, 0};
      EXPECT_EQ(signed_unit_floats<F4>(low)[0], signed_unit_float_low(bits[0]));
    }
  }
}

}  // namespace
}  // namespace meadow::sim
