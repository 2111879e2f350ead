#include "sim/large_array.hpp"

#include <atomic>

namespace meadow::sim {

namespace {
std::atomic<LargeArrayAdvice> advice_asked{nullptr};
}  // namespace

void set_large_array_advice(LargeArrayAdvice advice) { advice_asked.store(advice, std::memory_order_relaxed); }

LargeArrayAdvice large_array_advice() { return advice_asked.load(std::memory_order_relaxed); }

}  // namespace meadow::sim
