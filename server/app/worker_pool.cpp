#include "app/worker_pool.hpp"

#include <algorithm>
#include <chrono>
#include <utility>

namespace meadow::app {

namespace {
// The pool whose job the current thread is working on, to run nested calls serially.
thread_local const WorkerPool* tl_inside = nullptr;

// Tells the core this thread is spinning (fewer wasted cycles, and the other hardware thread of
// the core, if any, gets them).
inline void spin_pause() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

// Spins while `waiting()` for at most WorkerPool::kSpin.
template <typename Waiting>
void spin_while(Waiting waiting) {
  const auto until = std::chrono::steady_clock::now() + WorkerPool::kSpin;
  for (unsigned turn = 1; waiting(); ++turn) {
    spin_pause();
    // The clock every 64 turns: a pause is tens of cycles, a clock read more.
    if (turn % 64 == 0 && std::chrono::steady_clock::now() > until) return;
  }
}
}  // namespace

WorkerPool::WorkerPool(std::size_t threads) {
  if (threads == 0) threads = std::max(1U, std::thread::hardware_concurrency());
  workers_.reserve(threads - 1);
  for (std::size_t t = 1; t < threads; ++t) workers_.emplace_back([this] { worker_loop(); });
}

WorkerPool::~WorkerPool() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (std::thread& t : workers_) t.join();
}

void WorkerPool::run(std::size_t n, std::size_t grain, const Body& body) {
  if (n == 0) return;
  if (grain == 0) grain = n;
  const std::size_t chunks = (n + grain - 1) / grain;
  if (workers_.empty() || chunks == 1 || tl_inside == this) {
    sim::SerialFor{}.run(n, grain, body);
    return;
  }
  const std::lock_guard turn(run_mutex_);
  Job job;
  job.body = &body;
  job.n = n;
  job.grain = grain;
  job.chunks = chunks;
  {
    const std::lock_guard lock(mutex_);
    job_ = &job;
    ++generation_;
  }
  wake_.notify_all();
  work_on(job);
  // Workers still on their last chunks: mostly done within the spin, sparing a wake-up.
  spin_while([this] { return busy_.load(std::memory_order_acquire) != 0; });
  std::exception_ptr error;
  {
    // Withdraw the offer (a worker waking late must not join a finished job), then wait for the
    // workers that did join: `job` and `body` live on this stack frame.
    std::unique_lock lock(mutex_);
    job_ = nullptr;
    idle_.wait(lock, [this] { return busy_ == 0; });
    error = std::exchange(error_, nullptr);
  }
  if (error) std::rethrow_exception(error);
}

void WorkerPool::work_on(Job& job) {
  const WorkerPool* const outer = std::exchange(tl_inside, this);
  for (;;) {
    const std::size_t chunk = job.next.fetch_add(1, std::memory_order_relaxed);
    if (chunk >= job.chunks) break;
    const std::size_t begin = chunk * job.grain;
    const std::size_t end = std::min(job.n, begin + job.grain);
    try {
      (*job.body)(begin, end);
    } catch (...) {
      // Keep the first exception and hand out no more chunks.
      job.next.store(job.chunks, std::memory_order_relaxed);
      const std::lock_guard lock(mutex_);
      if (!error_) error_ = std::current_exception();
    }
  }
  tl_inside = outer;
}

void WorkerPool::worker_loop() {
  std::uint64_t seen = 0;
  for (;;) {
    // The next job mostly comes within the spin; the wait below decides either way.
    spin_while([&] { return generation_.load(std::memory_order_acquire) == seen; });
    std::unique_lock lock(mutex_);
    wake_.wait(lock, [&] { return stopping_ || (job_ != nullptr && generation_ != seen); });
    if (stopping_) return;
    seen = generation_;
    Job& job = *job_;
    ++busy_;
    lock.unlock();
    work_on(job);
    lock.lock();
    if (--busy_ == 0) idle_.notify_one();
  }
}

}  // namespace meadow::app
