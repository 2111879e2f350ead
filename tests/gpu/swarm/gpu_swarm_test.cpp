#include "gpu/swarm/gpu_swarm.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <memory>
#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

#include "gpu_fixture.hpp"
#include "support/meadow_worlds.hpp"
#include "sim/meadow.hpp"
#include "sim/parallel_for.hpp"
#include "sim/swarm/cpu_swarm.hpp"
#include "sim/swarm/swarm_population.hpp"
#include "sim/swarm/swarm_tools.hpp"
#include "swarm_test_state.hpp"

namespace meadow::gpu {
namespace {

using GpuSwarmTest = testing::GpuTest;

struct State {
  float x, y, vx, vy;
  std::uint8_t flags;
};
template <typename Engine>
std::unordered_map<std::uint32_t, State> by_id(const Engine& e) {
  std::unordered_map<std::uint32_t, State> out;
  const sim::SwarmView v = e.view();
  for (std::size_t i = 0; i < v.x.size(); ++i) out[e.ids()[i]] = {v.x[i], v.y[i], v.vx[i], v.vy[i], e.flags()[i]};
  return out;
}

// One step of each engine from the same fireflies, compared firefly by firefly (by id).
//
// Both engines see exactly the same neighbours (the same squares and cells), add the same
// fixed-point square sums exactly (so alignment and cohesion get identical inputs), and draw the
// same nudge (the same counter-based bits). What is left is float rounding: separation and
// personal space summed over the neighbours in another order, and sqrt and division, which
// Vulkan allows a few ULP. On pushes of at most a few units/step² that is ~1e-6; the speed band
// can magnify it when a firefly is almost stopped before the band rescales it to 1.8 (a leaver
// turning round, a firefly between a rock and its flock), by 1.8 / its speed. kVelocityTolerance
// allows a magnification of 50 and still catches a rule gone wrong (the smallest, the nudge, is
// up to 0.05). Positions are the same old positions plus the new velocities, rounded to floats:
// they may differ by that and one ULP of the coordinate more.
constexpr float kVelocityTolerance = 5e-5F;

struct Differences {
  float velocity = 0.0F;
  float position = 0.0F;  // beyond one ULP of the coordinate
};

float beyond_ulp(float a, float b) {
  const float ulp = std::nextafter(std::abs(a), INFINITY) - std::abs(a);
  return std::abs(a - b) - ulp;
}

// Fails if the engines' ids or flags differ.
Differences differences(const sim::CpuSwarm& cpu, const GpuSwarm& gpu) {
  const auto a = by_id(cpu);
  const auto b = by_id(gpu);
  EXPECT_EQ(a.size(), b.size());
  Differences worst;
  for (const auto& [id, s] : a) {
    const auto it = b.find(id);
    if (it == b.end()) {
      ADD_FAILURE() << "firefly " << id << " missing on the GPU";
      continue;
    }
    const State& g = it->second;
    EXPECT_EQ(s.flags, g.flags) << id;
    worst.velocity = std::max({worst.velocity, std::abs(s.vx - g.vx), std::abs(s.vy - g.vy)});
    worst.position = std::max({worst.position, beyond_ulp(s.x, g.x), beyond_ulp(s.y, g.y)});
  }
  return worst;
}

void expect_close(const sim::CpuSwarm& cpu, const GpuSwarm& gpu) {
  const Differences d = differences(cpu, gpu);
  EXPECT_LT(d.velocity, kVelocityTolerance);
  EXPECT_LT(d.position, kVelocityTolerance);
}

// After one step the engines no longer start from the same state (positions one ULP apart, up
// to 2.4e-4 at coordinates past 2048), and separation can turn that into a few 1e-4 of velocity
// (its push changes by up to 1/d² per unit moved, d ≥ 0.5 or so in a swarm): steps after the
// first are held to kDivergedTolerance, still far below any rule's size (the nudge: 0.05).
constexpr float kDivergedTolerance = 2e-3F;

void expect_still_close(const sim::CpuSwarm& cpu, const GpuSwarm& gpu) {
  const Differences d = differences(cpu, gpu);
  EXPECT_LT(d.velocity, kDivergedTolerance);
  EXPECT_LT(d.position, 2.0F * kDivergedTolerance);
}

// The measures after the same step: the same seen counts exactly (mean_seen and tightness are
// those counts divided by the same numbers), the float sums within float summation error.
void expect_same_measures(const sim::CpuSwarm& cpu, const GpuSwarm& gpu) {
  const sim::SwarmMeasures a = cpu.measures();
  const sim::SwarmMeasures b = gpu.measures();
  EXPECT_EQ(a.lonely, b.lonely);
  EXPECT_NEAR(a.mean_seen, b.mean_seen, 1e-5 * a.mean_seen);
  EXPECT_NEAR(a.tightness, b.tightness, 1e-5 * a.tightness);
  EXPECT_NEAR(a.order, b.order, 1e-4);
  EXPECT_NEAR(a.mean_alignment, b.mean_alignment, 1e-4);
}

TEST_F(GpuSwarmTest, OneStepMatchesTheCpuEngineForEveryFirefly) {
  const sim::Land land = testing::rocky_land();
  const auto start = testing::flocked_fireflies(5, 20000, land, 200);
  sim::CpuSwarm cpu(42, start);
  GpuSwarm gpu(context_, 42, start);
  sim::SerialFor serial;
  cpu.step(land, serial);
  gpu.step(land, serial);
  expect_close(cpu, gpu);
  expect_same_measures(cpu, gpu);
}

// The measures of a swarm of more workgroups than the device's sum has invocations (1,172
// shares of 256 fireflies, so each invocation adds several before the tree): the CPU's.
TEST_F(GpuSwarmTest, TheMeasuresOfALargeSwarmAreTheCpus) {
  const sim::Land land = testing::rocky_land();
  const auto start = testing::flocked_fireflies(6, 300000, land, 0);
  sim::CpuSwarm cpu(5, start);
  GpuSwarm gpu(context_, 5, start);
  sim::SerialFor serial;
  cpu.step(land, serial);
  gpu.step(land, serial);
  (void)gpu.view();  // waits for the step: its measures
  expect_same_measures(cpu, gpu);
  EXPECT_GT(cpu.measures().mean_seen, 10.0F);
}

// Every weight away from its default and every tool in play: predators, attract marks (the
// nearest one wins), crumbs within smell range.
TEST_F(GpuSwarmTest, OneStepWithWeightsAndToolsMatchesTheCpuEngine) {
  const sim::Land land = testing::rocky_land();
  const auto start = testing::flocked_fireflies(6, 15000, land, 150);
  sim::CpuSwarm cpu(9, start);
  GpuSwarm gpu(context_, 9, start);
  const sim::SwarmWeights weights{2.5F, 0.3F, 3.0F, 1.7F};  // and a speed band 1.7 times the default
  cpu.set_weights(weights);
  gpu.set_weights(weights);
  const std::vector<sim::SwarmPredator> predators{{1, {800.0F, 450.0F}}, {2, {100.0F, 100.0F}}};
  const std::vector<sim::SwarmAttractor> attractors{{1, {300.0F, 700.0F}}, {2, {1300.0F, 200.0F}}};
  const std::vector<sim::SwarmCrumb> crumbs{{3, {600.0F, 200.0F}}, {4, {1000.0F, 800.0F}}};
  sim::SwarmInputs inputs;
  inputs.predators = predators;
  inputs.predator_reach = 180.0F;
  inputs.attractors = attractors;
  inputs.crumbs = crumbs;
  sim::SerialFor serial;
  cpu.step(land, inputs, serial);
  gpu.step(land, inputs, serial);
  expect_close(cpu, gpu);
}

// Leavers fly out and newcomers fly in on both engines alike: the same fireflies flagged, the
// same transit steering, and after the step the same ones settled (gone, or in and unflagged).
using sim::population::any_in_transit;

template <typename Engine>
std::vector<std::uint32_t> sorted_ids(const Engine& e) {
  std::vector<std::uint32_t> ids(e.ids().begin(), e.ids().end());
  std::ranges::sort(ids);
  return ids;
}

// A count change on both engines, down and up: the first two steps firefly by firefly, then
// until every transit has settled (the leavers gone, the newcomers in; on the GPU all of it on
// the device). The counts follow each other step by step (a leaver crosses the line out at the
// same step on both, unless the engines' rounding puts it within a hair of it: they may differ
// by a few for a step); in the end exactly the same fireflies are left.
TEST_F(GpuSwarmTest, CountChangesAndTransitsMatchTheCpuEngine) {
  const sim::Land land = testing::rocky_land();
  const auto start = testing::flocked_fireflies(8, 6000, land, 100);
  sim::SerialFor serial;
  for (const std::size_t target : {4000UL, 6500UL}) {
    SCOPED_TRACE(target);
    sim::CpuSwarm cpu(13, start);
    GpuSwarm gpu(context_, 13, start);
    cpu.resize(target, land);
    gpu.resize(target, land);
    for (int s = 0; s < 2; ++s) {
      cpu.step(land, serial);
      gpu.step(land, serial);
      EXPECT_EQ(cpu.count(), gpu.count());
      SCOPED_TRACE(s);
      if (s == 0) {
        expect_close(cpu, gpu);
      } else {
        expect_still_close(cpu, gpu);
      }
    }
    const std::uint64_t reads = gpu.host_reads();
    std::uint64_t steps = 2;
    std::size_t worst = 0;
    for (; steps < 600 && (any_in_transit(cpu.flags()) || gpu.count() != target); ++steps) {
      cpu.step(land, serial);
      gpu.step(land, serial);
      worst = std::max(worst, cpu.count() > gpu.count() ? cpu.count() - gpu.count() : gpu.count() - cpu.count());
    }
    EXPECT_GT(steps, 20U) << "the transits took time";
    EXPECT_LE(worst, 3U) << "the counts went apart";
    ASSERT_EQ(cpu.count(), target);
    ASSERT_EQ(gpu.count(), target);
    // In all those steps only the fallback's copy once a second was read.
    EXPECT_LE(gpu.host_reads(), reads + steps / GpuSwarm::kHostCopyEvery + 1);
    EXPECT_FALSE(any_in_transit(gpu.flags()));
    EXPECT_EQ(sorted_ids(cpu), sorted_ids(gpu));
  }
}

TEST_F(GpuSwarmTest, PlacesANewSwarmAsTheCpuEngineDoesAndKeepsTheInterface) {
  const sim::Land land = testing::rocky_land();
  GpuSwarm gpu(context_, 77, 3000, land);
  const sim::CpuSwarm cpu(77, 3000, land);
  EXPECT_EQ(gpu.name(), "gpu");
  ASSERT_EQ(gpu.count(), 3000U);
  EXPECT_TRUE(std::equal(gpu.view().x.begin(), gpu.view().x.end(), cpu.view().x.begin()));
  EXPECT_TRUE(std::equal(gpu.view().vy.begin(), gpu.view().vy.end(), cpu.view().vy.begin()));
  EXPECT_EQ(gpu.measures(), sim::SwarmMeasures{});
  gpu.set_weights({9.0F, std::nanf(""), -1.0F, 5.0F});
  EXPECT_EQ(gpu.weights(), (sim::SwarmWeights{3.0F, 1.0F, 0.0F, 2.0F}));
  sim::SerialFor serial;
  gpu.step(land, serial);
  EXPECT_EQ(gpu.steps(), 1U);
  // The sim does not wait for the measures: nothing has waited for the step yet...
  EXPECT_EQ(gpu.measures(), sim::SwarmMeasures{});
  // ...until something needs its results (here view()), or the next step begins.
  (void)gpu.view();
  EXPECT_GT(gpu.measures().mean_seen, 0.0F);
  const sim::Rect world = land.world();
  for (std::size_t i = 0; i < gpu.count(); ++i) {
    ASSERT_TRUE(world.contains({gpu.view().x[i], gpu.view().y[i]})) << i;
    const float speed = std::hypot(gpu.view().vx[i], gpu.view().vy[i]);
    // In the band of the speed setting kept above (2: 3.6 … 6.4 units a step).
    ASSERT_GE(speed, 3.6F - 1e-4F);
    ASSERT_LE(speed, 6.4F + 1e-4F);
  }
  gpu.resize(10, land);  // below the smallest swarm: clamped
  std::size_t leaving = 0;
  for (const std::uint8_t f : gpu.flags()) leaving += (f & sim::kFlagLeaving) != 0 ? 1 : 0;
  EXPECT_EQ(leaving, 3000U - sim::SwarmEngine::kMinCount);
}

// Statistics over 600 steps (10 s) from the same random start: flocks form on both engines
// alike. After some hundred steps the two runs have diverged (chaos amplifies the float
// differences), so each run is one sample of the same process; what they must agree on is what
// the swarm looks like. The means over the second half, averaged over two seeds per engine, are
// compared with tolerances about twice the spread between CPU runs that differ only in their
// seed (2,000 fireflies, measured: order parameter 0.12–0.17, tightness 11.1–11.3, mean speed
// 2.18–2.22 units/step), so a rule the GPU got wrong (no cohesion: tightness ~1; no alignment:
// order ~0.05; no speed band) shows at once.
struct Stats {
  double order = 0.0;
  double tightness = 0.0;
  double speed = 0.0;
};

template <typename Make>
Stats run_statistics(Make make, const sim::Land& land) {
  sim::SerialFor serial;
  Stats total;
  constexpr int kSteps = 600;
  constexpr int kFrom = 300;
  const std::uint64_t seeds[] = {1, 2};
  for (const std::uint64_t seed : seeds) {
    auto engine = make(seed);
    for (int s = 0; s < kSteps; ++s) {
      engine->step(land, serial);
      if (s < kFrom) continue;
      total.order += engine->measures().order;
      total.tightness += engine->measures().tightness;
      const sim::SwarmView v = engine->view();
      double speed = 0.0;
      for (std::size_t i = 0; i < v.x.size(); ++i) speed += std::hypot(v.vx[i], v.vy[i]);
      total.speed += speed / static_cast<double>(v.x.size());
    }
  }
  const double samples = static_cast<double>(kSteps - kFrom) * std::size(seeds);
  return {total.order / samples, total.tightness / samples, total.speed / samples};
}

TEST_F(GpuSwarmTest, StatisticsOver600StepsAgreeWithTheCpuEngine) {
  const sim::Land land = testing::rocky_land();
  const auto start = testing::flocked_fireflies(21, 2000, land, 0);
  const Stats cpu = run_statistics([&](std::uint64_t seed) { return std::make_unique<sim::CpuSwarm>(seed, start); }, land);
  const Stats gpu = run_statistics([&](std::uint64_t seed) { return std::make_unique<GpuSwarm>(context_, seed, start); }, land);
  std::printf("order %.3f / %.3f, tightness %.2f / %.2f, speed %.3f / %.3f (CPU / GPU)\n", cpu.order, gpu.order,
              cpu.tightness, gpu.tightness, cpu.speed, gpu.speed);
  EXPECT_NEAR(gpu.order, cpu.order, 0.15);
  EXPECT_NEAR(gpu.tightness, cpu.tightness, 0.2 * cpu.tightness);
  EXPECT_NEAR(gpu.speed, cpu.speed, 0.06);
  EXPECT_GT(cpu.tightness, 3.0);  // flocks did form: the comparison is not between two even spreads
}

}  // namespace
}  // namespace meadow::gpu

