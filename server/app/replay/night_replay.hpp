#pragma once
// One viewer's replay of the night (docs/gallery.md "Tonight so far"), on a thread of its own at
// the lowest CPU priority (SCHED_IDLE: it runs on what the live meadow leaves, never slowing it):
// the snapshot before the moment asked for, the journal run on to it as fast as the thread goes
// (seeking), then `speed` times real time with a frame of the viewer's world at the server's frame
// rate, until the viewer stops it, or it catches up with the live meadow.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "app/replay/night_clock.hpp"
#include "app/replay/night_store.hpp"
#include "app/replay/past_meadow.hpp"
#include "net/replay_control.hpp"
#include "store/state_store.hpp"
#include "stream/frame_builder.hpp"
#include "stream/replay_message.hpp"

namespace meadow::app {

// The most of the night a replay offers: what the journal keeps, but no more than this before now.
inline constexpr double kTonightMostHours = 12.0;
// A replay this close behind the live meadow (ticks) has caught up: the viewer goes back to live.
inline constexpr std::uint64_t kCaughtUpTicks = 3 * 60;

struct NightReplaySetup {
  std::filesystem::path state_dir;  // where the store is: the replay reads it with a reader of its own
  net::ReplayViewer viewer;
  std::int64_t at_ms = 0;  // 0: the start of tonight
  unsigned speed = 60;
  double frame_rate = 30.0;
  std::uint64_t first_frame_number = 1;
  std::function<TickTime()> live;               // the live meadow's tick, and now
  std::function<std::uint32_t()> viewers;       // for the frames' viewer count
};

class NightReplay {
 public:
  explicit NightReplay(NightReplaySetup setup);

  // The thread's body: returns when the replay ends (stopped, caught up, or failed).
  void run();
  // From any thread.
  void seek(std::int64_t at_ms);
  void speed(unsigned times);
  void stop();  // the viewer's own: nothing more is sent
  // Ended by the server (the operator lowered the limit): the viewer is told `reason`, and goes
  // back to live.
  void end(std::string reason);
  [[nodiscard]] bool finished() const { return finished_.load(); }

 private:
  // Whether a seek or a stop is waiting (the run looks between ticks).
  [[nodiscard]] bool interrupted() const { return stop_.load() || seek_asked_.load(); }
  void take_commands();
  // The journal's current timeline and the clock from it (again: the live meadow moved on).
  void load_night();
  // The journal after the past meadow's tick, read again (it grew).
  void read_further();
  [[nodiscard]] std::int64_t tonight_start_ms() const;
  // Brings the past meadow to target_tick_ (a snapshot read when it is behind or far before).
  void find_target();
  // One frame's worth of ticks at the speed asked; false when the replay has caught up with live.
  bool play_frame();
  void send_frame();
  void send_state(bool playing, const std::string& reason = {});

  NightReplaySetup setup_;
  std::atomic<bool> stop_{false};
  std::atomic<bool> seek_asked_{false};
  std::atomic<bool> finished_{false};
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::optional<std::int64_t> seek_ms_;  // guarded by mutex_
  std::optional<std::string> end_reason_;  // guarded by mutex_
  unsigned speed_asked_;                 // guarded by mutex_

  // The thread's own.
  std::unique_ptr<store::StateStore> store_;
  std::optional<NightRecord> night_;
  std::optional<NightClock> clock_;
  std::unique_ptr<PastMeadow> past_;
  std::unique_ptr<stream::FrameBuilder> frames_;
  std::uint64_t journal_until_ = 0;  // the past meadow may run up to here
  std::uint64_t target_tick_ = 0;
  unsigned speed_ = 60;
  bool seeking_ = true;
  double due_ticks_ = 0.0;           // ticks owed to the speed, fractions carried
  std::uint64_t rocks_version_ = ~std::uint64_t{0};
  double achieved_speed_ = 0.0;
  std::uint64_t window_ticks_ = 0;   // ticks run since the achieved speed was last measured
};

}  // namespace meadow::app
