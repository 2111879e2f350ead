#pragma once
// What a fuzz body checks beyond "no crash": a property that must hold for every input. A broken
// one aborts, which libFuzzer reports as a crash (and saves the input) and which fails the corpus
// test the same way; assert() would vanish in the release build that runs that test.
#include <cstdio>
#include <cstdlib>

#define MEADOW_FUZZ_CHECK(condition)                                                             \
  do {                                                                                           \
    if (!(condition)) {                                                                          \
      std::fprintf(stderr, "%s:%d: fuzz check failed: %s\n", __FILE__, __LINE__, #condition);     \
      std::abort();                                                                              \
    }                                                                                            \
  } while (false)
