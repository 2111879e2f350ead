// The leavers chosen on the GPU (gpu/swarm/leaver_kernels.hpp) against the CPU's choice
// (sim::population::mark_leavers) from the same fireflies: exactly the same set, ties and all.
#include "gpu/swarm/leaver_kernels.hpp"

#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "gpu/swarm/swarm_kernels.hpp"
#include "gpu_fixture.hpp"
#include "sim/land.hpp"
#include "sim/swarm/firefly_arrays.hpp"
#include "sim/swarm/swarm_population.hpp"
#include "swarm_test_state.hpp"

namespace meadow::gpu {
namespace {

using LeaverKernelsTest = testing::GpuTest;

std::set<std::uint32_t> leaving_ids(const sim::FireflyArrays& f) {
  std::set<std::uint32_t> ids;
  for (std::size_t i = 0; i < f.size(); ++i) {
    if ((f.flags[i] & sim::kFlagLeaving) != 0) ids.insert(f.id[i]);
  }
  return ids;
}

// The GPU's choice on a copy of `f`: written to the kernels' buffers, marked, read back.
sim::FireflyArrays on_gpu(VulkanContext& context, sim::FireflyArrays f, const sim::Rect& world, std::size_t leavers,
                          std::size_t* marked = nullptr) {
  SwarmKernels kernels(context);
  kernels.reserve(f.size());
  for (std::size_t i = 0; i < f.size(); ++i) {
    kernels.state()[i] = {f.x[i], f.y[i], f.vx[i], f.vy[i]};
    kernels.meta()[i] = {f.id[i], f.flags[i]};
  }
  kernels.upload(f.size());
  LeaverKernels chooser(context);
  const std::size_t n = chooser.mark(kernels.state_buffer(), kernels.meta_buffer(), f.size(), world, leavers);
  if (marked != nullptr) *marked = n;
  kernels.download(f.size());
  for (std::size_t i = 0; i < f.size(); ++i) f.flags[i] = static_cast<std::uint8_t>(kernels.meta()[i].flags);
  return f;
}

sim::FireflyArrays swarm(std::size_t count, const sim::Land& land) {
  sim::FireflyArrays f;
  for (const sim::CpuSwarm::Firefly& ff : testing::flocked_fireflies(3, count, land, 60)) {
    f.push_back(ff.position.x, ff.position.y, ff.velocity.x, ff.velocity.y, static_cast<std::uint32_t>(f.size()));
  }
  return f;
}

TEST_F(LeaverKernelsTest, TheSameLeaversAsTheCpu) {
  const sim::Land land = testing::rocky_land();
  const sim::Rect world = land.world();
  sim::FireflyArrays f = swarm(20000, land);
  // Some already leaving (they are not chosen again) and some arriving (they may be).
  for (std::size_t i = 0; i < f.size(); i += 37) f.flags[i] = sim::kFlagLeaving;
  for (std::size_t i = 5; i < f.size(); i += 41) f.flags[i] = sim::kFlagArriving;
  for (const std::size_t leavers : {std::size_t{1}, std::size_t{40}, std::size_t{1000}, std::size_t{7777}}) {
    sim::FireflyArrays cpu = f;
    sim::population::mark_leavers(cpu, leavers, world);
    std::size_t marked = 0;
    const sim::FireflyArrays gpu = on_gpu(context(), f, world, leavers, &marked);
    EXPECT_EQ(marked, leavers);
    EXPECT_EQ(leaving_ids(gpu), leaving_ids(cpu)) << leavers << " leavers";
    EXPECT_EQ(gpu.flags, cpu.flags) << "an arriving firefly that leaves turns round: its flags are exactly leaving";
  }
}

TEST_F(LeaverKernelsTest, TiesGoToTheSmallerIdAsOnTheCpu) {
  // 3,000 fireflies at the same distance from the left edge, ids in a scrambled order, and a few
  // nearer: the boundary bin is all ties.
  const sim::Rect world{0.0F, 0.0F, 1600.0F, 900.0F};
  sim::FireflyArrays f;
  for (std::uint32_t k = 0; k < 3000; ++k) {
    f.push_back(10.0F, 100.0F + 0.2F * static_cast<float>(k), 1.0F, 0.0F, (k * 7919U) % 3000U);
  }
  for (std::uint32_t k = 0; k < 20; ++k) f.push_back(3.0F, 400.0F + static_cast<float>(k), 1.0F, 0.0F, 5000U + k);
  for (const std::size_t leavers : {std::size_t{20}, std::size_t{21}, std::size_t{1234}, std::size_t{3019}}) {
    sim::FireflyArrays cpu = f;
    sim::population::mark_leavers(cpu, leavers, world);
    const sim::FireflyArrays gpu = on_gpu(context(), f, world, leavers);
    EXPECT_EQ(leaving_ids(gpu), leaving_ids(cpu)) << leavers << " leavers";
  }
}

TEST_F(LeaverKernelsTest, MoreLeaversThanFirefliesTakesThemAllAndNoneIsNothing) {
  const sim::Land land = testing::rocky_land();
  sim::FireflyArrays f = swarm(500, land);
  for (std::size_t i = 0; i < 100; ++i) f.flags[i] = sim::kFlagLeaving;
  std::size_t marked = 0;
  const sim::FireflyArrays all = on_gpu(context(), f, land.world(), 10000, &marked);
  EXPECT_EQ(marked, 400U);
  EXPECT_EQ(leaving_ids(all).size(), 500U);
  const sim::FireflyArrays none = on_gpu(context(), f, land.world(), 0, &marked);
  EXPECT_EQ(marked, 0U);
  EXPECT_EQ(none.flags, f.flags);
}

}  // namespace
}  // namespace meadow::gpu
