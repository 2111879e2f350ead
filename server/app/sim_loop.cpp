#include "app/sim_loop.hpp"

#include <spdlog/spdlog.h>

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
// Share of a tick the swarm's steps may take; the rest is for actions, frames and slack
// (SPEC §2 "Pace": when the steps do not fit the swarm slows rather than stutters).
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

using net::shared;

}  // namespace

SimLoop::SimLoop(sim::Meadow& meadow, sim::ParallelFor& parallel, stream::ActionQueue& actions,
                 net::Hub& hub, net::Metrics& metrics, double frame_rate)
    : meadow_(meadow),
      parallel_(parallel),
      actions_(actions),
      hub_(hub),
      metrics_(metrics),
      frame_rate_(frame_rate) {
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

void SimLoop::tick() {
  const auto tick_started = Clock::now();
  apply_actions();
  const std::uint64_t steps_before = meadow_.swarm().steps();
  const auto started = Clock::now();
  meadow_.step_swarm(parallel_);
  const auto swarm_done = Clock::now();
  meadow_.step_colony();
  const double colony_elapsed = Seconds(Clock::now() - swarm_done).count();
  metrics_.colony_step_seconds.observe(colony_elapsed);
  colony_seconds_ = colony_seconds_ == 0.0 ? colony_elapsed
                                           : colony_seconds_ + kTimingSmoothing * (colony_elapsed - colony_seconds_);
  meadow_.end_tick();
  const double elapsed = Seconds(swarm_done - started).count();
  const std::uint64_t steps = meadow_.swarm().steps() - steps_before;
  if (steps > 0) {
    const double per_step = elapsed / static_cast<double>(steps);
    metrics_.swarm_step_seconds.observe(per_step);
    step_seconds_ = step_seconds_ == 0.0 ? per_step : step_seconds_ + kTimingSmoothing * (per_step - step_seconds_);
  }
  metrics_.ticks_total.fetch_add(1, std::memory_order_relaxed);
  if (++rate_window_ticks_ >= static_cast<std::uint64_t>(sim::kTicksPerSecond)) {
    const auto now = Clock::now();
    ticks_per_second_ = static_cast<double>(rate_window_ticks_) / Seconds(now - rate_window_start_).count();
    rate_window_start_ = now;
    rate_window_ticks_ = 0;
  }
  publish_world_change();
  maybe_build_frame();
  update_step_budget();
  const double tick_elapsed = Seconds(Clock::now() - tick_started).count();
  metrics_.tick_seconds.observe(tick_elapsed);
  if (tick_elapsed > 1.0 / sim::kTicksPerSecond) metrics_.ticks_over_budget_total.fetch_add(1, std::memory_order_relaxed);
  tick_times_.add(tick_elapsed);
  if (meadow_.tick() % kTickTailEvery == 0) {
    tick_p99_seconds_ = tick_times_.percentile(99.0);
    metrics_.tick_p99_nanos.store(static_cast<std::uint64_t>(tick_p99_seconds_ * 1e9), std::memory_order_relaxed);
  }
}

void SimLoop::update_step_budget() {
  // The sim has no clock: it is told how many steps fit in a tick, from the running means of
  // a step's and a frame's cost (frames come every tick or two).
  const double tick_seconds = 1.0 / sim::kTicksPerSecond;
  const double frames_per_tick = frame_rate_ / sim::kTicksPerSecond;
  const double room = tick_seconds * kStepShareOfTick - frame_seconds_ * frames_per_tick;
  std::uint32_t budget = kMaxStepsPerTick;
  if (step_seconds_ > 0.0) {
    const double fit = std::floor(room / step_seconds_);
    budget = fit < 1.0 ? 1U : fit > kMaxStepsPerTick ? kMaxStepsPerTick : static_cast<std::uint32_t>(fit);
  }
  if (behind_ticks_left_ > 0) --behind_ticks_left_;
  meadow_.set_step_budget(budget, behind_ticks_left_ > 0);
}

void SimLoop::apply_actions() {
  actions_.drain(drained_);
  outcomes_.clear();
  bool answered = false;
  for (auto& [action, reply] : drained_) {
    outcomes_.push_back(meadow_.apply(action));
    const sim::ActionOutcome& outcome = outcomes_.back();
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
  // Frames fall in slots of 1/frame_rate seconds; the first tick of each slot builds one.
  // meadow_.tick() already counts the tick just run, so that tick's number is one less.
  const std::uint64_t tick_run = meadow_.tick() - 1;
  const auto slot = static_cast<std::uint64_t>(
      std::floor(static_cast<double>(tick_run) * frame_rate_ / sim::kTicksPerSecond));
  if (last_frame_slot_ == slot) return;
  last_frame_slot_ = slot;
  const auto started = Clock::now();
  auto bundle = frames_.build(meadow_, static_cast<std::uint32_t>(hub_.session_count()));
  const double frame_seconds = Seconds(Clock::now() - started).count();
  metrics_.frame_build_seconds.observe(frame_seconds);
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
  status->swarm_step_seconds = step_seconds_;
  status->colony_step_seconds = colony_seconds_;
  status->frame_build_seconds = frame_seconds_;
  status->tick_p99_seconds = tick_p99_seconds_;
  const sim::SwarmEngine& swarm = meadow_.swarm();
  status->swarm_engine = std::string(swarm.name());
  status->swarm_count = static_cast<std::uint32_t>(swarm.count());
  status->swarm_target_count = static_cast<std::uint32_t>(meadow_.target_count());
  status->swarm_order = swarm.measures().order;
  status->swarm_steps_per_second = static_cast<float>(meadow_.achieved_steps_per_second());
  const sim::SwarmWeights weights = swarm.weights();
  status->separation = weights.separation;
  status->alignment = weights.alignment;
  status->cohesion = weights.cohesion;
  const sim::Colony& colony = meadow_.colony();
  status->colony_size = static_cast<std::uint32_t>(colony.size());
  status->colony_store = static_cast<float>(colony.state().store);
  status->flowers = static_cast<std::uint32_t>(colony.state().flowers.size());
  status->flowers_in_bloom = colony.flowers_in_bloom();
  status->colony_dormant = colony.dormant();
  status->rocks = static_cast<std::uint32_t>(meadow_.land().rocks().size());
  status->locks = meadow_.locks();
  status->paused = meadow_.paused();
  hub_.publish_status(std::move(status));
  feed_operator_events();
}

namespace {
// Flashes (hundreds a second in a big colony) and sips are the music's and the viewers', not the
// operator's: left out of the operator's feed.
bool for_the_operator(const sim::MeadowEvent& event) {
  return !std::holds_alternative<sim::ColonyFlashEvent>(event.body) &&
         !std::holds_alternative<sim::ColonySipEvent>(event.body);
}
}  // namespace

void SimLoop::feed_operator_events() {
  const auto take = [this](const auto& log, std::uint64_t& last) {
    for (const sim::MeadowEvent& event : log.events()) {
      if (event.sequence <= last || !for_the_operator(event)) continue;
      v1::Event proto;
      stream::to_proto(event, proto);
      operator_events_.push_back(proto.SerializeAsString());
    }
    last = log.last_sequence();
  };
  take(meadow_.events(), operator_meadow_event_);
  take(meadow_.colony().events(), operator_colony_event_);
  hub_.events().append(operator_events_);
}

}  // namespace meadow::app
