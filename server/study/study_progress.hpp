#pragma once
// The studies' progress on the command line: a one-line bar of finished runs on stderr, redrawn
// in place when stderr is a terminal, a line every tenth of the runs otherwise (a log stays short).
// Fits the progress callback of run_jobs (study/study_jobs.hpp), serialised there.
#include <cstddef>

namespace meadow::study {

void show_progress(std::size_t done, std::size_t total);

}  // namespace meadow::study
