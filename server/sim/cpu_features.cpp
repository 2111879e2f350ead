#include "sim/cpu_features.hpp"

namespace meadow::sim {

bool has_avx2() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_cpu_init();  // may run before the constructors that would otherwise call it
  static const bool avx2 = __builtin_cpu_supports("avx2") != 0;
  return avx2;
#else
  return false;
#endif
}

}  // namespace meadow::sim
