#include "app/worker_pool.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <ctime>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

namespace meadow::app {
namespace {

using Ranges = std::vector<std::pair<std::size_t, std::size_t>>;

Ranges ranges_of(sim::ParallelFor& p, std::size_t n, std::size_t grain) {
  Ranges ranges;
  std::mutex m;
  p.run(n, grain, [&](std::size_t b, std::size_t e) {
    const std::lock_guard lock(m);
    ranges.emplace_back(b, e);
  });
  std::sort(ranges.begin(), ranges.end());
  return ranges;
}

TEST(WorkerPool, CountsTheCallerAsAThread) {
  EXPECT_EQ(WorkerPool(1).threads(), 1U);
  EXPECT_EQ(WorkerPool(2).threads(), 2U);
  EXPECT_GE(WorkerPool(0).threads(), 1U);
}

TEST(WorkerPool, ChunksAreTheSameWhateverTheThreadCount) {
  sim::SerialFor serial;
  for (const std::size_t threads : {1U, 2U, 4U}) {
    WorkerPool pool(threads);
    for (const auto& [n, grain] : {std::pair<std::size_t, std::size_t>{0, 8}, {1, 8}, {100, 7}, {1000, 1000},
                                  {1001, 1000}, {50000, 1024}, {10, 0}}) {
      EXPECT_EQ(ranges_of(pool, n, grain), ranges_of(serial, n, grain)) << threads << " " << n << " " << grain;
    }
  }
}

TEST(WorkerPool, EveryIndexRunsExactlyOnceOverManyCalls) {
  WorkerPool pool(3);
  std::vector<std::atomic<int>> hits(5000);
  for (int call = 0; call < 500; ++call) {
    pool.run(hits.size(), 37, [&](std::size_t b, std::size_t e) {
      for (std::size_t i = b; i < e; ++i) hits[i].fetch_add(1, std::memory_order_relaxed);
    });
  }
  for (const auto& h : hits) ASSERT_EQ(h.load(), 500);
}

TEST(WorkerPool, ExceptionsReachTheCallerAndThePoolCarriesOn) {
  WorkerPool pool(2);
  EXPECT_THROW(pool.run(1000, 10,
                        [](std::size_t b, std::size_t) {
                          if (b == 500) throw std::runtime_error("chunk 50");
                        }),
               std::runtime_error);
  std::atomic<std::size_t> sum{0};
  pool.run(100, 10, [&](std::size_t b, std::size_t e) { sum += e - b; });
  EXPECT_EQ(sum.load(), 100U);
}

TEST(WorkerPool, ANestedCallRunsInsteadOfDeadlocking) {
  WorkerPool pool(2);
  std::atomic<std::size_t> inner{0};
  pool.run(4, 1, [&](std::size_t, std::size_t) {
    pool.run(10, 3, [&](std::size_t b, std::size_t e) { inner += e - b; });
  });
  EXPECT_EQ(inner.load(), 40U);
}

TEST(WorkerPool, CanBeDestroyedRightAfterStartOrAfterWork) {
  for (int i = 0; i < 50; ++i) {
    WorkerPool idle(2);
  }
  for (int i = 0; i < 50; ++i) {
    WorkerPool busy(2);
    std::atomic<int> n{0};
    busy.run(64, 1, [&](std::size_t, std::size_t) { ++n; });
    ASSERT_EQ(n.load(), 64);
  }
}

// Between jobs the workers spin only briefly (kSpin), then sleep: over a pause of 300 ms after a
// job the process uses a small part of that in CPU time, where a worker spinning on would use all
// of it.
TEST(WorkerPool, WorkersSleepBetweenJobsAfterABriefSpin) {
  WorkerPool pool(3);
  // Chunks long enough that both workers wake and take some.
  std::atomic<int> n{0};
  pool.run(32, 1, [&](std::size_t, std::size_t) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    ++n;
  });
  ASSERT_EQ(n.load(), 32);
  const auto cpu_ms = [] {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
  };
  const double before = cpu_ms();
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_LT(cpu_ms() - before, 100.0) << "two workers spun on while there was no job";
}

}  // namespace
}  // namespace meadow::app
