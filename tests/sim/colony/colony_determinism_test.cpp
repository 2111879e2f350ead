// Determinism (docs/architecture.md "Determinism"): the same seed and the same stamped actions give
// the same colony.
#include <gtest/gtest.h>

#include <cstring>

#include "colony_scene.hpp"
#include "sim/colony/colony.hpp"

namespace meadow::sim::testing {
namespace {

bool same_bits(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }

void expect_same(const Colony& a, const Colony& b) {
  ASSERT_EQ(a.state().fireflies.size(), b.state().fireflies.size());
  EXPECT_EQ(a.state().store, b.state().store);
  for (std::size_t i = 0; i < a.state().fireflies.size(); ++i) {
    const ColonyFirefly& x = a.state().fireflies[i];
    const ColonyFirefly& y = b.state().fireflies[i];
    ASSERT_EQ(x.id, y.id);
    EXPECT_TRUE(same_bits(x.at.x, y.at.x) && same_bits(x.at.y, y.at.y)) << "firefly " << x.id;
    EXPECT_TRUE(same_bits(x.energy, y.energy) && same_bits(x.phase, y.phase));
    EXPECT_EQ(x.state, y.state);
    EXPECT_EQ(x.flower, y.flower);
  }
  EXPECT_EQ(a.events().last_sequence(), b.events().last_sequence());
}

Colony lived(std::uint64_t seed) {
  Land land;
  (void)land.add_rock({700.0F, 500.0F});
  Colony colony(seed, kMeadow);
  for (int s = 0; s < 3000; ++s) {
    if (s == 100) (void)colony.drop_flower({500.0F, 500.0F}, land, static_cast<std::uint64_t>(s));
    if (s == 900) (void)colony.drop_flower({900.0F, 300.0F}, land, static_cast<std::uint64_t>(s));
    colony.step(land, static_cast<std::uint64_t>(s));
  }
  return colony;
}

TEST(ColonyDeterminism, SameSeedAndActionsGiveTheSameColony) {
  const Colony a = lived(42);
  const Colony b = lived(42);
  expect_same(a, b);
  EXPECT_GT(a.events().last_sequence(), 100U);  // something did happen
}

TEST(ColonyDeterminism, AnotherSeedAnotherColony) {
  const Colony a = lived(42);
  const Colony b = lived(43);
  ASSERT_FALSE(a.state().fireflies.empty());
  ASSERT_FALSE(b.state().fireflies.empty());
  EXPECT_FALSE(same_bits(a.state().fireflies.front().at.x, b.state().fireflies.front().at.x));
}

}  // namespace
}  // namespace meadow::sim::testing
