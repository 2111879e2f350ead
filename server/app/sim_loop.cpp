#include "app/sim_loop.hpp"

#include <spdlog/spdlog.h>

#include <chrono>
#include <cmath>
#include <memory>

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

std::shared_ptr<const std::string> shared(std::string bytes) {
  return std::make_shared<const std::string>(std::move(bytes));
}

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
    }
  }
}

void SimLoop::tick() {
  apply_actions();
  const auto started = Clock::now();
  meadow_.step(parallel_);
  metrics_.swarm_step_seconds.observe(Seconds(Clock::now() - started).count());
  metrics_.ticks_total.fetch_add(1, std::memory_order_relaxed);
  maybe_build_frame();
}

void SimLoop::apply_actions() {
  actions_.drain(drained_);
  for (auto& action : drained_) {
    const sim::ActionOutcome outcome = meadow_.apply(action);
    if (!outcome.accepted && action.origin != 0) {
      hub_.send_to(action.origin, shared(stream::notice_message(
                                      v1::Notice::LEVEL_WARNING, outcome.code, outcome.reason)));
    }
  }
  const sim::Land& land = meadow_.land();
  if (land.rocks_version() != land_version_) {
    land_version_ = land.rocks_version();
    hub_.update_land(std::make_shared<const sim::Land>(land), shared(stream::rocks_message(land)));
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
  metrics_.frame_build_seconds.observe(Seconds(Clock::now() - started).count());
  metrics_.frames_total.fetch_add(1, std::memory_order_relaxed);
  hub_.publish(std::move(bundle));
}

}  // namespace meadow::app
