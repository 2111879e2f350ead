#pragma once
// The sim thread (docs/architecture.md "Threads"): a fixed 60 Hz tick that drains the
// action queue, applies and stamps the actions, steps the meadow, and at each frame time builds
// one FrameBundle and hands it to the hub. It never waits on the network.
#include <array>
#include <atomic>
#include <chrono>
#include <limits>
#include <memory>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <span>
#include <thread>
#include <vector>

#include "app/caretaker/caretaker.hpp"
#include "app/moderation/action_ring.hpp"
#include "app/notice_throttle.hpp"
#include "app/tick_window.hpp"
#include "net/hub.hpp"
#include "net/metrics.hpp"
#include "sim/meadow.hpp"
#include "sim/parallel_for.hpp"
#include "store/replay.hpp"
#include "store/store_writer.hpp"
#include "stream/action_queue.hpp"
#include "stream/frame_builder.hpp"
#include "stream/world_stream.hpp"

namespace meadow::app {

class SimLoop {
 public:
  // `streams`: a stream for each world the meadow runs (app/worlds.hpp).
  SimLoop(sim::Meadow& meadow, sim::ParallelFor& parallel, stream::ActionQueue& actions, net::Hub& hub,
          net::Metrics& metrics, double frame_rate, std::vector<std::unique_ptr<stream::WorldStream>> streams);
  ~SimLoop();
  SimLoop(const SimLoop&) = delete;
  SimLoop& operator=(const SimLoop&) = delete;

  void start();
  void stop();  // finishes the tick under way, then joins

  // One tick, exactly as the thread runs it (tests drive the loop with this, without a clock).
  void tick();

  // The meadow is saved (docs/durability.md): each tick the actions applied and the step budgets in
  // force are handed to `store`, and a copy of the meadow every `snapshot_every_ticks` (and
  // whenever the store asks for one). Null: not saved. Before start().
  void set_store(store::StoreWriter* store, std::uint64_t snapshot_every_ticks);
  // An unattended wall's caretaker (app/caretaker/): it sees every action applied and, once a
  // second of ticks, its decisions are applied and journaled as the operator's, logged, and any
  // word for the viewers sent to all. `clock` reads the wall clock. Null: none. Before start();
  // never while a recording plays (the recording holds the decisions already).
  void set_caretaker(Caretaker* caretaker, std::function<CareClock()> clock);
  // Where every action applied is written down for the operator's moderation (null: nowhere).
  void set_action_log(ActionRing* log) { action_log_ = log; }
  // Runs `task` on the sim thread before the next tick (the operator's save and restore: the
  // meadow is the sim thread's alone). A task may use meadow() and store().
  void between_ticks(std::function<void()> task);
  [[nodiscard]] sim::Meadow& meadow() { return meadow_; }
  [[nodiscard]] store::StoreWriter* store() { return store_; }
  // After the meadow was restored (a task did): the new timeline starts with it, and the step
  // budgets are journaled again.
  void meadow_restored();
  // The meadow shows a recording (meadow-server --replay): each tick of the clock runs `speed` of
  // its ticks from `entries` (the journal after the snapshot it was restored from: actions and
  // step budgets as recorded), up to `until`, where it holds still; viewers' actions are refused.
  // Before start(); `entries` must outlive the loop.
  void play_recording(std::span<const stream::JournalEntry> entries, std::uint64_t until, unsigned speed);

 private:
  void run(const std::stop_token& stop);
  void run_tasks();
  void play_ticks();
  // One world's part of the tick, timed (its step's running mean makes its next budget).
  void step_world_timed(sim::World& world, std::uint32_t budget, bool clock_behind);
  void snapshot_if_due();
  void apply_actions();
  void maybe_build_frame();
  void publish_world_change();
  void step_worlds();
  void update_step_budgets();
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
  // The events already handed to the operator's feed (sequence per world), and a buffer for them.
  std::array<std::uint64_t, sim::kWorldKinds> operator_event_{};
  std::vector<std::string> operator_events_;
  std::optional<std::uint64_t> last_frame_slot_;
  std::uint64_t land_version_ = 0;
  sim::Rect land_world_;
  // Per world: the running mean of one step of its engine, and how many fit in the next tick.
  struct WorldTiming {
    double step_seconds = 0.0;
    sim::StepBudget step_budget;
  };
  std::array<WorldTiming, sim::kWorldKinds> timings_;
  double frame_seconds_ = 0.0;  // running mean of building one frame
  std::vector<sim::WorldFigure> figures_;  // scratch
  // Ticks achieved per second, measured over windows of a second's worth of ticks.
  std::chrono::steady_clock::time_point rate_window_start_ = std::chrono::steady_clock::now();
  std::uint64_t rate_window_ticks_ = 0;
  double ticks_per_second_ = 0.0;
  std::uint64_t behind_ticks_left_ = 0;  // > 0: ticks were skipped within the last second
  // Saving: the store, this tick's journal, and the budgets last journaled (kUnjournaled: none
  // since the last snapshot, so the next tick journals every world's).
  store::StoreWriter* store_ = nullptr;
  Caretaker* caretaker_ = nullptr;
  ActionRing* action_log_ = nullptr;
  void log_action(const sim::Action& action, const sim::ActionOutcome& outcome,
                  std::vector<sim::SettingValue> settings_before = {});
  std::function<CareClock()> care_clock_;
  void take_care();
  std::uint64_t snapshot_every_ticks_ = 0;
  std::optional<std::uint64_t> last_snapshot_tick_;
  std::vector<stream::JournalEntry> journal_;
  std::array<sim::StepBudget, sim::kWorldKinds> journaled_budgets_{};
  // Playing a recording (play_recording); null: live.
  std::unique_ptr<store::Replayer> replay_;
  std::uint64_t replay_until_ = 0;
  unsigned replay_speed_ = 1;
  bool replay_ended_ = false;
  std::uint64_t clock_ticks_ = 0;  // ticks of the clock run (frames are timed by them)
  std::mutex tasks_mutex_;
  std::vector<std::function<void()>> tasks_;
  std::vector<std::function<void()>> running_tasks_;
  std::jthread thread_;
};

}  // namespace meadow::app
