#include "app/sim_loop.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <string>
#include <variant>

#include "stream/proto_mapping.hpp"

namespace meadow::app {

namespace {

using Clock = std::chrono::steady_clock;
using Seconds = std::chrono::duration<double>;

const std::chrono::nanoseconds kTick = std::chrono::duration_cast<std::chrono::nanoseconds>(
    Seconds(1.0 / sim::kTicksPerSecond));
// When the steps fall this far behind the clock the loop stops trying to catch up and lets the
// meadow run slower instead: a burst of catch-up ticks would look like a stutter.
constexpr int kMaxLagTicks = 6;
// Share of a tick the worlds' steps may take; the rest is for actions, frames and slack (when a
// world's steps do not fit, it slows rather than stutters: sim::StepBudget).
constexpr double kStepShareOfTick = 0.8;
// Weight of the newest measurement in the running means of step and frame time: about the last
// 20 ticks count, so one slow step does not halve the pace.
constexpr double kTimingSmoothing = 0.05;
// Ticks between refreshes of the tick tail (p99 over TickWindow): twice a second is plenty for a
// figure people read, and keeps the partial sort off most ticks.
constexpr std::uint64_t kTickTailEvery = 30;
// After skipping ticks the loop reports "slowed" for this many ticks (one second).
constexpr std::uint64_t kBehindReportTicks = 60;
// No more steps than this in one tick whatever the measurements say (far above the 4–5 a tick
// the largest world wants).
constexpr std::uint32_t kMaxStepsPerTick = 16;
// A world whose one step takes longer than its share of a tick steps every few ticks instead (it
// slows itself, the others keep their pace), but at least once in this many ticks (a second).
constexpr std::uint32_t kMostTicksPerStep = 60;
// No budget journaled yet (since the start or the last snapshot).
constexpr sim::StepBudget kUnjournaled{0, 0};
// A restart replays the journal since the last snapshot at the speed the ticks ran (a replay does
// a tick's steps, not its frames): snapshots come at least this many seconds of replay apart, so
// that a restart is live within about 5 s (docs/durability.md) however slow the ticks have become.
constexpr double kRestartReplaySeconds = 3.0;
// ...but no more often than every 5 s: a snapshot of 500,000 fireflies is 10 MB and 280 ms of the
// store's thread, which at one a second took a quarter of a core from the sim's two.
constexpr std::uint64_t kMinSnapshotTicks = 300;

using net::shared;

}  // namespace

SimLoop::SimLoop(sim::Meadow& meadow, sim::ParallelFor& parallel, stream::ActionQueue& actions, net::Hub& hub,
                 net::Metrics& metrics, double frame_rate, std::vector<std::unique_ptr<stream::WorldStream>> streams)
    : meadow_(meadow),
      parallel_(parallel),
      actions_(actions),
      hub_(hub),
      metrics_(metrics),
      frame_rate_(frame_rate),
      frames_(std::move(streams)) {
  journaled_budgets_.fill(kUnjournaled);
  for (const sim::World* world : meadow_.worlds()) metrics_.world_runs[sim::index_of(world->kind())] = true;
  land_version_ = meadow_.land().rocks_version();
  land_world_ = meadow_.land().world();
  hub_.update_land(std::make_shared<const sim::Land>(meadow_.land()), nullptr);
}

SimLoop::~SimLoop() { stop(); }

void SimLoop::start() {
  thread_ = std::jthread([this](const std::stop_token& stop) { run(stop); });
}

void SimLoop::stop() {
  if (thread_.joinable()) {
    thread_.request_stop();
    thread_.join();
  }
}

void SimLoop::run(const std::stop_token& stop) {
  auto log = spdlog::get("sim");
  if (log) log->info("sim thread running at {} ticks/s, {} frames/s", sim::kTicksPerSecond, frame_rate_);
  auto next = Clock::now();
  while (!stop.stop_requested()) {
    std::this_thread::sleep_until(next);
    try {
      tick();
    } catch (const std::exception& e) {
      // An exception here is a bug; log it loudly and keep the meadow alive.
      if (log) log->error("tick {} failed: {}", meadow_.tick(), e.what());
    }
    next += kTick;
    const auto now = Clock::now();
    if (now - next > kMaxLagTicks * kTick) {
      const auto behind = (now - next) / kTick;
      metrics_.ticks_skipped_total.fetch_add(static_cast<std::uint64_t>(behind), std::memory_order_relaxed);
      next = now;
      behind_ticks_left_ = kBehindReportTicks;
    }
  }
}

void SimLoop::set_store(store::StoreWriter* store, std::uint64_t snapshot_every_ticks) {
  store_ = store;
  snapshot_every_ticks_ = std::max<std::uint64_t>(1, snapshot_every_ticks);
}

void SimLoop::between_ticks(std::function<void()> task) {
  const std::lock_guard lock(tasks_mutex_);
  tasks_.push_back(std::move(task));
}

void SimLoop::run_tasks() {
  {
    const std::lock_guard lock(tasks_mutex_);
    running_tasks_.swap(tasks_);
  }
  for (auto& task : running_tasks_) task();
  running_tasks_.clear();
}

void SimLoop::meadow_restored() {
  journaled_budgets_.fill(kUnjournaled);
  last_snapshot_tick_ = meadow_.tick();
  if (store_ != nullptr) store_->restored(meadow_.save());
}

void SimLoop::snapshot_if_due() {
  // A copy of the meadow at this tick boundary, handed to the store's thread (which maps, writes
  // and commits it): the sim thread pays for the copy only.
  if (store_ == nullptr) return;
  const std::uint64_t tick = meadow_.tick();
  // The configured interval, shortened when the ticks are slow: the replay since the last snapshot
  // takes about kRestartReplaySeconds at most (the p99 tick stands in for a replayed tick).
  std::uint64_t every = snapshot_every_ticks_;
  if (tick_p99_seconds_ > 0.0) {
    const auto replayable = static_cast<std::uint64_t>(kRestartReplaySeconds / tick_p99_seconds_);
    every = std::min(every, std::max(replayable, kMinSnapshotTicks));
  }
  const bool due = !last_snapshot_tick_ || tick >= *last_snapshot_tick_ + every;
  if (!due && !store_->snapshot_wanted()) return;
  try {
    const auto started = Clock::now();
    store_->snapshot(meadow_.save());
    metrics_.snapshot_copy_seconds.observe(Seconds(Clock::now() - started).count());
    last_snapshot_tick_ = tick;
    journaled_budgets_.fill(kUnjournaled);  // a replay from this snapshot learns the budgets in force anew
  } catch (const std::exception& e) {
    // A GPU engine that cannot read its fireflies back: the next step falls back; try again then.
    if (auto log = spdlog::get("store")) log->warn("no snapshot at tick {}: {}", tick, e.what());
    last_snapshot_tick_ = tick;
  }
}

void SimLoop::tick() {
  const auto tick_started = Clock::now();
  metrics_.sim_alive_ms.store(
      std::chrono::duration_cast<std::chrono::milliseconds>(tick_started.time_since_epoch()).count(),
      std::memory_order_relaxed);
  run_tasks();
  if (replay_) {
    play_ticks();
  } else {
    snapshot_if_due();
    apply_actions();
    take_care();
    step_worlds();
    meadow_.end_tick();
    if (store_ != nullptr) store_->record(journal_, meadow_.tick());
  }
  ++clock_ticks_;
  metrics_.ticks_total.fetch_add(1, std::memory_order_relaxed);
  if (++rate_window_ticks_ >= static_cast<std::uint64_t>(sim::kTicksPerSecond)) {
    const auto now = Clock::now();
    ticks_per_second_ = static_cast<double>(rate_window_ticks_) / Seconds(now - rate_window_start_).count();
    rate_window_start_ = now;
    rate_window_ticks_ = 0;
  }
  publish_world_change();
  maybe_build_frame();
  update_step_budgets();
  const double tick_elapsed = Seconds(Clock::now() - tick_started).count();
  metrics_.tick_seconds.observe(tick_elapsed);
  if (tick_elapsed > 1.0 / sim::kTicksPerSecond) metrics_.ticks_over_budget_total.fetch_add(1, std::memory_order_relaxed);
  tick_times_.add(tick_elapsed);
  if (meadow_.tick() % kTickTailEvery == 0) {
    tick_p99_seconds_ = tick_times_.percentile(99.0);
    metrics_.tick_p99_nanos.store(static_cast<std::uint64_t>(tick_p99_seconds_ * 1e9), std::memory_order_relaxed);
  }
}

void SimLoop::step_worlds() {
  // Every world in turn, each timed apart: the time of one step of its engine is what its next
  // budget is made from, and what /metrics shows labelled by world.
  const bool clock_behind = behind_ticks_left_ > 0;
  for (sim::World* world : meadow_.worlds()) {
    const WorldTiming& timing = timings_[sim::index_of(world->kind())];
    // The budget comes from the clock: a replay must be told it (store/replay.hpp). Above what the
    // world could take it changes nothing, so it is held there and journaled only when it binds.
    const sim::StepBudget budget{std::min(timing.step_budget.steps, world->most_steps_per_tick()),
                                 timing.step_budget.every_ticks};
    sim::StepBudget& journaled = journaled_budgets_[sim::index_of(world->kind())];
    if (store_ != nullptr && budget != journaled) {
      // Built in place: GCC 12 takes a moved variant for one with its other alternative unset.
      stream::JournalEntry& entry = journal_.emplace_back();
      entry.tick = meadow_.tick();
      entry.entry.emplace<stream::StepBudgetRecord>(
          stream::StepBudgetRecord{world->kind(), budget.steps, budget.every_ticks});
      journaled = budget;
    }
    step_world_timed(*world, budget.at(meadow_.tick()), clock_behind);
  }
}

void SimLoop::step_world_timed(sim::World& world, std::uint32_t budget, bool clock_behind) {
  WorldTiming& timing = timings_[sim::index_of(world.kind())];
  const std::uint64_t steps_before = world.steps();
  const auto started = Clock::now();
  meadow_.step_world(world, parallel_, budget, clock_behind);
  const double elapsed = Seconds(Clock::now() - started).count();
  const std::uint64_t steps = world.steps() - steps_before;
  if (steps == 0) return;
  const double per_step = elapsed / static_cast<double>(steps);
  metrics_.step_seconds[sim::index_of(world.kind())].observe(per_step);
  timing.step_seconds =
      timing.step_seconds == 0.0 ? per_step : timing.step_seconds + kTimingSmoothing * (per_step - timing.step_seconds);
}

void SimLoop::play_recording(std::span<const stream::JournalEntry> entries, std::uint64_t until, unsigned speed) {
  replay_ = std::make_unique<store::Replayer>(meadow_, parallel_, entries);
  replay_until_ = until;
  replay_speed_ = std::max(1U, speed);
}

void SimLoop::play_ticks() {
  // The recording's own actions and budgets, `speed` of its ticks each tick of the clock; what
  // viewers ask is refused (the recording is what happened).
  actions_.drain(drained_);
  for (auto& [action, reply] : drained_) {
    const sim::ActionOutcome refusal =
        sim::refused("recording", "This meadow is a recording being played back: it takes no actions.");
    if (reply) reply(refusal, meadow_.tick());
    if (action.origin != sim::kOperator && !std::holds_alternative<sim::ViewerLeft>(action.body) &&
        notices_.allow(action.origin, refusal.code, meadow_.tick())) {
      hub_.send_to(action.origin, shared(stream::notice_message(v1::Notice::LEVEL_INFO, refusal.code, refusal.reason)));
    }
  }
  const bool clock_behind = behind_ticks_left_ > 0;
  for (unsigned k = 0; k < replay_speed_ && meadow_.tick() < replay_until_; ++k) {
    replay_->tick([&](sim::World& world, std::uint32_t budget) { step_world_timed(world, budget, clock_behind); });
  }
  const sim::Land& land = meadow_.land();
  if (land.rocks_version() != land_version_) {
    land_version_ = land.rocks_version();
    land_world_ = land.world();
    hub_.update_land(std::make_shared<const sim::Land>(land), shared(stream::rocks_message(land)));
  }
  if (meadow_.tick() >= replay_until_ && !replay_ended_) {
    replay_ended_ = true;
    if (auto log = spdlog::get("sim")) log->info("the recording ends at tick {}: the meadow holds still", meadow_.tick());
  }
}

void SimLoop::update_step_budgets() {
  // The sim has no clock: each world is told how many of its steps fit in a tick, from the
  // running means of a step's and a frame's cost (frames come every tick or two).
  const double tick_seconds = 1.0 / sim::kTicksPerSecond;
  const double frames_per_tick = frame_rate_ / sim::kTicksPerSecond;
  const double room = tick_seconds * kStepShareOfTick - frame_seconds_ * frames_per_tick;
  for (WorldTiming& timing : timings_) {
    sim::StepBudget budget{kMaxStepsPerTick, 1};
    if (timing.step_seconds > 0.0) {
      const double fit = room / timing.step_seconds;
      if (fit >= 1.0) {
        budget.steps = fit > kMaxStepsPerTick ? kMaxStepsPerTick : static_cast<std::uint32_t>(fit);
      } else {
        // Not one step fits. A world whose one step is longer than the whole share of a tick
        // steps every few ticks, so that its steps take that share on average and the ticks
        // between go at the clock's pace: it slows itself, not every world. The frames' cost is
        // left aside here: a machine slow at everything (a sanitizer's build) slows every world
        // alike, one step a tick, as the clock falls behind.
        const double every = std::ceil(timing.step_seconds / (tick_seconds * kStepShareOfTick));
        budget = {1, every > kMostTicksPerStep ? kMostTicksPerStep : static_cast<std::uint32_t>(std::max(every, 1.0))};
      }
    }
    timing.step_budget = budget;
  }
  if (behind_ticks_left_ > 0) --behind_ticks_left_;
}

void SimLoop::set_caretaker(Caretaker* caretaker, std::function<CareClock()> clock) {
  caretaker_ = caretaker;
  care_clock_ = std::move(clock);
}

void SimLoop::log_action(const sim::Action& action, const sim::ActionOutcome& outcome,
                         std::vector<sim::SettingValue> settings_before) {
  if (action_log_ == nullptr) return;
  const auto now = std::chrono::system_clock::now().time_since_epoch();
  action_log_->record(meadow_, action, outcome, std::chrono::duration_cast<std::chrono::milliseconds>(now).count(),
                      std::move(settings_before));
}

void SimLoop::take_care() {
  if (caretaker_ == nullptr || meadow_.tick() % static_cast<std::uint64_t>(sim::kTicksPerSecond) != 0) return;
  auto log = spdlog::get("sim");
  for (CareDecision& d : caretaker_->look(care_clock_(), meadow_)) {
    const sim::ActionOutcome outcome = meadow_.apply(d.action);
    if (store_ != nullptr) journal_.push_back({d.action.tick, d.action});
    log_action(d.action, outcome);
    if (log) {
      log->info("caretaker ({}): {}{}", care_rule_name(d.rule), d.says,
                outcome.accepted ? std::string() : " — the meadow said no: " + outcome.reason);
    }
    if (!d.notice.empty()) {
      net::SharedBytes notice = shared(stream::notice_message(v1::Notice::LEVEL_INFO, "caretaker", d.notice));
      hub_.broadcast(notice);
      // While the wall rests, whoever joins is told so too.
      hub_.set_standing_notice(caretaker_->closed() ? notice : nullptr);
    }
  }
  const sim::Land& land = meadow_.land();
  if (land.rocks_version() != land_version_) {
    land_version_ = land.rocks_version();
    land_world_ = land.world();
    hub_.update_land(std::make_shared<const sim::Land>(land), shared(stream::rocks_message(land)));
  }
}

void SimLoop::apply_actions() {
  actions_.drain(drained_);
  stream::drop_superseded_moves(drained_);
  outcomes_.clear();
  bool answered = false;
  for (auto& [action, reply] : drained_) {
    // A settings change's world as it was, for moderation's undo.
    std::vector<sim::SettingValue> before;
    if (const auto world = action_log_ != nullptr ? sim::settings_world(action.body) : std::nullopt) {
      if (const sim::World* w = meadow_.world(*world)) before = w->settings_now();
    }
    outcomes_.push_back(meadow_.apply(action));
    if (store_ != nullptr) journal_.push_back({action.tick, action});
    const sim::ActionOutcome& outcome = outcomes_.back();
    if (caretaker_ != nullptr) caretaker_->saw(action, outcome, meadow_, care_clock_().seconds);
    log_action(action, outcome, std::move(before));
    answered = answered || static_cast<bool>(reply);
    if (std::holds_alternative<sim::ViewerLeft>(action.body)) notices_.forget(action.origin);
    // A refusal is a warning; an accepted action may come with a word too (a count held back).
    if (action.origin != sim::kOperator && !outcome.code.empty() &&
        notices_.allow(action.origin, outcome.code, meadow_.tick())) {
      hub_.send_to(action.origin,
                   shared(stream::notice_message(outcome.accepted ? v1::Notice::LEVEL_INFO : v1::Notice::LEVEL_WARNING,
                                                 outcome.code, outcome.reason)));
    }
  }
  const sim::Land& land = meadow_.land();
  if (land.rocks_version() != land_version_) {
    land_version_ = land.rocks_version();
    land_world_ = land.world();
    hub_.update_land(std::make_shared<const sim::Land>(land), shared(stream::rocks_message(land)));
  }
  if (!answered) return;
  // Whoever is answered (the operator's console) sees the change in the status it asks for next:
  // the status is published before the replies, not only with the next frame.
  publish_status();
  for (std::size_t i = 0; i < drained_.size(); ++i) {
    if (drained_[i].reply) drained_[i].reply(outcomes_[i], drained_[i].action.tick);
  }
}

void SimLoop::publish_world_change() {
  // The world grows and shrinks with the count, during steps as well as on actions; new
  // sessions and input validation must see the world as it is (frames carry it to viewers).
  const sim::Land& land = meadow_.land();
  if (land.world() != land_world_) {
    land_world_ = land.world();
    hub_.update_land(std::make_shared<const sim::Land>(land), nullptr);
  }
}

void SimLoop::maybe_build_frame() {
  // Frames fall in slots of 1/frame_rate seconds of the clock (a recording played fast runs
  // several meadow ticks a clock tick); the first tick of each slot builds one. clock_ticks_
  // already counts the tick just run, so that tick's number is one less.
  const std::uint64_t tick_run = clock_ticks_ - 1;
  const auto slot = static_cast<std::uint64_t>(
      std::floor(static_cast<double>(tick_run) * frame_rate_ / sim::kTicksPerSecond));
  if (last_frame_slot_ == slot) return;
  last_frame_slot_ = slot;
  const auto started = Clock::now();
  auto bundle = frames_.build(meadow_, static_cast<std::uint32_t>(hub_.session_count()), std::nullopt, &hub_.video(), &hub_.trails());
  const double frame_seconds = Seconds(Clock::now() - started).count();
  metrics_.frame_build_seconds.observe(frame_seconds);
  for (const stream::WorldFrame& world : bundle->worlds) {
    if (!world.video_message.empty()) metrics_.video_encode_seconds.observe(world.video_encode_seconds);
  }
  frame_seconds_ = frame_seconds_ == 0.0 ? frame_seconds
                                         : frame_seconds_ + kTimingSmoothing * (frame_seconds - frame_seconds_);
  metrics_.frames_total.fetch_add(1, std::memory_order_relaxed);
  hub_.publish(std::move(bundle));
  publish_status();
}

void SimLoop::publish_status() {
  auto status = std::make_shared<net::MeadowStatus>();
  status->tick = meadow_.tick();
  status->ticks_per_second = ticks_per_second_;
  status->frame_build_seconds = frame_seconds_;
  status->tick_p99_seconds = tick_p99_seconds_;
  for (const sim::World* world : meadow_.worlds()) {
    net::WorldStatus& w = status->worlds.emplace_back();
    w.kind = world->kind();
    w.engine = std::string(world->engine());
    w.step_seconds = timings_[sim::index_of(world->kind())].step_seconds;
    figures_.clear();
    world->figures(figures_);
    for (const sim::WorldFigure& f : figures_) w.figures.emplace_back(std::string(f.name), f.value);
    w.settings = world->settings_now();
  }
  status->rocks = static_cast<std::uint32_t>(meadow_.land().rocks().size());
  status->locks = meadow_.locks();
  status->paused = meadow_.paused();
  if (store_ != nullptr) {
    const store::StoreStatus s = store_->status();
    status->save = net::SaveStatus{s.saving,
                                   s.problem,
                                   s.last_snapshot_tick,
                                   s.last_snapshot_at_ms,
                                   s.last_snapshot_bytes,
                                   s.last_snapshot_seconds,
                                   s.snapshots_written,
                                   s.records_written,
                                   s.records_dropped};
  }
  hub_.publish_status(std::move(status));
  feed_operator_events();
}

void SimLoop::feed_operator_events() {
  for (const sim::World* world : meadow_.worlds()) {
    if (const stream::WorldStream* stream = frames_.stream(world->kind())) {
      stream->operator_events(*world, operator_event_[sim::index_of(world->kind())], operator_events_);
    }
  }
  hub_.events().append(operator_events_);
}

}  // namespace meadow::app
