#include "app/trails_control.hpp"

#include <optional>
#include <string>
#include <utility>

namespace meadow::app {

namespace {
// The world a request that names none asks for: the first running world that keeps trails.
std::optional<sim::WorldKind> first_with_trails(sim::Meadow& meadow) {
  for (sim::World* w : meadow.worlds()) {
    if (w->trails() != nullptr) return w->kind();
  }
  return std::nullopt;
}
}  // namespace

SimTrailsControl::SimTrailsControl(SimLoop& loop)
    : loop_(loop), answer_thread_([this](std::stop_token stop) { answer_loop(std::move(stop)); }) {}

SimTrailsControl::~SimTrailsControl() { stop(); }

void SimTrailsControl::record(sim::TrailSlot slot, sim::TrailPlan plan, std::function<void(const net::TrailsAnswer&)> done) {
  plan = sim::clamped_trail_plan(plan, slot == sim::TrailSlot::viewers ? sim::kViewerTrailLimits : sim::kOperatorTrailLimits);
  {
    const std::lock_guard lock(mutex_);
    Done& pending = pending_[static_cast<std::size_t>(slot)];
    if (stopped_ || pending) {
      const char* why = stopped_ ? "the server is stopping" : "a trails recording is under way: ask again when it is done";
      done({false, why, {}, plan, {}, 0});
      return;
    }
    pending = std::move(done);
  }
  loop_.between_ticks([this, slot, plan]() mutable {
    sim::Meadow& meadow = loop_.meadow();
    if (!sim::is_world_number(static_cast<int>(plan.world))) {
      if (const auto keeper = first_with_trails(meadow)) plan.world = *keeper;
    }
    sim::World* world = meadow.world(plan.world);
    sim::TrailSource* source = world != nullptr ? world->trails() : nullptr;
    const std::string name(sim::world_name(plan.world));
    if (source == nullptr) {
      if (Done waiting = take_pending(slot)) {
        answer(std::move(waiting), {false, "this server records no trails of the " + name, {}, plan, {}, meadow.tick(), true});
      }
      return;
    }
    if (plan.fresh) {
      auto fresh = source->fresh_trails(plan);
      if (!fresh) {
        if (Done waiting = take_pending(slot)) {
          answer(std::move(waiting), {false, "the " + name + " has no seeded start to run afresh", {}, plan, {}, meadow.tick(), true});
        }
        return;
      }
      // The run itself on the answers' thread: the sim only copied the settings. The call is taken
      // once the run is done, so a server stopping meanwhile has answered it already (stop()).
      const sim::Rect bounds = source->trail_bounds(meadow.land().world());
      const std::uint64_t tick = meadow.tick();
      later([this, slot, fresh = std::move(*fresh), plan, bounds, tick] {
        std::vector<sim::Trail> trails = fresh();
        if (Done waiting = take_pending(slot)) waiting({true, {}, std::move(trails), plan, bounds, tick});
      });
      return;
    }
    source->record_trails(slot, plan, meadow.seed());
    look(slot, plan, meadow.tick());
  });
}

void SimTrailsControl::look(sim::TrailSlot slot, sim::TrailPlan plan, std::uint64_t started_tick) {
  sim::Meadow& meadow = loop_.meadow();
  sim::World* world = meadow.world(plan.world);
  sim::TrailSource* source = world != nullptr ? world->trails() : nullptr;
  if (source == nullptr) return;  // not reached: the world was there when the recording started
  {
    const std::lock_guard lock(mutex_);
    if (!pending_[static_cast<std::size_t>(slot)]) {  // answered already (the server is stopping)
      source->stop_trails(slot);
      return;
    }
  }
  const sim::Rect bounds = source->trail_bounds(meadow.land().world());
  if (auto trails = source->take_trails(slot)) {
    if (Done done = take_pending(slot)) answer(std::move(done), {true, {}, std::move(*trails), plan, bounds, meadow.tick()});
    return;
  }
  const bool cut_short = !source->recording_trails(slot);
  const bool too_long = meadow.tick() - started_tick > kTrailsMostTicks;
  if (cut_short || meadow.paused() || too_long) {
    source->stop_trails(slot);
    const std::string why = meadow.paused() ? "the meadow is paused: the " + std::string(sim::world_name(plan.world)) +
                                                  " takes no steps to record"
                            : cut_short && !too_long ? "the recording was cut short (the world was rebuilt)"
                                            : "the recording did not finish in time";
    if (Done done = take_pending(slot)) answer(std::move(done), {false, why, {}, plan, bounds, meadow.tick()});
    return;
  }
  loop_.between_ticks([this, slot, plan, started_tick] { look(slot, plan, started_tick); });
}

SimTrailsControl::Done SimTrailsControl::take_pending(sim::TrailSlot slot) {
  const std::lock_guard lock(mutex_);
  return std::exchange(pending_[static_cast<std::size_t>(slot)], nullptr);
}

void SimTrailsControl::answer(Done done, net::TrailsAnswer answer) {
  later([done = std::move(done), answer = std::move(answer)] { done(answer); });
}

void SimTrailsControl::later(std::function<void()> work) {
  {
    const std::lock_guard lock(mutex_);
    answers_.emplace_back(std::move(work));
  }
  answers_ready_.notify_one();
}

void SimTrailsControl::answer_loop(std::stop_token stop) {
  std::unique_lock lock(mutex_);
  for (;;) {
    answers_ready_.wait(lock, stop, [this] { return !answers_.empty(); });
    if (answers_.empty()) return;  // stopping, and every answer given
    std::function<void()> next = std::move(answers_.front());
    answers_.pop_front();
    lock.unlock();
    next();
    lock.lock();
  }
}

void SimTrailsControl::stop() {
  {
    const std::lock_guard lock(mutex_);
    if (stopped_) return;
    stopped_ = true;
    for (Done& pending : pending_) {
      if (!pending) continue;
      answers_.emplace_back([done = std::exchange(pending, nullptr)] {
        done({false, "the server is stopping", {}, {}, {}, 0});
      });
    }
  }
  // The answers' thread gives every answer queued, then ends.
  answer_thread_.request_stop();
  if (answer_thread_.joinable()) answer_thread_.join();
}

}  // namespace meadow::app
