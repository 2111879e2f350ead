#include "app/huge_pages.hpp"

#include <sys/mman.h>

#include <atomic>
#include <fstream>

#include "sim/large_array.hpp"

namespace meadow::app {

namespace {

std::atomic<std::size_t> refusals{0};

void advise_huge_pages(void* data, std::size_t bytes) {
#if defined(MADV_HUGEPAGE)
  if (::madvise(data, bytes, MADV_HUGEPAGE) != 0) refusals.fetch_add(1, std::memory_order_relaxed);
#else
  (void)data;
  (void)bytes;
  refusals.fetch_add(1, std::memory_order_relaxed);
#endif
}

}  // namespace

HugePageSupport huge_page_support() {
  std::ifstream in("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string line;
  if (!in || !std::getline(in, line)) return {false, "unknown"};
  // The file lists every choice with the one in force in brackets: "always [madvise] never".
  const std::size_t open = line.find('[');
  const std::size_t close = line.find(']', open);
  if (open == std::string::npos || close == std::string::npos) return {false, "unknown"};
  std::string setting = line.substr(open + 1, close - open - 1);
  const bool offered = setting == "always" || setting == "madvise";
  return {offered, std::move(setting)};
}

void use_huge_pages_for_large_arrays() { sim::set_large_array_advice(&advise_huge_pages); }

std::size_t huge_page_refusals() { return refusals.load(std::memory_order_relaxed); }

}  // namespace meadow::app
