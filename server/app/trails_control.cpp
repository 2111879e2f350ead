#include "app/trails_control.hpp"

#include <utility>

#include "sim/swarm/swarm_world.hpp"

namespace meadow::app {

void SimTrailsControl::record(sim::TrailPlan plan, std::function<void(const net::TrailsAnswer&)> done) {
  plan = sim::clamped_trail_plan(plan);
  if (busy_.exchange(true)) {
    done({false, "a trails recording is under way: ask again when it is done", {}, plan, {}, 0});
    return;
  }
  loop_.between_ticks([this, plan, done = std::move(done)]() mutable {
    sim::Meadow& meadow = loop_.meadow();
    if (!meadow.runs(sim::WorldKind::swarm)) {
      busy_ = false;
      done({false, "this server runs no swarm", {}, plan, {}, meadow.tick()});
      return;
    }
    meadow.get<sim::SwarmWorld>().record_trails(plan, meadow.seed());
    look(plan, meadow.tick(), std::move(done));
  });
}

void SimTrailsControl::look(sim::TrailPlan plan, std::uint64_t started_tick,
                            std::function<void(const net::TrailsAnswer&)> done) {
  sim::Meadow& meadow = loop_.meadow();
  auto& swarm = meadow.get<sim::SwarmWorld>();
  if (auto trails = swarm.take_trails()) {
    busy_ = false;
    net::TrailsAnswer answer{true, {}, std::move(*trails), plan, meadow.land().world(), meadow.tick()};
    done(answer);
    return;
  }
  if (!swarm.recording_trails() || meadow.paused() || meadow.tick() - started_tick > kTrailsMostTicks) {
    swarm.stop_trails();
    busy_ = false;
    done({false, meadow.paused() ? "the meadow is paused: the swarm takes no steps to record"
                                 : "the recording did not finish in time",
          {}, plan, meadow.land().world(), meadow.tick()});
    return;
  }
  loop_.between_ticks([this, plan, started_tick, done = std::move(done)]() mutable {
    look(plan, started_tick, std::move(done));
  });
}

}  // namespace meadow::app
