#include "app/trails_control.hpp"

#include <utility>

#include "sim/swarm/swarm_world.hpp"

namespace meadow::app {

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
  loop_.between_ticks([this, slot, plan] {
    sim::Meadow& meadow = loop_.meadow();
    if (!meadow.runs(sim::WorldKind::swarm)) {
      if (Done waiting = take_pending(slot)) {
        answer(std::move(waiting), {false, "this server runs no swarm", {}, plan, {}, meadow.tick(), true});
      }
      return;
    }
    meadow.get<sim::SwarmWorld>().record_trails(slot, plan, meadow.seed());
    look(slot, plan, meadow.tick());
  });
}

void SimTrailsControl::look(sim::TrailSlot slot, sim::TrailPlan plan, std::uint64_t started_tick) {
  sim::Meadow& meadow = loop_.meadow();
  auto& swarm = meadow.get<sim::SwarmWorld>();
  {
    const std::lock_guard lock(mutex_);
    if (!pending_[static_cast<std::size_t>(slot)]) {  // answered already (the server is stopping)
      swarm.stop_trails(slot);
      return;
    }
  }
  if (auto trails = swarm.take_trails(slot)) {
    if (Done done = take_pending(slot)) {
      answer(std::move(done), {true, {}, std::move(*trails), plan, meadow.land().world(), meadow.tick()});
    }
    return;
  }
  if (!swarm.recording_trails(slot) || meadow.paused() || meadow.tick() - started_tick > kTrailsMostTicks) {
    swarm.stop_trails(slot);
    const char* why = meadow.paused() ? "the meadow is paused: the swarm takes no steps to record"
                                      : "the recording did not finish in time";
    if (Done done = take_pending(slot)) answer(std::move(done), {false, why, {}, plan, meadow.land().world(), meadow.tick()});
    return;
  }
  loop_.between_ticks([this, slot, plan, started_tick] { look(slot, plan, started_tick); });
}

SimTrailsControl::Done SimTrailsControl::take_pending(sim::TrailSlot slot) {
  const std::lock_guard lock(mutex_);
  return std::exchange(pending_[static_cast<std::size_t>(slot)], nullptr);
}

void SimTrailsControl::answer(Done done, net::TrailsAnswer answer) {
  {
    const std::lock_guard lock(mutex_);
    answers_.emplace_back([done = std::move(done), answer = std::move(answer)] { done(answer); });
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