namespace meadow::gpu {
namespace {

// The world grows under a running swarm (more cells than the buffers were made for) and four
// times the fireflies fly in: the GPU engine grows its grids and buffers and stays with the CPU
// engine.

TEST_F(GpuSwarmTest, AGrownWorldAndMoreFirefliesStayCloseToTheCpuEngine) {
  sim::Land land = testing::rocky_land();
  const auto start = testing::flocked_fireflies(4, 5000, land, 50);
  sim::CpuSwarm cpu(17, start);
  GpuSwarm gpu(context_, 17, start);
  sim::SerialFor serial;
  cpu.step(land, serial);
  gpu.step(land, serial);
  expect_close(cpu, gpu);
  const sim::Rect meadow = land.meadow();
  land.set_world({meadow.x - meadow.width, meadow.y - meadow.height, 3.0F * meadow.width, 3.0F * meadow.height});
  cpu.resize(20000, land);
  gpu.resize(20000, land);
  for (int s = 0; s < 3; ++s) {
    SCOPED_TRACE(s);
    cpu.step(land, serial);
    gpu.step(land, serial);
    EXPECT_EQ(cpu.count(), 20000U);
    EXPECT_EQ(gpu.count(), 20000U);
    expect_still_close(cpu, gpu);
  }
}

// The fireflies stay on the device: a step reads nothing back unless someone asks for view(),
// fireflies are in transit, or it is time for the fallback's copy.
TEST_F(GpuSwarmTest, StepsReadTheFirefliesBackOnlyWhenAsked) {
  const sim::Land land = testing::rocky_land();
  GpuSwarm gpu(context_, 2, 2000, land);
  sim::SerialFor serial;
  for (std::uint64_t s = 1; s < GpuSwarm::kHostCopyEvery; ++s) gpu.step(land, serial);
  EXPECT_EQ(gpu.host_reads(), 0U);
  gpu.step(land, serial);  // step kHostCopyEvery: the fallback's copy
  EXPECT_EQ(gpu.host_reads(), 1U);
  (void)gpu.view();  // already current
  EXPECT_EQ(gpu.host_reads(), 1U);
  gpu.step(land, serial);
  (void)gpu.view();
  (void)gpu.view();
  EXPECT_EQ(gpu.host_reads(), 2U);
  // A count change reads them first; then the leavers fly out and go on the device, and the
  // count falls step by step with no read but the fallback's copy once a second.
  gpu.step(land, serial);
  gpu.resize(1500, land);
  EXPECT_EQ(gpu.host_reads(), 3U);
  const std::uint64_t before = gpu.host_reads();
  std::uint64_t steps = 0;
  std::size_t last = gpu.count();
  bool fell = false;
  for (; steps < 600 && gpu.count() > 1500; ++steps) {
    gpu.step(land, serial);
    fell = fell || gpu.count() < last;
    last = gpu.count();
  }
  ASSERT_EQ(gpu.count(), 1500U);
  EXPECT_TRUE(fell);
  EXPECT_GT(steps, 10U);
  EXPECT_LE(gpu.host_reads(), before + steps / GpuSwarm::kHostCopyEvery + 1);
  // Newcomers: the same, and their flags go on the device once they are in.
  gpu.resize(2000, land);
  const std::uint64_t grown = gpu.host_reads();
  for (steps = 0; steps < 120; ++steps) gpu.step(land, serial);
  EXPECT_EQ(gpu.count(), 2000U);
  EXPECT_LE(gpu.host_reads(), grown + steps / GpuSwarm::kHostCopyEvery + 1);
  EXPECT_FALSE(any_in_transit(gpu.flags()));
}

// The crumbs reached in a step, as the GPU's steering marks them, are exactly those the meadow
// finds on the CPU engine's fireflies after the same step (crumbs on fireflies' way and crumbs
// spread over the land, from several viewers), and no firefly is read back for them.
TEST_F(GpuSwarmTest, TheCrumbsReachedAreTheCpusWithoutReadingTheFireflies) {
  const sim::Land land = testing::rocky_land();
  const auto start = testing::flocked_fireflies(4, 6000, land, 100);
  sim::CpuSwarm cpu(21, start);
  GpuSwarm gpu(context_, 21, start);
  sim::SerialFor serial;
  sim::SwarmTools tools;
  const sim::Rect world = land.world();
  for (std::uint64_t viewer = 1; viewer <= 5; ++viewer) {
    for (std::size_t k = 0; k < 8; ++k) {
      const std::size_t i = (viewer * 8 + k) * 97;
      const sim::Vec2 at = k % 2 == 0 ? sim::Vec2{start[i].position.x + start[i].velocity.x + 3.0F,
                                                  start[i].position.y + start[i].velocity.y}
                                      : sim::Vec2{world.x + world.width * static_cast<float>(k) / 9.0F,
                                                  world.y + world.height * static_cast<float>(viewer) / 6.0F};
      ASSERT_TRUE(tools.drop_crumb(viewer, 0, at).accepted);
    }
  }
  const sim::SwarmInputs inputs = tools.inputs(0.0F);
  cpu.step(land, inputs, serial);
  gpu.step(land, inputs, serial);
  const std::uint64_t on_cpu = tools.crumbs_reached(cpu.view(), serial);
  const std::optional<std::uint64_t> on_gpu = gpu.crumbs_reached();
  ASSERT_TRUE(on_gpu.has_value());
  EXPECT_EQ(*on_gpu, on_cpu);
  EXPECT_GE(std::popcount(on_cpu), 20);  // every one on a firefly's way, and maybe some others
  EXPECT_LT(std::popcount(on_cpu), 40);
  EXPECT_EQ(gpu.host_reads(), 0U);
  // A step without crumbs reaches none.
  gpu.step(land, serial);
  EXPECT_EQ(gpu.crumbs_reached(), std::optional<std::uint64_t>{0});
}

// In a meadow on the GPU a crumb is eaten as on the CPU: at the same tick (within one: the
// engines differ by rounding), with the same event, and the fireflies are not read for it.
TEST_F(GpuSwarmTest, AMeadowOnTheGpuEatsCrumbsAsOnTheCpu) {
  const std::vector<sim::CpuSwarm::Firefly> ff{{{600.0F, 450.0F}, {0.0F, 2.5F}}, {{1200.0F, 450.0F}, {0.0F, 2.5F}}};
  sim::Meadow on_cpu(11, meadow::testing::swarm_and_colony(std::make_unique<sim::CpuSwarm>(11, ff)));
  auto engine = std::make_unique<GpuSwarm>(context_, 11, ff);
  const GpuSwarm& gpu = *engine;
  sim::Meadow on_gpu(11, meadow::testing::swarm_and_colony(std::move(engine)));
  const sim::Vec2 crumb{800.0F, 450.0F};
  sim::SerialFor serial;
  const auto tick_fed = [&serial, crumb](sim::Meadow& m) {
    sim::Action tap{2, 0, sim::FlowerTap{crumb}, sim::WorldKind::swarm};
    EXPECT_TRUE(m.apply(tap).accepted);
    for (int ticks = 0; ticks < 600; ++ticks) {
      m.step(serial);
      if (meadow::testing::swarm_of(m).tools().fed() > 0) return m.tick();
    }
    return std::uint64_t{0};
  };
  const std::uint64_t cpu_tick = tick_fed(on_cpu);
  const std::uint64_t gpu_tick = tick_fed(on_gpu);
  ASSERT_GT(cpu_tick, 0U);
  EXPECT_NEAR(static_cast<double>(gpu_tick), static_cast<double>(cpu_tick), 1.0);
  EXPECT_TRUE(meadow::testing::swarm_of(on_gpu).tools().crumbs().empty());
  ASSERT_FALSE(meadow::testing::swarm_of(on_gpu).events().events().empty());
  const auto* eaten = std::get_if<sim::CrumbEatenEvent>(&meadow::testing::swarm_of(on_gpu).events().events().back().body);
  ASSERT_NE(eaten, nullptr);
  EXPECT_EQ(eaten->at, crumb);
  EXPECT_LE(gpu.host_reads(), gpu.steps() / GpuSwarm::kHostCopyEvery + 1);
}

}  // namespace
}  // namespace meadow::gpu

