#pragma once
// What the CPU offers beyond the build's baseline, for the hot code that comes in a portable and
// an AVX2 version with the same arithmetic (a world's engine
// says which of its loops). Which one runs changes no result, only the speed; tests run both.

namespace meadow::sim {

// AVX2 (eight floats a vector, rounding in one instruction). False on CPUs other than x86-64.
[[nodiscard]] bool has_avx2();

// Whether code chosen from now on takes its AVX2 version: has_avx2(), unless the portable versions
// were asked for. Engines and their scratch choose when they are made.
[[nodiscard]] bool use_avx2();
// Asks for the portable versions (true) or the best for the CPU (false) from now on: for tests
// that compare the two, and for anyone who wants to rule the wider code out.
void prefer_portable_code(bool portable);

}  // namespace meadow::sim
