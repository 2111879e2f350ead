// What saving the meadow costs (docs/durability.md): the sim thread's copy of the meadow
// at a tick boundary, the store thread's mapping, serialising and commit of a snapshot, one
// journal record in a group commit, and replaying the journal (how much faster than real time a
// restart catches up). The meadow is the server's own worlds on the CPU (app/worlds.cpp): the
// swarm at the count given, the colony, the mold at its CPU defaults.
//   store_copy/<fireflies>       the sim thread's part of a snapshot
//   store_snapshot/<fireflies>   mapping + serialising + committing it (counters: bytes)
//   store_journal/<group>        one action's record, committed in groups of <group>
//   store_replay/<fireflies>     one tick replayed (counter: times real time)
#include <benchmark/benchmark.h>

#include <filesystem>
#include <memory>
#include <string>
#include <unistd.h>

#include "app/worker_pool.hpp"
#include "app/worlds.hpp"
#include "sim/meadow.hpp"
#include "store/replay.hpp"
#include "store/state_store.hpp"
#include "stream/snapshot_mapping.hpp"

namespace {

using namespace meadow;

struct ServerMeadow {
  std::vector<app::WorldRegistration> worlds;
  std::unique_ptr<sim::Meadow> meadow;
  std::vector<stream::WorldSnapshotMapping> mappings;
};

ServerMeadow server_meadow(std::size_t count) {
  app::WorldOptions options;
  options.use_cpu_engines();
  options.swarm.count = static_cast<std::uint32_t>(count);
  ServerMeadow m;
  m.worlds = app::standard_worlds(options);
  m.meadow = std::make_unique<sim::Meadow>(1, app::makers_of(m.worlds));
  m.mappings = app::snapshot_mappings_of(m.worlds);
  app::WorkerPool pool(2);
  for (int i = 0; i < 30; ++i) m.meadow->step(pool);
  return m;
}

std::filesystem::path bench_dir(const char* what) {
  return std::filesystem::temp_directory_path() / ("meadow-bench-" + std::string(what) + "-" + std::to_string(::getpid()));
}

void store_copy(benchmark::State& state) {
  const ServerMeadow m = server_meadow(static_cast<std::size_t>(state.range(0)));
  for (auto _ : state) {
    sim::MeadowState copy = m.meadow->save();
    benchmark::DoNotOptimize(copy);
  }
}
BENCHMARK(store_copy)->Arg(5'000)->Arg(500'000)->Unit(benchmark::kMillisecond);

void store_snapshot(benchmark::State& state) {
  const ServerMeadow m = server_meadow(static_cast<std::size_t>(state.range(0)));
  const std::filesystem::path dir = bench_dir("snapshot");
  std::filesystem::remove_all(dir);
  std::size_t bytes = 0;
  {
    store::StateStore store(dir);
    const sim::MeadowState copy = m.meadow->save();
    for (auto _ : state) {
      v1::SavedMeadow saved;
      stream::to_proto(copy, m.mappings, saved);
      std::string data = saved.SerializeAsString();
      bytes = data.size();
      store.commit({}, std::nullopt, 0, {{"", 0, copy.tick, 0, std::move(data)}});
    }
  }
  std::filesystem::remove_all(dir);
  state.counters["bytes"] = static_cast<double>(bytes);
}
BENCHMARK(store_snapshot)->Arg(5'000)->Arg(500'000)->Unit(benchmark::kMillisecond);

void store_journal(benchmark::State& state) {
  const auto group = static_cast<std::size_t>(state.range(0));
  const std::filesystem::path dir = bench_dir("journal");
  std::filesystem::remove_all(dir);
  {
    store::StateStore store(dir);
    std::uint64_t tick = 0;
    for (auto _ : state) {
      std::vector<store::StateStore::NewRecord> records;
      for (std::size_t i = 0; i < group; ++i) {
        stream::JournalEntry entry{tick, sim::Action{7, tick, sim::RockTap{{400.0F + static_cast<float>(i), 300.0F}}}};
        v1::JournalRecord record;
        stream::to_proto(entry, record);
        records.push_back({0, tick, record.SerializeAsString()});
      }
      store.commit(records, tick + 1, 0, {});
      ++tick;
    }
  }
  std::filesystem::remove_all(dir);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * group));
}
BENCHMARK(store_journal)->Arg(1)->Arg(10)->Arg(100)->Unit(benchmark::kMicrosecond);

void store_replay(benchmark::State& state) {
  ServerMeadow m = server_meadow(static_cast<std::size_t>(state.range(0)));
  app::WorkerPool pool(2);
  store::Replayer replayer(*m.meadow, pool, {});
  for (auto _ : state) replayer.run(m.meadow->tick() + 1);
  // Ticks are 1/60 s of meadow: how many times faster than real time a restart catches up.
  state.counters["x_real_time"] =
      benchmark::Counter(static_cast<double>(state.iterations()) / 60.0, benchmark::Counter::kIsRate);
}
BENCHMARK(store_replay)->Arg(5'000)->Arg(500'000)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
