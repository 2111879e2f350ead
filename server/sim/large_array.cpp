#include "sim/large_array.hpp"

#include <atomic>

namespace meadow::sim {

namespace {
std::atomic<LargeArrayAdvice> advice_asked{nullptr};
std::atomic<std::size_t> arrays_allocated{0};
}  // namespace

std::size_t next_stagger() {
  constexpr std::size_t kLine = 64;
  constexpr std::size_t kLines = kSmallPage / kLine;
  // Five lines further each time (five and 64 share no factor, so 64 arrays in a row all differ):
  // arrays allocated one after the other are often walked together, and land five sets apart.
  const std::size_t k = arrays_allocated.fetch_add(1, std::memory_order_relaxed);
  return k * 5 % kLines * kLine;
}

void set_large_array_advice(LargeArrayAdvice advice) { advice_asked.store(advice, std::memory_order_relaxed); }

LargeArrayAdvice large_array_advice() { return advice_asked.load(std::memory_order_relaxed); }

}  // namespace meadow::sim
