#pragma once
// The fuzz targets' bodies by name, for the corpus test (the table is generated from the list in
// tests/fuzz/CMakeLists.txt, so a new target needs no line here).
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace meadow::fuzz {

// One input through one target; 0, as libFuzzer wants. A failed check aborts (fuzz_check.hpp).
using FuzzBody = int (*)(const std::uint8_t* data, std::size_t size);

struct FuzzTarget {
  std::string_view name;
  FuzzBody body;
};

[[nodiscard]] std::span<const FuzzTarget> fuzz_targets();

}  // namespace meadow::fuzz
