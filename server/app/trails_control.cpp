#include "app/trails_control.hpp"

#include <utility>

#include "sim/swarm/swarm_world.hpp"

namespace meadow::app {

void SimTrailsControl::record(sim::TrailPlan plan, std::function<void(const net::TrailsAnswer&)> done) {
  plan = sim::clamped_trail_plan(plan);
  {
    const std::lock_guard lock(mutex_);
    if (stopped_ || pending_) {
      const char* why = stopped_ ? "the server is stopping" : "a trails recording is under way: ask again when it is done";
      done({false, why, {}, plan, {}, 0});
      return;
    }
    pending_ = std::move(done);
  }
  loop_.between_ticks([this, plan] {
    sim::Meadow& meadow = loop_.meadow();
    if (!meadow.runs(sim::WorldKind::swarm)) {
      if (Done done = take_pending()) done({false, "this server runs no swarm", {}, plan, {}, meadow.tick(), true});
      return;
    }
    meadow.get<sim::SwarmWorld>().record_trails(plan, meadow.seed());
    look(plan, meadow.tick());
  });
}

void SimTrailsControl::look(sim::TrailPlan plan, std::uint64_t started_tick) {
  sim::Meadow& meadow = loop_.meadow();
  auto& swarm = meadow.get<sim::SwarmWorld>();
  {
    const std::lock_guard lock(mutex_);
    if (!pending_) {  // answered already (the server is stopping)
      swarm.stop_trails();
      return;
    }
  }
  if (auto trails = swarm.take_trails()) {
    if (Done done = take_pending()) {
      done({true, {}, std::move(*trails), plan, meadow.land().world(), meadow.tick()});
    }
    return;
  }
  if (!swarm.recording_trails() || meadow.paused() || meadow.tick() - started_tick > kTrailsMostTicks) {
    swarm.stop_trails();
    const char* why = meadow.paused() ? "the meadow is paused: the swarm takes no steps to record"
                                      : "the recording did not finish in time";
    if (Done done = take_pending()) done({false, why, {}, plan, meadow.land().world(), meadow.tick()});
    return;
  }
  loop_.between_ticks([this, plan, started_tick] { look(plan, started_tick); });
}

SimTrailsControl::Done SimTrailsControl::take_pending() {
  const std::lock_guard lock(mutex_);
  return std::exchange(pending_, nullptr);
}

void SimTrailsControl::stop() {
  Done done;
  {
    const std::lock_guard lock(mutex_);
    stopped_ = true;
    done = std::exchange(pending_, nullptr);
  }
  if (done) done({false, "the server is stopping", {}, {}, {}, 0});
}

}  // namespace meadow::app
