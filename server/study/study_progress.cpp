#include "study/study_progress.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <string>

namespace meadow::study {

void show_progress(std::size_t done, std::size_t total) {
  constexpr int kBar = 40;
  const int filled = static_cast<int>(kBar * done / total);
  const bool tty = isatty(STDERR_FILENO) != 0;
  if (!tty && done != total && done % std::max<std::size_t>(1, total / 10) != 0) return;
  std::fprintf(stderr, "%s[%s%s] %zu/%zu runs%s", tty ? "\r" : "", std::string(filled, '#').c_str(),
               std::string(kBar - filled, ' ').c_str(), done, total, tty && done != total ? "" : "\n");
  std::fflush(stderr);
}

}  // namespace meadow::study
