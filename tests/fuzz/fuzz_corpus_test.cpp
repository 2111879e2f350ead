// Every fuzz target's body over its seed corpus (corpus/NAME/) and over the inputs that once
// crashed it (crashes/NAME/): in every build's tests, GCC and the sanitizers included, so a crash
// the fuzzer found stays fixed without clang or libFuzzer. A crash here fails the test's process.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include "fuzz_targets.hpp"
#include "support/test_paths.hpp"

namespace meadow::fuzz {

// A target shows as its name in GoogleTest's and ctest's output.
void PrintTo(const FuzzTarget& target, std::ostream* out) { *out << target.name; }

namespace {

namespace fs = std::filesystem;

const fs::path kFuzzDir = fs::path(MEADOW_SOURCE_DIR) / "tests" / "fuzz";

std::vector<std::uint8_t> read_bytes(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Runs every file of `folder` (if it exists) through `target`; the number run.
int run_folder(const FuzzTarget& target, const fs::path& folder) {
  if (!fs::is_directory(folder)) return 0;
  int count = 0;
  for (const auto& entry : fs::directory_iterator(folder)) {
    if (!entry.is_regular_file()) continue;
    SCOPED_TRACE(entry.path().string());
    const std::vector<std::uint8_t> input = read_bytes(entry.path());
    EXPECT_EQ(target.body(input.data(), input.size()), 0);
    ++count;
  }
  return count;
}

class FuzzCorpus : public ::testing::TestWithParam<FuzzTarget> {};

TEST_P(FuzzCorpus, SeedsAndCrashesRunClean) {
  const FuzzTarget& target = GetParam();
  const int seeds = run_folder(target, kFuzzDir / "corpus" / target.name);
  EXPECT_GT(seeds, 0) << "no seeds in corpus/" << target.name;
  const int crashes = run_folder(target, kFuzzDir / "crashes" / target.name);
  std::cout << target.name << ": " << seeds << " seeds, " << crashes << " former crashes\n";
}

INSTANTIATE_TEST_SUITE_P(Targets, FuzzCorpus, ::testing::ValuesIn(fuzz_targets().begin(), fuzz_targets().end()),
                         [](const ::testing::TestParamInfo<FuzzTarget>& target) {
                           return std::string(target.param.name);
                         });

// Every folder of seeds or crashes belongs to a target (a renamed target leaves none behind).
TEST(FuzzCorpusFolders, EachBelongsToATarget) {
  for (const char* kind : {"corpus", "crashes"}) {
    if (!fs::is_directory(kFuzzDir / kind)) continue;
    for (const auto& entry : fs::directory_iterator(kFuzzDir / kind)) {
      bool known = false;
      for (const FuzzTarget& target : fuzz_targets()) known = known || entry.path().filename() == target.name;
      EXPECT_TRUE(known) << entry.path() << " names no fuzz target";
    }
  }
}

}  // namespace
}  // namespace meadow::fuzz
