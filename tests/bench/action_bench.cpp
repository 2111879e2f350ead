// What one viewer's action costs the sim thread (the most sim-thread time one viewer can
// cause per second, within the limits; docs/limits.md multiplies these by each action's rate).
// action/<kind>: one iteration = one action applied to a meadow of 5,000 fireflies (the default)
// plus what the tick then does because of it: for a rock, the land snapshot and the rocks
// message every viewer is sent; for a count change, the swarm following it (newcomers let in or
// leavers chosen). Applied as the operator, so that no cooldown refuses them; a viewer's
// refused action costs less (it stops at the check).
#include <benchmark/benchmark.h>

#include <memory>

#include "bench_land.hpp"
#include "sim/meadow.hpp"
#include "sim/mold/mold_rules.hpp"
#include "sim/swarm/cpu_swarm.hpp"
#include "stream/proto_mapping.hpp"
#include "support/meadow_worlds.hpp"

namespace {

using namespace meadow;
using namespace meadow::sim;

constexpr std::size_t kCount = 5000;

std::unique_ptr<Meadow> meadow_of(std::size_t count) {
  const Land land = bench::land_for(count, kCpuFirefliesPerMeadow);
  auto m = testing::meadow_with(3, std::make_unique<CpuSwarm>(3, count, land));
  SerialFor serial;
  for (int i = 0; i < 5; ++i) m->step(serial);
  return m;
}

ActionOutcome apply(Meadow& m, ActionBody body, WorldKind world = WorldKind::swarm) {
  Action a{kOperator, 0, std::move(body), world};
  return m.apply(a);
}

// A tap that places a rock and the next that takes it away, with what the loop then does for
// every viewer: a snapshot of the land for the hub and the rocks message (built once).
void action_rock_tap(benchmark::State& state) {
  auto m = meadow_of(kCount);
  for (std::size_t i = 0; i + 1 < kMaxRocks; ++i) {
    (void)apply(*m, RockTap{{40.0F + 60.0F * static_cast<float>(i % 25), 40.0F + 60.0F * static_cast<float>(i / 25)}});
  }
  for (auto _ : state) {
    benchmark::DoNotOptimize(apply(*m, RockTap{{800.0F, 600.0F}}));
    auto land = std::make_shared<const Land>(m->land());
    benchmark::DoNotOptimize(stream::rocks_message(*land));
  }
}
BENCHMARK(action_rock_tap)->Unit(benchmark::kMicrosecond);

// A flower dropped in the colony; between drops (untimed) a rock crushes it and a tick takes it
// away, so that the next drop finds room.
void action_flower_drop(benchmark::State& state) {
  auto m = meadow_of(kCount);
  SerialFor serial;
  for (auto _ : state) {
    benchmark::DoNotOptimize(apply(*m, FlowerTap{{1000.0F, 300.0F}}, WorldKind::colony));
    state.PauseTiming();
    (void)apply(*m, RockTap{{1000.0F, 300.0F}});
    m->step(serial);
    (void)apply(*m, ClearRocks{});
    state.ResumeTiming();
  }
}
BENCHMARK(action_flower_drop)->Unit(benchmark::kMicrosecond)->Iterations(300);

void action_crumb_drop(benchmark::State& state) {
  auto m = meadow_of(kCount);
  for (auto _ : state) {
    benchmark::DoNotOptimize(apply(*m, FlowerTap{{300.0F, 300.0F}}));
    state.PauseTiming();
    m = meadow_of(kCount);  // the crumb limit would refuse the next
    state.ResumeTiming();
  }
}
BENCHMARK(action_crumb_drop)->Unit(benchmark::kMicrosecond)->Iterations(50);

void action_attract_tap(benchmark::State& state) {
  auto m = meadow_of(kCount);
  for (auto _ : state) benchmark::DoNotOptimize(apply(*m, AttractTap{{600.0F, 400.0F}}));  // on, off, on, …
}
BENCHMARK(action_attract_tap)->Unit(benchmark::kMicrosecond);

void action_predator_move(benchmark::State& state) {
  auto m = meadow_of(kCount);
  (void)apply(*m, PredatorPointer{PointerPhase::down, {500.0F, 500.0F}});
  float x = 500.0F;
  for (auto _ : state) {
    x = x > 1000.0F ? 500.0F : x + 3.0F;
    benchmark::DoNotOptimize(apply(*m, PredatorPointer{PointerPhase::move, {x, 500.0F}}));
  }
}
BENCHMARK(action_predator_move)->Unit(benchmark::kMicrosecond);

void action_weights(benchmark::State& state) {
  auto m = meadow_of(kCount);
  SwarmSettingsChange change;
  float w = 1.0F;
  for (auto _ : state) {
    w = w > 2.5F ? 0.5F : w + 0.1F;
    change.alignment = w;
    benchmark::DoNotOptimize(apply(*m, as_settings(change)));
  }
}
BENCHMARK(action_weights)->Unit(benchmark::kMicrosecond);

// action_count/<from>/<to>: the count changed and the swarm following it in the next tick (the
// work a count change does; the steps of the larger swarm afterwards are swarm_step's).
void action_count(benchmark::State& state) {
  const auto from = static_cast<std::uint32_t>(state.range(0));
  const auto to = static_cast<std::uint32_t>(state.range(1));
  for (auto _ : state) {
    state.PauseTiming();
    auto m = meadow_of(from);
    SwarmSettingsChange change;
    change.count = to;
    state.ResumeTiming();
    benchmark::DoNotOptimize(apply(*m, as_settings(change)));
    m->settle_actions();
    state.PauseTiming();
    m.reset();
    state.ResumeTiming();
  }
}
BENCHMARK(action_count)
    ->Args({5000, 24000})
    ->Args({24000, 5000})
    ->Args({5000, 2000000})
    ->Args({500000, 5000})
    ->Unit(benchmark::kMicrosecond)
    ->Iterations(10);

// The three worlds as the CPU server runs them (the mold on its default map, kCpuMapWidth wide).
std::unique_ptr<Meadow> three_worlds(std::uint32_t mold_agents) {
  auto m = testing::three_cpu_worlds(3, kCount, mold_rules::kCpuMapWidth, mold_agents);
  SerialFor serial;
  for (int i = 0; i < 5; ++i) m->step(serial);
  return m;
}

// action_mold_agents/<from>/<to>: the mold's agents changed (occupancy off, as a flood asks) and
// the tick settling it: agents placed on random cells, or the newest dropped.
void action_mold_agents(benchmark::State& state) {
  const auto from = static_cast<std::uint32_t>(state.range(0));
  const auto to = static_cast<std::uint32_t>(state.range(1));
  for (auto _ : state) {
    state.PauseTiming();
    auto m = three_worlds(mold_rules::kCpuAgents);
    MoldSettingsChange off;
    off.occupancy = false;
    off.agents = from;
    (void)apply(*m, as_settings(off), WorldKind::mold);
    m->settle_actions();
    MoldSettingsChange change;
    change.agents = to;
    state.ResumeTiming();
    benchmark::DoNotOptimize(apply(*m, as_settings(change), WorldKind::mold));
    m->settle_actions();
    state.PauseTiming();
    m.reset();
    state.ResumeTiming();
  }
}
BENCHMARK(action_mold_agents)
    ->Args({mold_rules::kCpuAgents, mold_rules::kViewerMaxAgentsCpu})
    ->Args({mold_rules::kViewerMaxAgentsCpu, mold_rules::kMinAgents})
    ->Args({mold_rules::kMinAgents, 1 << 20})
    ->Unit(benchmark::kMicrosecond)
    ->Iterations(10);

// A mold setting other than the agents (the decay): taken by the engine at the tick's end.
void action_mold_setting(benchmark::State& state) {
  auto m = three_worlds(mold_rules::kCpuAgents);
  MoldSettingsChange change;
  float decay = 0.1F;
  for (auto _ : state) {
    decay = decay > 0.5F ? 0.1F : decay + 0.01F;
    change.decay = decay;
    benchmark::DoNotOptimize(apply(*m, as_settings(change), WorldKind::mold));
    m->settle_actions();
  }
}
BENCHMARK(action_mold_setting)->Unit(benchmark::kMicrosecond);

// An oat flake dropped on the mold; the flakes' limit is lifted (untimed) by a new meadow.
void action_oat_flake(benchmark::State& state) {
  auto m = three_worlds(mold_rules::kCpuAgents);
  for (auto _ : state) {
    benchmark::DoNotOptimize(apply(*m, FlowerTap{{300.0F, 300.0F}}, WorldKind::mold));
    state.PauseTiming();
    m = three_worlds(mold_rules::kCpuAgents);
    state.ResumeTiming();
  }
}
BENCHMARK(action_oat_flake)->Unit(benchmark::kMicrosecond)->Iterations(20);

// A frog dropped on the colony's meadow and the next tap taking it away.
void action_frog_tap(benchmark::State& state) {
  auto m = meadow_of(kCount);
  for (auto _ : state) benchmark::DoNotOptimize(apply(*m, FrogTap{{1200.0F, 300.0F}}, WorldKind::colony));
}
BENCHMARK(action_frog_tap)->Unit(benchmark::kMicrosecond);

// A held pointer moved on the mold (attract: the map fed around it at the next step).
void action_mold_attract_move(benchmark::State& state) {
  auto m = three_worlds(mold_rules::kCpuAgents);
  (void)apply(*m, AttractPointer{PointerPhase::down, {500.0F, 500.0F}}, WorldKind::mold);
  float x = 500.0F;
  for (auto _ : state) {
    x = x > 1000.0F ? 500.0F : x + 3.0F;
    benchmark::DoNotOptimize(apply(*m, AttractPointer{PointerPhase::move, {x, 500.0F}}, WorldKind::mold));
  }
}
BENCHMARK(action_mold_attract_move)->Unit(benchmark::kMicrosecond);

}  // namespace
