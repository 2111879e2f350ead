// The libFuzzer entry point of one fuzz target: MEADOW_FUZZ_BODY names its body (fuzz_<target>,
// set per executable in CMakeLists.txt), the same function the corpus test runs.
#include <cstddef>
#include <cstdint>

namespace meadow::fuzz {
int MEADOW_FUZZ_BODY(const std::uint8_t* data, std::size_t size);
}  // namespace meadow::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return meadow::fuzz::MEADOW_FUZZ_BODY(data, size);
}
