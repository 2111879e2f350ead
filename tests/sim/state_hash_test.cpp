// The state fingerprints, and the golden ones: the meadow after 600 ticks from seed 1 with a fixed
// list of stamped actions must give these hashes on every build (release, sanitizers), on one
// thread and on two. A change that means to change the meadow changes them on purpose, with a
// note in the commit body saying why; any other change that moves them broke determinism.
#include "sim/colony/colony_state_hash.hpp"
#include "sim/state_hash.hpp"
#include "sim/swarm/swarm_state_hash.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <vector>

#include "app/worker_pool.hpp"
#include "meadow_fixture.hpp"

namespace meadow::sim {
namespace {

using meadow::sim::testing::make_meadow;

// Pinned by the commit that introduced them; see the file comment before changing them.
constexpr std::uint64_t kGoldenSwarm = 0x9914a0846a1e524fULL;
constexpr std::uint64_t kGoldenColony = 0x2559e07da0b517a5ULL;
constexpr int kGoldenTicks = 600;

struct Stamped {
  int tick;
  std::uint64_t origin;
  ActionBody body;
  WorldKind world = WorldKind::swarm;
};

SettingsChange count(std::uint32_t n) {
  SwarmSettingsChange c;
  c.count = n;
  return as_settings(c);
}

SettingsChange weights(float separation, float alignment) {
  SwarmSettingsChange c;
  c.separation = separation;
  c.alignment = alignment;
  return as_settings(c);
}

// Every kind of action a viewer or the operator can take, at fixed ticks.
std::vector<Stamped> golden_actions() {
  std::vector<Stamped> out = {
      {10, 1, RockTap{{600.0F, 450.0F}}},
      {20, 2, AttractTap{{1100.0F, 300.0F}}},
      {30, 3, PredatorPointer{PointerPhase::down, {400.0F, 600.0F}}},
      {90, 1, FlowerTap{{1200.0F, 700.0F}}},
      {120, 4, weights(1.5F, 0.8F)},
      {150, 5, count(7000)},
      {200, 6, FlowerTap{{700.0F, 300.0F}}, WorldKind::colony},
      {300, kOperator, count(5000)},
      {301, 5, count(9000)},
      {302, 5, count(6000)},  // inside viewer 5's cooldown: waits for its turn, then wins
      {400, 2, AttractTap{{1100.0F, 300.0F}}},  // lifts the mark again
      {450, 1, ViewerLeft{}},
  };
  for (int t = 31; t <= 60; ++t) {
    out.push_back({t, 3, PredatorPointer{PointerPhase::move, {400.0F + 5.0F * static_cast<float>(t - 30), 600.0F}}});
  }
  out.push_back({61, 3, PredatorPointer{PointerPhase::up, {550.0F, 600.0F}}});
  return out;
}

struct Hashes {
  std::uint64_t swarm = 0;
  std::uint64_t colony = 0;
};

Hashes golden_run(ParallelFor& parallel) {
  Meadow m = make_meadow(5000, 1);
  const std::vector<Stamped> actions = golden_actions();
  for (int t = 0; t < kGoldenTicks; ++t) {
    for (const Stamped& s : actions) {
      if (s.tick != t) continue;
      Action a{s.origin, 0, s.body, s.world};
      (void)m.apply(a);
    }
    m.step(parallel);
  }
  return {swarm_state_hash(swarm_of(m).swarm().view()), colony_state_hash(colony_of(m).colony().state())};
}

TEST(StateHash, AnyBitOfAnyFireflyMovesIt) {
  std::vector<float> x{1.0F, 2.0F}, y{3.0F, 4.0F}, vx{0.5F, 0.5F}, vy{0.25F, 0.25F};
  const auto hash = [&] { return swarm_state_hash(SwarmView{x, y, vx, vy}); };
  const std::uint64_t before = hash();
  vy[1] = std::nextafter(vy[1], 1.0F);
  EXPECT_NE(hash(), before);
  vy[1] = 0.25F;
  EXPECT_EQ(hash(), before);
  std::swap(x[0], x[1]);
  EXPECT_NE(hash(), before) << "order counts";
}

TEST(StateHash, TheColonysCountersAndFlowersMoveIt) {
  ColonyState c;
  const std::uint64_t empty = colony_state_hash(c);
  c.flowers.push_back(Flower{1, {10.0F, 10.0F}, 90});
  const std::uint64_t one_flower = colony_state_hash(c);
  EXPECT_NE(one_flower, empty);
  c.flowers.back().dropped_by = 7;
  EXPECT_NE(colony_state_hash(c), one_flower);
  c.next_seed_id = 2;
  EXPECT_NE(colony_state_hash(c), one_flower);
}

// One test per thread count, each against the pinned hashes (so the two agree): the TSan stage
// runs only the two-thread one, where a race could be (tests/run-all.sh: `*TwoThreads*`).
void expect_golden(const Hashes& run) {
  std::printf("golden: swarm %016llx colony %016llx\n", static_cast<unsigned long long>(run.swarm),
              static_cast<unsigned long long>(run.colony));
  EXPECT_EQ(run.swarm, kGoldenSwarm) << "the swarm is not what seed 1 and these actions made before";
  EXPECT_EQ(run.colony, kGoldenColony) << "the colony is not what seed 1 and these actions made before";
}

TEST(GoldenHash, TheMeadowAfter600TicksFromSeed1IsPinnedOnOneThread) {
  SerialFor serial;
  expect_golden(golden_run(serial));
}

TEST(GoldenHash, TheMeadowAfter600TicksFromSeed1IsPinnedOnTwoThreads) {
  app::WorkerPool pool(2);
  expect_golden(golden_run(pool));
}

}  // namespace
}  // namespace meadow::sim
