// meadow-bench's main: Google Benchmark's, with the sim's large arrays in huge pages as the server
// has them (app/huge_pages.hpp), so the figures are the server's.
#include <benchmark/benchmark.h>

#include <cstdio>

#include "app/huge_pages.hpp"

int main(int argc, char** argv) {
  meadow::app::use_huge_pages_for_large_arrays();
  const meadow::app::HugePageSupport thp = meadow::app::huge_page_support();
  std::printf("transparent huge pages: %s%s\n", thp.setting.c_str(),
              thp.offered ? "" : " (the sim's large arrays stay in ordinary pages)");
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  if (meadow::app::huge_page_refusals() > 0) {
    std::printf("the kernel refused huge pages %zu times\n", meadow::app::huge_page_refusals());
  }
  return 0;
}
