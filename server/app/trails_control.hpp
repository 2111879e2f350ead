#pragma once
// The operator's RecordTrails and the viewers' TrailsRequest (net/trails_control.hpp) done for
// real: a recording starts on the sim thread between two ticks, on the world the plan names (its
// TrailSource, sim/trails.hpp), in its slot (the operator's and the viewers' are apart), and a task
// looks again between every two ticks until it is done. A fresh run (plan.fresh: a world's
// seeded study) copies what it needs on the sim thread and runs on the answers' thread. One
// recording a slot at a time; one the world cannot finish (the meadow is paused, or it runs so
// slowly it would take many minutes) is given up with a reason, and one under way when the server
// stops is answered so (stop()), so no call is left hanging. Answers are handed to a thread of
// their own: building and serialising thousands of points is not the sim thread's work.
#include <array>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

#include "app/sim_loop.hpp"
#include "net/trails_control.hpp"

namespace meadow::app {

// A recording not done after this many ticks of the meadow is given up: several times what the
// longest one (a minute of warm-up and a minute recorded at 60 steps a second) takes.
inline constexpr std::uint64_t kTrailsMostTicks = 4 * 2 * 3600 + 600;

class SimTrailsControl final : public net::TrailsControl {
 public:
  explicit SimTrailsControl(SimLoop& loop);
  ~SimTrailsControl() override;
  SimTrailsControl(const SimTrailsControl&) = delete;
  SimTrailsControl& operator=(const SimTrailsControl&) = delete;

  void record(sim::TrailSlot slot, sim::TrailPlan plan, std::function<void(const net::TrailsAnswer&)> done) override;
  // Answers the recordings under way with "the server is stopping" (before the operator's port
  // stops: its calls must be finished), refuses any other, and waits for the answers to be given.
  void stop();

 private:
  using Done = std::function<void(const net::TrailsAnswer&)>;
  // Between two ticks: answers when the recording is done, or gives it up, or looks again next time.
  void look(sim::TrailSlot slot, sim::TrailPlan plan, std::uint64_t started_tick);
  // The slot's waiting call, taken once (empty if answered already).
  Done take_pending(sim::TrailSlot slot);
  // Hands `done(answer)` to the answers' thread.
  void answer(Done done, net::TrailsAnswer answer);
  // Hands `work` to the answers' thread (a fresh run and its answer).
  void later(std::function<void()> work);
  void answer_loop(std::stop_token stop);

  SimLoop& loop_;
  std::mutex mutex_;
  std::array<Done, sim::kTrailSlots> pending_;  // the calls waiting for the recordings under way
  bool stopped_ = false;
  std::deque<std::function<void()>> answers_;  // for the answers' thread
  std::condition_variable_any answers_ready_;
  std::jthread answer_thread_;  // last: it stops and joins first
};

}  // namespace meadow::app
