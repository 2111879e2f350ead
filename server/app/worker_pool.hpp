#pragma once
// The server's ParallelFor: a fixed pool of threads that the sim's step hands its chunks to.
// The calling thread works too, so WorkerPool(2) is the caller plus one worker. Threads are made
// once; between calls they sleep on a condition variable, after spinning briefly (kSpin): a world's
// step hands out seven jobs with short serial stretches between them, and waking a sleeping
// thread took about 60 µs here, as long as a job's whole share of a step of 20,000 movers. Spinning any
// longer would steal the core from the network threads on a shared two-core machine.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "sim/parallel_for.hpp"

namespace meadow::app {

class WorkerPool final : public sim::ParallelFor {
 public:
  // `threads` counts the caller; 0 means one per hardware thread.
  explicit WorkerPool(std::size_t threads);
  ~WorkerPool() override;
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  // Runs body over [0, n) in chunks of `grain` (see sim::ParallelFor). If a body throws, the
  // chunks not yet started are skipped and the first exception is rethrown here once every
  // thread has left the job. Calls from several threads take turns; a call from inside a body
  // runs serially on that thread instead of deadlocking.
  void run(std::size_t n, std::size_t grain, const Body& body) override;
  [[nodiscard]] std::size_t threads() const override { return workers_.size() + 1; }

  // How long a worker waits for the next job, and the caller for the workers to finish one,
  // spinning before it sleeps.
  static constexpr std::chrono::microseconds kSpin{100};

 private:
  struct Job {
    const Body* body = nullptr;
    std::size_t n = 0;
    std::size_t grain = 1;
    std::size_t chunks = 0;
    std::atomic<std::size_t> next{0};  // the next chunk to hand out
  };

  void work_on(Job& job);
  void worker_loop();

  std::mutex run_mutex_;  // one job at a time
  std::mutex mutex_;      // guards everything below
  std::condition_variable wake_;
  std::condition_variable idle_;
  Job* job_ = nullptr;          // the job on offer, null when none
  // Changed under mutex_; atomic so that the spinning threads can read them without it.
  std::atomic<std::uint64_t> generation_{0};  // counts jobs, so a worker joins each at most once
  std::atomic<std::size_t> busy_{0};          // workers inside the current job
  bool stopping_ = false;
  std::exception_ptr error_;
  std::vector<std::thread> workers_;
};

}  // namespace meadow::app
