// The allocator of the sim's large arrays (sim/large_array.hpp): large ones whole huge pages on a
// huge-page boundary, told to the advice; small ones as std::allocator; vectors behave as ever.
#include "sim/large_array.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
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

TEST_F(LargeArrayTest, LargeArraysAreWholeHugePagesOnTheirBoundaryAndAdvised) {
  // 3 MiB of floats: two huge pages.
  LargeVector<float> v(3 * (std::size_t{1} << 20U) / sizeof(float));
  ASSERT_EQ(advised().size(), 1U);
  EXPECT_EQ(advised()[0].data, v.data());
  EXPECT_EQ(advised()[0].bytes, 2 * kLargeArrayPage);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(v.data()) % kLargeArrayPage, 0U);
}

TEST_F(LargeArrayTest, SmallArraysAreNotAdvised) {
  LargeVector<float> v(kLargeArrayPage / sizeof(float) - 1);
  std::vector<LargeVector<std::uint8_t>> many(100, LargeVector<std::uint8_t>(1000));
  EXPECT_TRUE(advised().empty());
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(v.data()) % alignof(float), 0U);
}

TEST_F(LargeArrayTest, WithoutAnAdviceLargeArraysAreStillAligned) {
  set_large_array_advice(nullptr);
  LargeVector<double> v(kLargeArrayPage / sizeof(double) + 1);
  EXPECT_TRUE(advised().empty());
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(v.data()) % kLargeArrayPage, 0U);
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
  small.shrink_to_fit();  // back below the threshold: freed by the path that allocated it
  EXPECT_EQ(small[4], 4U);
}

}  // namespace
}  // namespace meadow::sim
