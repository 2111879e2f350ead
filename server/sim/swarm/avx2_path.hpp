#pragma once
// For the files with an AVX2 version of a hot loop: the intrinsics, where the compiler targets x86
// (MEADOW_HAS_AVX2_PATH). Those versions are functions with their own target attribute rather than
// files built with -mavx2, so that the inline functions of the headers they use are never emitted
// as AVX2 code that the linker could pick for the rest of the program. Elsewhere the AVX2 entry
// points run the portable code (and sim::has_avx2() says false, so they are not chosen).
//
// A whole stage in two versions is one body, [[gnu::always_inline]], called from a plain function
// and from one marked MEADOW_TARGET_AVX2: the compiler inlines it into both and compiles the second
// copy, with the inline helpers it calls, for AVX2 (three-operand instructions, 32-byte copies).
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define MEADOW_HAS_AVX2_PATH 1
#define MEADOW_TARGET_AVX2 __attribute__((target("avx2")))
#else
#define MEADOW_TARGET_AVX2
#endif
