// app/huge_pages.hpp: the sim's large arrays are advised to the kernel as huge-page memory, and
// the kernel takes the advice where it offers transparent huge pages.
#include "app/huge_pages.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "sim/large_array.hpp"

namespace meadow::app {
namespace {

// The /proc/self/smaps block of the mapping that holds `address`, as text ("" if none).
std::string smaps_of(const void* address) {
  std::ifstream in("/proc/self/smaps");
  const auto at = reinterpret_cast<std::uintptr_t>(address);
  std::string line;
  std::string block;
  bool inside = false;
  while (std::getline(in, line)) {
    unsigned long long lo = 0;
    unsigned long long hi = 0;
    char dash = 0;
    std::istringstream head(line);
    // A mapping's first line: "lo-hi perms offset dev inode path", in hex.
    if (head >> std::hex >> lo >> dash >> hi && dash == '-') {
      if (inside) return block;
      inside = at >= lo && at < hi;
      block.clear();
    }
    if (inside) block += line + "\n";
  }
  return inside ? block : "";
}

// The value of one "Name:   value" line of an smaps block, trimmed ("" if absent).
std::string field(const std::string& smaps, const std::string& name) {
  std::istringstream in(smaps);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(name + ":", 0) != 0) continue;
    const std::size_t from = line.find_first_not_of(' ', name.size() + 1);
    const std::size_t to = line.find_last_not_of(' ');
    return from == std::string::npos ? "" : line.substr(from, to - from + 1);
  }
  return "";
}

TEST(HugePages, SupportIsReadFromTheKernelsSetting) {
  const HugePageSupport support = huge_page_support();
  EXPECT_TRUE(support.setting == "always" || support.setting == "madvise" || support.setting == "never" ||
              support.setting == "unknown")
      << support.setting;
  EXPECT_EQ(support.offered, support.setting == "always" || support.setting == "madvise");
}

TEST(HugePages, TheSimsLargeArraysAreEligibleForHugePages) {
  const HugePageSupport support = huge_page_support();
  if (!support.offered) GTEST_SKIP() << "transparent huge pages are '" << support.setting << "' on this machine";
  const sim::LargeArrayAdvice before = sim::large_array_advice();
  use_huge_pages_for_large_arrays();
  const std::size_t refused = huge_page_refusals();
  sim::LargeVector<float> v(4 * sim::kLargeArrayPage / sizeof(float), 1.0F);
  EXPECT_EQ(huge_page_refusals(), refused) << "madvise(MADV_HUGEPAGE) was refused";
  const std::string smaps = smaps_of(v.data());
  ASSERT_FALSE(smaps.empty()) << "no mapping holds the array";
  // The range carries the advice (VmFlags "hg") and the kernel counts it as eligible.
  EXPECT_EQ(field(smaps, "THPeligible"), "1") << smaps;
  // (Appended rather than " " + flags + " ": GCC 12 warns of an overlap in that operator+ inlined.)
  const std::string flags = std::string(" ").append(field(smaps, "VmFlags")).append(" ");
  EXPECT_NE(flags.find(" hg "), std::string::npos) << smaps;
  sim::set_large_array_advice(before);
}

}  // namespace
}  // namespace meadow::app
