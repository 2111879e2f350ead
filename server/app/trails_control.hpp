#pragma once
// The operator's RecordTrails (net/trails_control.hpp) done for real: the recording starts on the
// sim thread between two ticks, on the swarm world, and a task looks again between every two
// ticks until it is done, then answers. One recording at a time; one the swarm cannot finish (the
// meadow is paused, or it runs so slowly it would take many minutes) is given up with a reason,
// and one under way when the server stops is answered so (stop()), so no call is left hanging.
#include <cstdint>
#include <functional>
#include <mutex>

#include "app/sim_loop.hpp"
#include "net/trails_control.hpp"

namespace meadow::app {

// A recording not done after this many ticks of the meadow is given up: several times what the
// longest one (a minute of warm-up and a minute recorded at 60 steps a second) takes.
inline constexpr std::uint64_t kTrailsMostTicks = 4 * 2 * 3600 + 600;

class SimTrailsControl final : public net::TrailsControl {
 public:
  explicit SimTrailsControl(SimLoop& loop) : loop_(loop) {}

  void record(sim::TrailPlan plan, std::function<void(const net::TrailsAnswer&)> done) override;
  // Answers a recording under way with "the server is stopping" (before the operator's port
  // stops: its calls must be finished) and refuses any other.
  void stop();

 private:
  using Done = std::function<void(const net::TrailsAnswer&)>;
  // Between two ticks: answers when the recording is done, or gives it up, or looks again next time.
  void look(sim::TrailPlan plan, std::uint64_t started_tick);
  // The waiting call's answer, taken once (empty if answered already).
  Done take_pending();

  SimLoop& loop_;
  std::mutex mutex_;
  Done pending_;  // the call waiting for the recording under way
  bool stopped_ = false;
};

}  // namespace meadow::app
