#pragma once
// Huge pages for the sim's large arrays (sim/large_array.hpp says why): the advice that asks the
// kernel to back each such array with transparent huge pages.
#include <cstddef>
#include <string>

namespace meadow::app {

// Whether the kernel offers transparent huge pages to a program that asks (the setting in
// /sys/kernel/mm/transparent_hugepage/enabled is "always" or "madvise"), and that setting.
struct HugePageSupport {
  bool offered = false;
  std::string setting;  // "always", "madvise", "never", or "unknown" where the file is missing
};
[[nodiscard]] HugePageSupport huge_page_support();

// From now on, every large array the sim allocates is advised to the kernel as huge-page memory
// (madvise MADV_HUGEPAGE). A refusal only costs speed: it is counted (huge_page_refusals) and the
// array stays in ordinary pages. Call once at start, before the worlds are made.
void use_huge_pages_for_large_arrays();
// How many advices the kernel refused since start.
[[nodiscard]] std::size_t huge_page_refusals();

}  // namespace meadow::app
