#include "sim/cpu_features.hpp"

#include <atomic>

namespace meadow::sim {

namespace {
std::atomic<bool> portable_asked{false};
}  // namespace

bool has_avx2() {
#if defined(__x86_64__) || defined(__i386__)
  static const bool avx2 = [] {
    __builtin_cpu_init();  // may run before the constructors that would otherwise call it
    return __builtin_cpu_supports("avx2") != 0;
  }();
  return avx2;
#else
  return false;
#endif
}

bool use_avx2() { return has_avx2() && !portable_asked.load(std::memory_order_relaxed); }

void prefer_portable_code(bool portable) { portable_asked.store(portable, std::memory_order_relaxed); }

}  // namespace meadow::sim
