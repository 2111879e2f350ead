#include "app/replay/night_replay.hpp"

#include <malloc.h>
#include <pthread.h>
#include <sched.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>
#include <utility>

#include "sim/world.hpp"
#include "stream/proto_mapping.hpp"

namespace meadow::app {

namespace {

using Clock = std::chrono::steady_clock;

// A seek this much further on than the snapshot before it reads that snapshot again rather than
// running on from where the replay is (ticks: a minute of the meadow).
constexpr std::uint64_t kRunOnRatherThanReload = 60 * 60;
// ReplayState goes to the viewer about this often while it plays.
constexpr std::chrono::seconds kStateEvery{1};

// The replay's thread runs only on what the rest of the machine leaves (Linux's SCHED_IDLE).
void lowest_priority() {
  sched_param none{};
  if (pthread_setschedparam(pthread_self(), SCHED_IDLE, &none) != 0) {
    if (auto log = spdlog::get("sim")) log->debug("a replay's thread keeps its priority: SCHED_IDLE refused");
  }
}

}  // namespace

NightReplay::NightReplay(NightReplaySetup setup) : setup_(std::move(setup)), speed_asked_(setup_.speed) {
  seek_ms_ = setup_.at_ms;
  seek_asked_ = true;
}

void NightReplay::seek(std::int64_t at_ms) {
  {
    const std::lock_guard lock(mutex_);
    seek_ms_ = at_ms;
    seek_asked_ = true;
  }
  wake_.notify_all();
}

void NightReplay::speed(unsigned times) {
  {
    const std::lock_guard lock(mutex_);
    speed_asked_ = times;
  }
  wake_.notify_all();
}

void NightReplay::stop() {
  stop_ = true;
  wake_.notify_all();
}

void NightReplay::end(std::string reason) {
  {
    const std::lock_guard lock(mutex_);
    end_reason_ = std::move(reason);
  }
  stop();
}

void NightReplay::take_commands() {
  const std::lock_guard lock(mutex_);
  speed_ = speed_asked_;
  if (!seek_ms_) return;
  const std::int64_t start = tonight_start_ms();
  target_tick_ = clock_->tick_at(*seek_ms_ == 0 ? start : std::max(*seek_ms_, start));
  seek_ms_.reset();
  seek_asked_ = false;
  seeking_ = true;
}

std::int64_t NightReplay::tonight_start_ms() const {
  const auto most = static_cast<std::int64_t>(kTonightMostHours * 3600.0 * 1000.0);
  return std::max(clock_->start_ms(), clock_->end_ms() - most);
}

void NightReplay::load_night() {
  NightRecord night = read_night(*store_);
  if (night_ && night.timeline != night_->timeline) {
    throw std::runtime_error("the meadow went back to another time: this replay ends");
  }
  clock_.emplace(night_clock(night, setup_.live()));
  night_ = std::move(night);
}

void NightReplay::read_further() {
  load_night();  // the clock moves on with the live meadow; a rewind under way ends the replay
  store::JournalRead more = store::read_journal(*store_, night_->timeline, past_->tick());
  journal_until_ = more.until;
  past_->continue_with(std::move(more.entries));
}

void NightReplay::find_target() {
  const store::SnapshotInfo& before = snapshot_before(*night_, target_tick_);
  const bool reload = !past_ || past_->tick() > target_tick_ ||
                      (before.tick > past_->tick() && target_tick_ - past_->tick() > target_tick_ - before.tick + kRunOnRatherThanReload);
  if (reload) {
    PastStart start = read_past_start(*store_, before);
    past_ = std::make_unique<PastMeadow>(night_->seed, start.snapshot, std::move(start.journal.entries), setup_.viewer.world);
    journal_until_ = start.journal.until;
    rocks_version_ = ~std::uint64_t{0};
    // Reading the snapshot took several times its world's memory for a moment (the whole meadow's
    // state parsed); give back what is free of it, or each replay thread's arena keeps its peak.
    malloc_trim(0);
    if (!frames_) {
      frames_ = std::make_unique<stream::FrameBuilder>(past_->streams(), setup_.first_frame_number);
      frames_->show_only(setup_.viewer.world);
    }
  }
  if (target_tick_ > journal_until_) read_further();
  past_->run_to(std::min(target_tick_, journal_until_), [this] { return interrupted(); });
}

bool NightReplay::play_frame() {
  const double per_frame = speed_ * sim::kTicksPerSecond / setup_.frame_rate;
  due_ticks_ = std::min(due_ticks_ + per_frame, 2.0 * per_frame);  // a slow spell is not made up all at once
  const std::uint64_t want = past_->tick() + static_cast<std::uint64_t>(due_ticks_);
  if (want > journal_until_) read_further();
  if (setup_.live().tick <= past_->tick() + kCaughtUpTicks) return false;
  const std::uint64_t before = past_->tick();
  const std::uint64_t reached = past_->run_to(std::min(want, journal_until_), [this] { return interrupted(); });
  due_ticks_ = std::max(0.0, due_ticks_ - static_cast<double>(reached - before));
  window_ticks_ += reached - before;
  return true;
}

void NightReplay::send_frame() {
  const sim::Meadow& meadow = past_->meadow();
  setup_.viewer.frame(frames_->build(meadow, setup_.viewers()));
  const sim::Land& land = meadow.land();
  if (land.rocks_version() != rocks_version_) {
    rocks_version_ = land.rocks_version();
    setup_.viewer.message(net::shared(stream::rocks_message(land)));
  }
}

void NightReplay::send_state(bool playing, const std::string& reason) {
  stream::ReplayStateView state;
  state.playing = playing;
  state.reason = reason;
  state.speed = speed_;
  state.seeking = seeking_;
  state.achieved_speed = achieved_speed_;
  if (clock_) {
    state.start_ms = tonight_start_ms();
    state.end_ms = setup_.live().ms;
    state.at_ms = clock_->ms_at(past_ && !seeking_ ? past_->tick() : target_tick_);
  }
  setup_.viewer.message(net::shared(stream::replay_state_message(state)));
}

void NightReplay::run() {
  lowest_priority();
  try {
    store_ = std::make_unique<store::StateStore>(setup_.state_dir, store::StateStore::Reader{});
    load_night();
    const auto frame_time = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(1.0 / setup_.frame_rate));
    auto next_frame = Clock::now();
    auto window_start = Clock::now();
    auto next_state = Clock::now();
    while (!stop_) {
      take_commands();
      if (seeking_) {
        send_state(true);
        find_target();
        if (interrupted()) continue;
        seeking_ = false;
        due_ticks_ = 0.0;
        send_frame();
        send_state(true);
        next_state = Clock::now() + kStateEvery;
        continue;
      }
      if (!play_frame()) {
        send_state(false, "the replay caught up with the live meadow");
        break;
      }
      if (interrupted()) continue;
      send_frame();
      const auto now = Clock::now();
      if (now >= next_state) {
        const double seconds = std::chrono::duration<double>(now - window_start).count();
        achieved_speed_ = seconds > 0.0 ? static_cast<double>(window_ticks_) / sim::kTicksPerSecond / seconds : 0.0;
        window_ticks_ = 0;
        window_start = now;
        next_state = now + kStateEvery;
        send_state(true);
      }
      next_frame = std::max(next_frame + frame_time, now);
      std::unique_lock lock(mutex_);
      wake_.wait_until(lock, next_frame, [this] { return interrupted(); });
    }
  } catch (const std::exception& e) {
    if (!stop_) send_state(false, std::string("the replay stopped: ") + e.what());
  }
  std::optional<std::string> ended_by_server;
  {
    const std::lock_guard lock(mutex_);
    ended_by_server = end_reason_;
  }
  if (ended_by_server) send_state(false, *ended_by_server);
  if (!stop_ || ended_by_server) setup_.viewer.ended();
  store_.reset();
  past_.reset();
  frames_.reset();
  malloc_trim(0);  // the thread's arena would keep what the replay held
  finished_ = true;
}

}  // namespace meadow::app
