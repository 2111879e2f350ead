#include "gpu/prefix_sum.hpp"

#include <gtest/gtest.h>

#include <numeric>
#include <vector>

#include "gpu_fixture.hpp"
#include "sim/random.hpp"
#include "sim/swarm/swarm_random.hpp"

namespace meadow::gpu {
namespace {

using PrefixSumTest = testing::GpuTest;

// Exclusive prefix sums on the GPU, compared exactly with std::exclusive_scan, at sizes around
// every block boundary and across one, two and three levels of block totals.
TEST_F(PrefixSumTest, ExactAtEverySizeAndLevel) {
  PrefixSum scan(context());
  for (const std::size_t n : {1UL, 5UL, 1023UL, 1024UL, 1025UL, 4099UL, 1024UL * 1024UL, 1024UL * 1024UL + 17UL,
                              3'000'001UL}) {
    SCOPED_TRACE(n);
    std::vector<std::uint32_t> values(n);
    const sim::CounterRandom random(7, n, sim::swarm_random::kPlacement);
    for (std::size_t i = 0; i < n; ++i) values[i] = static_cast<std::uint32_t>(random.bits(i) % 9U);
    Buffer host(context(), n * sizeof(std::uint32_t), Memory::kShared);
    Buffer data(context(), n * sizeof(std::uint32_t), Memory::kDevice);
    std::copy(values.begin(), values.end(), host.as<std::uint32_t>().begin());
    copy_and_wait(context(), host, data, n * sizeof(std::uint32_t));
    scan.prepare(data, n);
    VkCommandBuffer commands = context().begin();
    compute_barrier(commands);
    scan.record(commands);
    host_read_barrier(commands);
    context().submit_and_wait();
    copy_and_wait(context(), data, host, n * sizeof(std::uint32_t));
    std::vector<std::uint32_t> expected(n);
    std::exclusive_scan(values.begin(), values.end(), expected.begin(), 0U);
    const std::span<const std::uint32_t> got = host.as<const std::uint32_t>().first(n);
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < n; ++i) wrong += got[i] != expected[i] ? 1 : 0;
    EXPECT_EQ(wrong, 0U);
    EXPECT_EQ(got[n - 1], expected[n - 1]);
  }
}

}  // namespace
}  // namespace meadow::gpu
