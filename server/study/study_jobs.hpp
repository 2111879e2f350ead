#pragma once
// The studies' runs shared among threads: `total` jobs, each run once by whichever thread takes it
// next, the progress told (serialised) after each. A job that throws stops the others after their
// run and its exception is thrown again here. Runs are independent and deterministic, so their
// results do not depend on the number of threads, only the time does.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace meadow::study {

struct JobsRun {
  double wall_seconds = 0.0;
  unsigned threads = 1;
};

// Threads to use for `total` jobs when `asked` (0: every core).
[[nodiscard]] inline unsigned job_threads(unsigned asked, std::size_t total) {
  const unsigned hardware = std::max(1U, std::thread::hardware_concurrency());
  return std::max(1U, std::min<unsigned>(asked != 0 ? asked : hardware, static_cast<unsigned>(std::max<std::size_t>(total, 1))));
}

// Runs job(0 … total-1) on `threads` threads.
inline JobsRun run_jobs(std::size_t total, unsigned threads, const std::function<void(std::size_t)>& job,
                        const std::function<void(std::size_t done, std::size_t total)>& progress = {}) {
  std::atomic<std::size_t> next{0};
  std::size_t done = 0;
  std::mutex mutex;  // guards done, failure and the progress call
  std::exception_ptr failure;
  const auto started = std::chrono::steady_clock::now();
  {
    std::vector<std::jthread> workers;
    for (unsigned t = 0; t < threads; ++t) {
      workers.emplace_back([&] {
        for (std::size_t j = next++; j < total; j = next++) {
          try {
            job(j);
          } catch (...) {
            const std::lock_guard lock(mutex);
            if (!failure) failure = std::current_exception();
            next = total;  // the others stop after their run
            return;
          }
          const std::lock_guard lock(mutex);
          ++done;
          if (progress) progress(done, total);
        }
      });
    }
  }
  if (failure) std::rethrow_exception(failure);
  return {std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(), threads};
}

}  // namespace meadow::study
