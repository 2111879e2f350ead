// The allocator of the sim's large arrays (sim/large_array.hpp): large ones in whole huge pages,
// told to the advice; middling and large ones staggered a different number of cache lines past
// their page's boundary; small ones as std::allocator; vectors behave as ever.
#include "sim/large_array.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <set>
#include <utility>
#include <vector>

namespace meadow::sim {
namespace {

struct Advised {
  void* data;
  std::size_t bytes;
};
std::vector<Advised>& advised() {
  static std::vector<Advised> all;
  return all;
}
void record(void* data, std::size_t bytes) { advised().push_back({data, bytes}); }

// Installs the recording advice for one test and takes it away again.
class LargeArrayTest : public ::testing::Test {
 protected:
  void SetUp() override {
    previous_ = large_array_advice();
    advised().clear();
    set_large_array_advice(&record);
  }
  void TearDown() override { set_large_array_advice(previous_); }

 private:
  LargeArrayAdvice previous_ = nullptr;
};

// Where an array begins past the boundary of the page size given.
std::uintptr_t past_boundary(const void* p, std::size_t page) { return reinterpret_cast<std::uintptr_t>(p) % page; }

TEST_F(LargeArrayTest, LargeArraysAreInWholeHugePagesAndAdvised) {
  // 3 MiB of floats: two huge pages (the stagger is under a small page).
  LargeVector<float> v(3 * (std::size_t{1} << 20U) / sizeof(float));
  ASSERT_EQ(advised().size(), 1U);
  EXPECT_EQ(past_boundary(advised()[0].data, kLargeArrayPage), 0U);
  EXPECT_EQ(advised()[0].bytes, 2 * kLargeArrayPage);
  const auto* const first = static_cast<const std::byte*>(advised()[0].data);
  const auto* const begins = reinterpret_cast<const std::byte*>(v.data());
  EXPECT_GE(begins, first);
  EXPECT_LT(begins, first + kSmallPage);
  EXPECT_LE(begins + v.size() * sizeof(float), first + advised()[0].bytes);
}

TEST_F(LargeArrayTest, FromOneMebibyteArraysAreInHugePages) {
  // 2,000,000 bytes, the float arrays of 500,000 fireflies: one huge page.
  LargeVector<float> v(500'000);
  ASSERT_EQ(advised().size(), 1U);
  EXPECT_EQ(advised()[0].bytes, kLargeArrayPage);
  LargeVector<float> below(kHugePagesFrom / sizeof(float) - 1);
  EXPECT_EQ(advised().size(), 1U);
}

TEST_F(LargeArrayTest, SmallArraysAreNotAdvised) {
  LargeVector<float> v(kHugePagesFrom / sizeof(float) - 1);
  std::vector<LargeVector<std::uint8_t>> many(100, LargeVector<std::uint8_t>(1000));
  EXPECT_TRUE(advised().empty());
  EXPECT_EQ(past_boundary(v.data(), alignof(float)), 0U);
}

TEST_F(LargeArrayTest, ArraysWalkedSideBySideBeginOnDifferentCacheLines) {
  // Twelve arrays of each staggered size, as a swarm's stage walks them: each begins a whole
  // number of cache lines past its page boundary, and no two at the same distance, so their
  // element i lies in twelve different sets of the first-level cache.
  for (const std::size_t bytes : {kStaggeredFrom, kHugePagesFrom - 64, kHugePagesFrom, 3 * kLargeArrayPage}) {
    std::vector<LargeVector<float>> arrays;
    std::set<std::uintptr_t> lines;
    for (int k = 0; k < 12; ++k) {
      arrays.emplace_back(bytes / sizeof(float));
      const std::uintptr_t past = past_boundary(arrays.back().data(), kSmallPage);
      EXPECT_EQ(past % 64, 0U) << bytes << " bytes";
      lines.insert(past);
    }
    EXPECT_EQ(lines.size(), 12U) << bytes << " bytes";
  }
  // Below the staggered sizes, as std::allocator.
  LargeVector<float> small(kStaggeredFrom / sizeof(float) - 1);
  EXPECT_EQ(past_boundary(small.data(), alignof(float)), 0U);
}

TEST_F(LargeArrayTest, WithoutAnAdviceLargeArraysAreStillInTheirPages) {
  set_large_array_advice(nullptr);
  LargeVector<double> v(kLargeArrayPage / sizeof(double) + 1);
  EXPECT_TRUE(advised().empty());
  EXPECT_LT(past_boundary(v.data(), kLargeArrayPage), kSmallPage);
  EXPECT_EQ(past_boundary(v.data(), 64), 0U);
}

TEST_F(LargeArrayTest, VectorsGrowShrinkCopyAndSwapAcrossTheThreshold) {
  // Growing one element at a time crosses from ordinary to large allocations; every value stays.
  LargeVector<std::uint32_t> grown;
  const std::size_t n = 3 * kLargeArrayPage / sizeof(std::uint32_t);
  for (std::size_t i = 0; i < n; ++i) grown.push_back(static_cast<std::uint32_t>(i));
  EXPECT_FALSE(advised().empty());
  LargeVector<std::uint32_t> small(10, 7U);
  LargeVector<std::uint32_t> copy = grown;
  std::swap(small, grown);
  ASSERT_EQ(small.size(), n);
  ASSERT_EQ(grown.size(), 10U);
  EXPECT_EQ(grown[9], 7U);
  std::uint64_t sum = std::accumulate(small.begin(), small.end(), std::uint64_t{0});
  EXPECT_EQ(sum, std::uint64_t{n} * (n - 1) / 2);
  EXPECT_EQ(copy, small);
  small.resize(5);
  small.shrink_to_fit();  // back below the thresholds: freed by the path that allocated it
  EXPECT_EQ(small[4], 4U);
}

}  // namespace
}  // namespace meadow::sim
