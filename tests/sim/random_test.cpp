#include "sim/random.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <vector>

#include "sim/colony/colony_random.hpp"
#include "sim/mold/mold_random.hpp"
#include "sim/swarm/swarm_random.hpp"

namespace meadow::sim {
namespace {

TEST(CounterRandom, SameKeySameNumber) {
  const CounterRandom a(1, 2, swarm_random::kNudge);
  const CounterRandom b(1, 2, swarm_random::kNudge);
  EXPECT_EQ(a.bits(3, 0), b.bits(3, 0));
}

// For both kinds of draw, 64 and 32 bits.
TEST(CounterRandom, EveryPartOfTheKeyMatters) {
  const auto check = [](auto draw) {
    const auto base = draw(CounterRandom(1, 2, swarm_random::kNudge), 3, 0);
    EXPECT_NE(base, draw(CounterRandom(9, 2, swarm_random::kNudge), 3, 0));    // seed
    EXPECT_NE(base, draw(CounterRandom(1, 3, swarm_random::kNudge), 3, 0));    // counter
    EXPECT_NE(base, draw(CounterRandom(1, 2, swarm_random::kHeading), 3, 0));  // purpose
    EXPECT_NE(base, draw(CounterRandom(1, 2, swarm_random::kNudge), 4, 0));    // entity
    EXPECT_NE(base, draw(CounterRandom(1, 2, swarm_random::kNudge), 3, 1));    // draw
  };
  check([](const CounterRandom& r, std::uint32_t entity, std::uint32_t draw) { return r.bits(entity, draw); });
  check([](const CounterRandom& r, std::uint32_t entity, std::uint32_t draw) { return r.bits32(entity, draw); });
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
  const CounterRandom r(42, 0, swarm_random::kPlacement);
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
    const CounterRandom r(5, step, swarm_random::kNudge);
    for (std::uint64_t id = 0; id < 200; ++id) seen.insert(r.bits(id));
  }
  EXPECT_EQ(seen.size(), 50U * 200U);
}

// The 32-bit draws (the swarm's nudge): within a step and a draw no two of many neighbouring ids
// share their bits (a bijection).
TEST(CounterRandom, Bits32OfDistinctEntitiesDiffer) {
  std::set<std::uint32_t> seen;
  const CounterRandom r(5, 7, swarm_random::kNudge);
  for (std::uint32_t id = 0; id < 100000; ++id) seen.insert(r.bits32(id, 0));
  EXPECT_EQ(seen.size(), 100000U);
}

// Each draw uniform over [−1, 1), the two draws of an entity uncorrelated with each other, and
// consecutive entities' draws uncorrelated (ids are 0, 1, 2 …), over many steps.
TEST(CounterRandom, Bits32LookUniformAndIndependent) {
  constexpr int kSteps = 20;
  constexpr int kIds = 10000;
  constexpr double kN = kSteps * kIds;
  double mean[2] = {};
  double draws_corr = 0.0;
  double neighbours_corr = 0.0;
  int buckets[2][10] = {};
  for (int step = 0; step < kSteps; ++step) {
    const CounterRandom r(42, static_cast<std::uint64_t>(step), swarm_random::kNudge);
    double previous = 0.0;
    for (std::uint32_t id = 0; id < kIds; ++id) {
      const double x = signed_unit_float32(r.bits32(id, 0));
      const double y = signed_unit_float32(r.bits32(id, 1));
      mean[0] += x;
      mean[1] += y;
      draws_corr += x * y;
      neighbours_corr += x * previous;
      previous = x;
      ++buckets[0][static_cast<int>((x + 1.0) * 5.0)];
      ++buckets[1][static_cast<int>((y + 1.0) * 5.0)];
    }
  }
  // A uniform draw on [−1, 1) has variance 1/3: means and products of independent draws over
  // 200,000 samples stay within a few 0.001.
  for (int d = 0; d < 2; ++d) {
    EXPECT_NEAR(mean[d] / kN, 0.0, 0.005);
    for (const int b : buckets[d]) EXPECT_NEAR(b, kN / 10, kN / 200);
  }
  EXPECT_NEAR(draws_corr / kN, 0.0, 0.005);
  EXPECT_NEAR(neighbours_corr / kN, 0.0, 0.005);
}

TEST(CounterRandom, SignedUnitFloat32StaysInRange) {
  EXPECT_EQ(signed_unit_float32(0), -1.0F);
  EXPECT_EQ(signed_unit_float32(0x80000000U), 0.0F);
  EXPECT_LT(signed_unit_float32(~0U), 1.0F);
  EXPECT_EQ(signed_unit_float32(~0U), 1.0F - kSignedUnitStep);
}

// The lane version (the swarm's nudge of eight fireflies at once) is the scalar one lane by lane,
// bit for bit, for ids near 0 and near the top of 32 bits; so are mix32_lanes and the floats.
TEST(CounterRandom, LanesGiveTheScalarBitsAndFloats) {
  using U32x8 = std::uint32_t __attribute__((vector_size(32)));
  using I8 = std::int32_t __attribute__((vector_size(32)));
  using F8 = float __attribute__((vector_size(32)));
  const CounterRandom r(11, 77, swarm_random::kNudge);
  for (const std::uint32_t base : {0U, 123'456U, 0xFFFF'FFF0U}) {
    for (std::uint32_t draw = 0; draw < 2; ++draw) {
      U32x8 ids;
      for (std::uint32_t l = 0; l < 8; ++l) ids[l] = base + l;
      U32x8 bits;
      r.bits32_lanes(ids, draw, bits);
      U32x8 mixed = ~ids;
      mix32_lanes(mixed);
      const F8 floats = signed_unit_floats<F8>(reinterpret_cast<I8>(bits >> 8U));
      for (std::uint32_t l = 0; l < 8; ++l) {
        ASSERT_EQ(bits[l], r.bits32(base + l, draw));
        EXPECT_EQ(mixed[l], mix32(~(base + l)));
        EXPECT_EQ(floats[l], signed_unit_float32(bits[l]));
      }
    }
  }
}

// Each world declares its own purposes; no two of all the worlds' are the same stream, and a new
// world's (world_purpose) can be none of the first worlds'.
TEST(CounterRandom, NoTwoWorldsShareAPurpose) {
  const std::vector<RandomPurpose> all = {
      swarm_random::kPlacement,     swarm_random::kHeading,       swarm_random::kNudge,
      swarm_random::kNewcomerFlock, swarm_random::kNewcomerMember, swarm_random::kTrailChoice,
      colony_random::kPlacement,    colony_random::kHeading,      colony_random::kWander,
      colony_random::kRecruit,      colony_random::kFlashPeriod,  colony_random::kFlashPhase,
      colony_random::kBreezeWaves,  colony_random::kBreezeGust,   colony_random::kSeedStick,
      colony_random::kSeedRoot,     colony_random::kFlowerLife,   colony_random::kFrogSit,
      colony_random::kFrogHop,      mold_random::kPlacement,      mold_random::kHeading,
      mold_random::kTurn,           mold_random::kClaim,
  };
  std::set<std::uint32_t> numbers;
  for (const RandomPurpose p : all) EXPECT_TRUE(numbers.insert(static_cast<std::uint32_t>(p)).second);
  EXPECT_EQ(numbers.size(), 23U);
  EXPECT_EQ(*numbers.begin(), 1U);
  EXPECT_EQ(*numbers.rbegin(), 23U) << "the first worlds' numbers, as they were";
  EXPECT_GT(static_cast<std::uint32_t>(world_purpose(4, 1)), *numbers.rbegin());
  EXPECT_NE(world_purpose(4, 1), world_purpose(5, 1));
  EXPECT_NE(world_purpose(4, 1), world_purpose(4, 2));
}

}  // namespace
}  // namespace meadow::sim
