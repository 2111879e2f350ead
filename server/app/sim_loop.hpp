#pragma once
// The sim thread (DESIGN.md "Threads and the path of data"): a fixed 60 Hz tick that drains the
// action queue, applies and stamps the actions, steps the meadow, and at each frame time builds
// one FrameBundle and hands it to the hub. It never waits on the network.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <thread>
#include <vector>

#include "app/notice_throttle.hpp"
#include "app/tick_window.hpp"
#include "net/hub.hpp"
#include "net/metrics.hpp"
#include "sim/meadow.hpp"
#include "sim/parallel_for.hpp"
#include "stream/action_queue.hpp"
#include "stream/frame_builder.hpp"

namespace meadow::app {

class SimLoop {
 public:
  SimLoop(sim::Meadow& meadow, sim::ParallelFor& parallel, stream::ActionQueue& actions,
          net::Hub& hub, net::Metrics& metrics, double frame_rate);
  ~SimLoop();
  SimLoop(const SimLoop&) = delete;
  SimLoop& operator=(const SimLoop&) = delete;

  void start();
  void stop();  // finishes the tick under way, then joins

  // One tick, exactly as the thread runs it (tests drive the loop with this, without a clock).
  void tick();

 private:
  void run(const std::stop_token& stop);
  void apply_actions();
  void maybe_build_frame();
  void publish_world_change();
  void update_step_budget();
  void publish_status();
  // The events since the last frame, but flashes and sips, into the hub's feed for the operator.
  void feed_operator_events();

  sim::Meadow& meadow_;
  sim::ParallelFor& parallel_;
  stream::ActionQueue& actions_;
  net::Hub& hub_;
  net::Metrics& metrics_;
  const double frame_rate_;
  stream::FrameBuilder frames_;
  std::vector<stream::QueuedAction> drained_;
  std::vector<sim::ActionOutcome> outcomes_;  // of drained_, in its order
  NoticeThrottle notices_;
  TickWindow tick_times_;
  double tick_p99_seconds_ = 0.0;
  // The events already handed to the operator's feed (sequence per log), and a buffer for them.
  std::uint64_t operator_meadow_event_ = 0;
  std::uint64_t operator_colony_event_ = 0;
  std::vector<std::string> operator_events_;
  std::optional<std::uint64_t> last_frame_slot_;
  std::uint64_t land_version_ = 0;
  sim::Rect land_world_;
  double step_seconds_ = 0.0;   // running mean of one swarm step's time
  double frame_seconds_ = 0.0;  // running mean of building one frame
  double colony_seconds_ = 0.0;  // running mean of one colony step
  // Ticks achieved per second, measured over windows of a second's worth of ticks.
  std::chrono::steady_clock::time_point rate_window_start_ = std::chrono::steady_clock::now();
  std::uint64_t rate_window_ticks_ = 0;
  double ticks_per_second_ = 0.0;
  std::uint64_t behind_ticks_left_ = 0;  // > 0: ticks were skipped within the last second
  std::jthread thread_;
};

}  // namespace meadow::app
