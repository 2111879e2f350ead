#pragma once
// The operator's RecordTrails (net/trails_control.hpp) done for real: the recording starts on the
// sim thread between two ticks, on the swarm world, and a task looks again between every two
// ticks until it is done, then answers. One recording at a time; one the swarm cannot finish (it
// is paused, or runs so slowly it would take minutes) is given up with a reason.
#include <atomic>
#include <cstdint>

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

 private:
  // Between two ticks: answers when the recording is done, or gives it up, or looks again next time.
  void look(sim::TrailPlan plan, std::uint64_t started_tick, std::function<void(const net::TrailsAnswer&)> done);

  SimLoop& loop_;
  std::atomic<bool> busy_{false};
};

}  // namespace meadow::app