namespace meadow::gpu {
namespace {

// Saving (docs/durability.md): the GPU engine saves what is on the device (read back first, not an
// older host copy) and takes a saved state back: the same fireflies, ids and transits, and the next
// step of a GPU engine restored from a CPU engine's state matches the CPU's next step as any GPU
// step does.
TEST_F(GpuSwarmTest, SavesWhatIsOnTheDeviceAndTakesASavedStateBack) {
  const sim::Land land = testing::rocky_land();
  const auto start = testing::flocked_fireflies(3, 6000, land, 50);
  sim::SerialFor serial;
  GpuSwarm gpu(context_, 21, start);
  for (int s = 0; s < 5; ++s) gpu.step(land, serial);
  gpu.resize(5000, land);  // transits under way
  gpu.step(land, serial);
  sim::SwarmEngineState saved;
  gpu.save(saved);
  EXPECT_EQ(saved.steps, gpu.steps());
  EXPECT_EQ(saved.fireflies.size(), gpu.count());
  const sim::SwarmView v = gpu.view();
  EXPECT_TRUE(std::equal(v.x.begin(), v.x.end(), saved.fireflies.x.begin()));
  EXPECT_TRUE(std::equal(v.vy.begin(), v.vy.end(), saved.fireflies.vy.begin()));

  // A CPU engine takes the GPU's state, and a fresh GPU engine the CPU's: one step on, close.
  sim::CpuSwarm cpu(21, std::span<const sim::CpuSwarm::Firefly>{});
  cpu.restore(saved);
  GpuSwarm other(context_, 21, std::span<const sim::CpuSwarm::Firefly>{});
  other.restore(saved);
  EXPECT_EQ(other.count(), saved.fireflies.size());
  EXPECT_EQ(other.steps(), saved.steps);
  cpu.step(land, serial);
  other.step(land, serial);
  expect_close(cpu, other);
  EXPECT_EQ(sorted_ids(cpu), sorted_ids(other));
}

}  // namespace
}  // namespace meadow::gpu
