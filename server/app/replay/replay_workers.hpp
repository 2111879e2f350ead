#pragma once
// The replay workers (docs/gallery.md "Tonight so far"): each viewer's replay of the night on a
// thread of its own at the lowest CPU priority, at most `most` at once (the operator's
// LimitReplays; --replays-most), and the operator's rewinds, each run once on a thread of its own.
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "app/replay/night_replay.hpp"
#include "net/hub.hpp"
#include "net/replay_control.hpp"

namespace meadow::app {

class ReplayWorkers final : public net::ReplayControl {
 public:
  // `state_dir`: the store's folder, which each replay and rewind reads with a reader of its own.
  ReplayWorkers(std::filesystem::path state_dir, net::Hub& hub, double frame_rate, unsigned most);
  ~ReplayWorkers() override;  // stops every replay and job, and waits for their threads
  ReplayWorkers(const ReplayWorkers&) = delete;
  ReplayWorkers& operator=(const ReplayWorkers&) = delete;

  std::shared_ptr<net::ReplayHandle> start(std::uint64_t session, net::ReplayViewer viewer, std::int64_t at_ms,
                                           unsigned speed) override;
  [[nodiscard]] Counts counts() override;
  void set_most(unsigned most) override;
  // Runs `job` on a thread of its own (a rewind: its replay must not wait behind viewers').
  void run_job(std::function<void()> job);
  [[nodiscard]] const std::filesystem::path& state_dir() const { return state_dir_; }
  // The live meadow's tick now (its newest frame's), and now.
  [[nodiscard]] TickTime live() const;

 private:
  struct Running {
    std::shared_ptr<NightReplay> replay;
    std::jthread thread;
  };
  // Joins the threads of replays that have ended (they return at once). Under mutex_.
  void reap_locked();

  const std::filesystem::path state_dir_;
  net::Hub& hub_;
  const double frame_rate_;
  std::mutex mutex_;
  std::list<Running> running_;
  struct Job {
    std::shared_ptr<std::atomic<bool>> done;
    std::jthread thread;
  };
  std::list<Job> jobs_;
  unsigned most_;
  std::uint64_t refused_ = 0;
  std::uint64_t started_ = 0;
};

}  // namespace meadow::app
