// GpuSwarm::gather and population() (docs/perf/live-trails-gpu.md: the live trails gather their few
// hundred fireflies on the device instead of reading the whole swarm back), and FallbackSwarm's
// delegation of both. What gather() finds is held to what view() and ids() say, bit for bit: both
// read the same device state.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "gpu/swarm/fallback_swarm.hpp"
#include "gpu/gpu_error.hpp"
#include "gpu/swarm/gpu_swarm.hpp"
#include "gpu_fixture.hpp"
#include "sim/land.hpp"
#include "sim/parallel_for.hpp"
#include "sim/swarm/cpu_swarm.hpp"
#include "sim/swarm/swarm_engine.hpp"
#include "sim/swarm/swarm_population.hpp"
#include "swarm_test_state.hpp"

namespace meadow::gpu {
namespace {

using GpuSwarmGatherTest = testing::GpuTest;

// What the live trails found before gather(): each wanted id's position in view(), by ids().
std::vector<sim::Vec2> from_view(const sim::SwarmEngine& engine, std::span<const std::uint32_t> wanted) {
  const sim::SwarmView v = engine.view();
  const std::span<const std::uint32_t> ids = engine.ids();
  std::unordered_map<std::uint32_t, sim::Vec2> at;
  for (std::size_t i = 0; i < ids.size(); ++i) at[ids[i]] = {v.x[i], v.y[i]};
  std::vector<sim::Vec2> out;
  for (const std::uint32_t id : wanted) {
    const auto it = at.find(id);
    out.push_back(it != at.end() ? it->second
                                 : sim::Vec2{std::numeric_limits<float>::quiet_NaN(),
                                             std::numeric_limits<float>::quiet_NaN()});
  }
  return out;
}

// The ids of `engine` (ascending), for choosing wanted ones.
std::vector<std::uint32_t> ascending_ids(const sim::SwarmEngine& engine) {
  std::vector<std::uint32_t> ids(engine.ids().begin(), engine.ids().end());
  std::ranges::sort(ids);
  return ids;
}

// Steps `gpu` `before` times, takes its ids then (reading the fireflies back), and steps it once
// more, so that the device is ahead of the host's copy when gather() is asked.
std::vector<std::uint32_t> ids_a_step_ago(GpuSwarm& gpu, const sim::Land& land, int before) {
  sim::SerialFor serial;
  for (int s = 0; s < before; ++s) gpu.step(land, serial);
  std::vector<std::uint32_t> ids = ascending_ids(gpu);
  gpu.step(land, serial);
  return ids;
}

// Every `every`-th id, the first and the last, and a few that no firefly has (ascending).
std::vector<std::uint32_t> wanted_of(const std::vector<std::uint32_t>& ids, std::size_t every) {
  std::vector<std::uint32_t> wanted;
  for (std::size_t i = 0; i < ids.size(); i += every) wanted.push_back(ids[i]);
  wanted.push_back(ids.back());
  wanted.push_back(ids.back() + 1);
  wanted.push_back(ids.back() + 1000);
  wanted.push_back(0xFFFF'FFFFU);
  std::ranges::sort(wanted);
  wanted.erase(std::ranges::unique(wanted).begin(), wanted.end());
  return wanted;
}

// gather() of `wanted` on `engine` (called before view(), so it cannot lean on the host copy),
// then the same ids from view(): the same floats, NaN where no firefly has the id.
void expect_gathered_as_viewed(const sim::SwarmEngine& engine, std::span<const std::uint32_t> wanted) {
  std::vector<sim::Vec2> gathered(wanted.size(), sim::Vec2{-1.0F, -1.0F});
  ASSERT_TRUE(engine.gather(wanted, gathered));
  const std::vector<sim::Vec2> viewed = from_view(engine, wanted);
  std::size_t found = 0;
  for (std::size_t k = 0; k < wanted.size(); ++k) {
    if (std::isnan(viewed[k].x)) {
      EXPECT_TRUE(std::isnan(gathered[k].x) && std::isnan(gathered[k].y)) << "id " << wanted[k];
      continue;
    }
    ++found;
    EXPECT_EQ(std::bit_cast<std::uint32_t>(gathered[k].x), std::bit_cast<std::uint32_t>(viewed[k].x)) << "id " << wanted[k];
    EXPECT_EQ(std::bit_cast<std::uint32_t>(gathered[k].y), std::bit_cast<std::uint32_t>(viewed[k].y)) << "id " << wanted[k];
  }
  EXPECT_GT(found, 0U);
}

TEST_F(GpuSwarmGatherTest, GathersWhatViewSaysAfterSomeSteps) {
  const sim::Land land = testing::rocky_land();
  GpuSwarm gpu(context_, 11, 20000, land);
  sim::SerialFor serial;
  const std::vector<std::uint32_t> ids = ids_a_step_ago(gpu, land, 5);
  gpu.step(land, serial);

  const std::vector<std::uint32_t> wanted = wanted_of(ids, 97);
  ASSERT_EQ(wanted.front(), ids.front());
  ASSERT_LE(wanted.size(), sim::SwarmEngine::kMostGathered);
  // Only the wanted positions cross back, never the swarm.
  const std::uint64_t reads = gpu.host_reads();
  std::vector<sim::Vec2> out(wanted.size());
  ASSERT_TRUE(gpu.gather(wanted, out));
  EXPECT_EQ(gpu.host_reads(), reads);
  expect_gathered_as_viewed(gpu, wanted);
  // The step after it is the same step view() then sees.
  gpu.step(land, serial);
  expect_gathered_as_viewed(gpu, wanted);
}

TEST_F(GpuSwarmGatherTest, GathersTheMostItTakesAndNothing) {
  const sim::Land land = testing::rocky_land();
  GpuSwarm gpu(context_, 12, 30000, land);
  const std::vector<std::uint32_t> ids = ids_a_step_ago(gpu, land, 1);
  // kMostGathered ids, the first and the last among them.
  std::vector<std::uint32_t> wanted;
  const std::size_t every = ids.size() / (sim::SwarmEngine::kMostGathered - 1);
  for (std::size_t i = 0; i < ids.size() && wanted.size() + 1 < sim::SwarmEngine::kMostGathered; i += every) {
    wanted.push_back(ids[i]);
  }
  wanted.push_back(ids.back());
  ASSERT_EQ(wanted.size(), sim::SwarmEngine::kMostGathered);
  expect_gathered_as_viewed(gpu, wanted);

  // Nothing wanted: nothing to do, and true.
  EXPECT_TRUE(gpu.gather({}, {}));
  // One too many, out of order, or an `out` of another length: the caller looks in view().
  std::vector<std::uint32_t> too_many = wanted;
  too_many.push_back(ids.back() + 1);
  std::vector<sim::Vec2> out(too_many.size());
  EXPECT_FALSE(gpu.gather(too_many, out));
  const std::vector<std::uint32_t> unordered{ids[5], ids[2]};
  std::vector<sim::Vec2> two(2);
  EXPECT_FALSE(gpu.gather(unordered, two));
  std::vector<sim::Vec2> one(1);
  EXPECT_FALSE(gpu.gather(std::span(wanted).first(2), one));
}

// An id wanted twice fills both of its entries.
TEST_F(GpuSwarmGatherTest, AnIdWantedTwiceFillsBothEntries) {
  const sim::Land land = testing::rocky_land();
  GpuSwarm gpu(context_, 13, 3000, land);
  const std::vector<std::uint32_t> ids = ids_a_step_ago(gpu, land, 1);
  const std::vector<std::uint32_t> wanted{ids[3], ids[10], ids[10], ids[11]};
  expect_gathered_as_viewed(gpu, wanted);
}

// A count change: until the next step the device is behind the host's copy (which is current:
// view() reads nothing), so gather() leaves it to view(); after it, gather() finds the newcomers,
// and leavers go missing as they fly out. The buffers grow with the count, and the gather binds
// the new ones.
TEST_F(GpuSwarmGatherTest, GathersWhatViewSaysAfterAResize) {
  const sim::Land land = testing::rocky_land();
  GpuSwarm gpu(context_, 14, 2000, land);
  sim::SerialFor serial;
  gpu.step(land, serial);
  const std::vector<std::uint32_t> before = ascending_ids(gpu);
  std::vector<sim::Vec2> out(3);
  const std::vector<std::uint32_t> three{before[0], before[1], before[2]};
  ASSERT_TRUE(gpu.gather(three, out));

  gpu.resize(12000, land);  // past the buffers' capacity: they are replaced
  EXPECT_FALSE(gpu.gather(three, out));
  const std::vector<std::uint32_t> ids = ids_a_step_ago(gpu, land, 1);
  ASSERT_EQ(ids.size(), 12000U);
  expect_gathered_as_viewed(gpu, wanted_of(ids, 41));

  // The newcomers settle in, then half the swarm leaves over the edges.
  for (int s = 0; s < 600 && sim::population::any_in_transit(gpu.flags()); ++s) gpu.step(land, serial);
  ASSERT_FALSE(sim::population::any_in_transit(gpu.flags()));
  gpu.resize(6000, land);
  for (int s = 0; s < 200 && gpu.count() > 11000; ++s) gpu.step(land, serial);
  ASSERT_LT(gpu.count(), 12000U);  // some leavers have gone
  ASSERT_GT(gpu.count(), 6000U);   // some are on their way
  const std::vector<std::uint32_t> all_wanted = wanted_of(ids, 23);  // some are gone
  expect_gathered_as_viewed(gpu, all_wanted);
  std::vector<sim::Vec2> gathered(all_wanted.size());
  ASSERT_TRUE(gpu.gather(all_wanted, gathered));
  EXPECT_GT(std::ranges::count_if(gathered, [](sim::Vec2 p) { return std::isnan(p.x); }), 4);
}

TEST_F(GpuSwarmGatherTest, AnEmptySwarmHasNoneOfTheWanted) {
  GpuSwarm gpu(context_, 15, std::span<const sim::CpuSwarm::Firefly>{});
  const sim::Land land = testing::rocky_land();
  sim::SerialFor serial;
  gpu.step(land, serial);
  const std::vector<std::uint32_t> wanted{0, 1, 7};
  std::vector<sim::Vec2> out(wanted.size());
  ASSERT_TRUE(gpu.gather(wanted, out));
  for (const sim::Vec2 p : out) EXPECT_TRUE(std::isnan(p.x) && std::isnan(p.y));
}

// After a loss (simulated, still readable) gather() says false, so the caller reads view().
TEST_F(GpuSwarmGatherTest, ALostDeviceGathersNothing) {
  const sim::Land land = testing::rocky_land();
  GpuSwarm gpu(context_, 16, 3000, land);
  sim::SerialFor serial;
  gpu.step(land, serial);
  const std::vector<std::uint32_t> wanted{0, 1, 2};
  std::vector<sim::Vec2> out(wanted.size());
  ASSERT_TRUE(gpu.gather(wanted, out));
  gpu.simulate_device_loss();
  EXPECT_FALSE(gpu.gather(wanted, out));
  EXPECT_THROW(gpu.step(land, serial), GpuError);
}

TEST_F(GpuSwarmGatherTest, ThePopulationChangesOnlyWhenTheIdsMay) {
  const sim::Land land = testing::rocky_land();
  GpuSwarm gpu(context_, 17, 3000, land);
  sim::SerialFor serial;
  const std::uint64_t first = gpu.population();
  for (int s = 0; s < 5; ++s) gpu.step(land, serial);
  EXPECT_EQ(gpu.population(), first);
  gpu.resize(3000, land);  // the count it has: nobody comes or goes
  EXPECT_EQ(gpu.population(), first);

  gpu.resize(3500, land);  // newcomers
  const std::uint64_t grown = gpu.population();
  EXPECT_NE(grown, first);
  for (int s = 0; s < 5; ++s) gpu.step(land, serial);
  EXPECT_EQ(gpu.population(), grown);

  gpu.resize(2500, land);  // leavers
  const std::uint64_t shrunk = gpu.population();
  EXPECT_NE(shrunk, grown);
  for (int s = 0; s < 5; ++s) gpu.step(land, serial);
  EXPECT_EQ(gpu.population(), shrunk);

  sim::SwarmEngineState saved;
  gpu.save(saved);
  EXPECT_EQ(gpu.population(), shrunk);
  gpu.restore(saved);
  EXPECT_NE(gpu.population(), shrunk);
  EXPECT_NE(gpu.population(), grown);
}

// FallbackSwarm: the GPU's gather and population while it runs; on the CPU, the CPU engine's
// gather, and a population that changed at the handover whatever the CPU engine counts.
TEST_F(GpuSwarmGatherTest, TheFallbackDelegatesBothAndChangesThePopulationAtTheHandover) {
  const sim::Land land = testing::rocky_land();
  FallbackSwarm swarm([&] { return std::make_unique<GpuSwarm>(context_, 18, 4000, land); }, 18, 4000, land, {});
  ASSERT_TRUE(swarm.on_gpu());
  sim::SerialFor serial;
  for (int s = 0; s < 3; ++s) swarm.step(land, serial);
  const std::uint64_t on_gpu = swarm.population();
  EXPECT_EQ(on_gpu, swarm.gpu()->population());
  const std::vector<std::uint32_t> ids = ascending_ids(swarm);
  swarm.step(land, serial);
  EXPECT_EQ(swarm.population(), on_gpu);
  const std::vector<std::uint32_t> wanted = wanted_of(ids, 53);
  expect_gathered_as_viewed(swarm, wanted);

  swarm.resize(4500, land);
  EXPECT_NE(swarm.population(), on_gpu);
  EXPECT_EQ(swarm.population(), swarm.gpu()->population());
  swarm.step(land, serial);
  const std::uint64_t before_loss = swarm.population();

  swarm.gpu()->simulate_device_loss();
  std::vector<sim::Vec2> out(wanted.size());
  EXPECT_FALSE(swarm.gather(wanted, out));  // the caller reads view() this frame
  swarm.step(land, serial);
  ASSERT_FALSE(swarm.on_gpu());
  const std::uint64_t on_cpu = swarm.population();
  EXPECT_NE(on_cpu, before_loss);
  EXPECT_NE(on_cpu, on_gpu);
  EXPECT_EQ(swarm.gather(wanted, out), swarm.cpu()->gather(wanted, out));
}

}  // namespace
}  // namespace meadow::gpu
