#pragma once
// What the CPU offers beyond the build's baseline, for the hot loops that come in a portable and a
// wider version with the same arithmetic (sim/swarm/square_reads.hpp).
// Which one runs changes no result, only the speed.

namespace meadow::sim {

// AVX2 (eight floats a vector, rounding in one instruction). False on CPUs other than x86-64.
[[nodiscard]] bool has_avx2();

}  // namespace meadow::sim
