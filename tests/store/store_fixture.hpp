#pragma once
// The store tests' meadow: all three worlds on the CPU (a small mold, for speed), a script of
// actions from viewers and the operator that touches every part of every world's state, and a
// driver that runs it as the sim thread does (app/sim_loop.cpp), writing down the journal.
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "sim/meadow.hpp"
#include "sim/parallel_for.hpp"
#include "sim/state_hash.hpp"
#include "sim/swarm/swarm_world.hpp"
#include "stream/snapshot_mapping.hpp"
#include "support/meadow_worlds.hpp"
#include "support/saved_worlds.hpp"
#include "support/temp_path.hpp"

namespace meadow::testing {

// A state folder of the test's own, gone before and after.
struct StoreDir {
  std::filesystem::path path;
  explicit StoreDir(const std::string& stem) : path(unique_temp_path(stem)) { std::filesystem::remove_all(path); }
  ~StoreDir() { std::filesystem::remove_all(path); }
  StoreDir(const StoreDir&) = delete;
  StoreDir& operator=(const StoreDir&) = delete;
};

inline constexpr std::size_t kStoreTestFireflies = 2'000;
inline constexpr std::uint32_t kStoreTestMoldWidth = 96;
inline constexpr std::uint32_t kStoreTestMoldAgents = 1'500;

inline std::unique_ptr<sim::Meadow> three_world_meadow(std::uint64_t seed) {
  return three_cpu_worlds(seed, kStoreTestFireflies, kStoreTestMoldWidth, kStoreTestMoldAgents);
}

inline std::vector<stream::WorldSnapshotMapping> snapshot_mappings() { return world_snapshot_mappings(); }

// Everything the worlds are, folded into one number (sim/state_hash.hpp).
inline std::uint64_t meadow_hash(const sim::Meadow& m) { return sim::meadow_state_hash(m); }

// The script's actions at `tick`: taps, held pointers, settings and the operator's, at ticks
// spread over a few hundred, on viewers 11 and 12.
inline std::vector<sim::Action> script_at(std::uint64_t tick) {
  using namespace sim;
  std::vector<Action> out;
  const auto add = [&](std::uint64_t origin, ActionBody body, WorldKind world = WorldKind::swarm) {
    Action action{origin, 0, std::move(body), world};
    action.visitor = origin == kOperator ? 0 : 1000 + origin;  // who it is at the door, saved with what it places
    out.push_back(std::move(action));
  };
  const auto at = [&](float dx, float dy) { return Vec2{400.0F + dx + static_cast<float>(tick % 97), 300.0F + dy}; };
  switch (tick % 150) {
    case 3: add(11, RockTap{at(0, 0)}); break;
    case 5: add(kOperator, RockTap{{100.0F + static_cast<float>((tick * 37) % 1400), 100.0F + static_cast<float>((tick * 53) % 700)}});
      break;
    case 9: add(12, AttractTap{at(200, 100)}); break;
    case 15: add(11, FlowerTap{at(300, 200)}); break;                       // a crumb
    case 21: add(12, FlowerTap{at(-100, 250)}, WorldKind::colony); break;   // a flower
    case 27: add(11, PredatorPointer{PointerPhase::down, at(50, 50)}); break;
    case 30: add(11, PredatorPointer{PointerPhase::move, at(80, 60)}); break;
    case 33: add(11, FlowerTap{at(320, 210), true}); break;                 // a handful: one crumb in the swarm
    case 40: add(11, PredatorPointer{PointerPhase::up, at(80, 60)}); break;
    case 45: add(12, FlowerTap{at(100, 100)}, WorldKind::mold); break;      // food for the mold
    case 50: add(12, AttractPointer{PointerPhase::down, at(10, 10)}, WorldKind::mold); break;
    case 70: add(12, AttractPointer{PointerPhase::up, at(10, 10)}, WorldKind::mold); break;
    case 60:
      add(11, as_settings(SwarmSettingsChange{tick % 300 < 150 ? 9'000U : 2'000U, 1.5F, std::nullopt, 0.7F,
                                              tick % 300 < 150 ? 1.6F : 0.8F}));
      break;
    case 80: add(kOperator, as_settings(MoldSettingsChange{std::nullopt, 30.0F})); break;
    case 90: add(kOperator, SetPaused{true}); break;
    case 95: add(kOperator, SetPaused{false}); break;
    case 100: add(12, AttractTap{at(-50, -50)}, WorldKind::mold); break;
    case 110: add(kOperator, SetLocks{ViewerLocks{false, true, false, false, false}}); break;
    case 111: add(11, FlowerTap{at(0, 0)}); break;  // refused: locked
    case 118: add(11, as_settings(MoldSettingsChange{2'800U}), WorldKind::mold); break;
    case 119: add(11, as_settings(MoldSettingsChange{2'600U}), WorldKind::mold); break;  // waits for viewer 11's turn
    case 120: add(kOperator, SetLocks{}); break;
    case 130: add(12, ViewerLeft{}); break;
    case 135: add(12, FrogTap{at(500, 150)}, WorldKind::colony); break;
    case 138: add(kOperator, FrogTap{at(700, -100)}, WorldKind::colony); break;
    case 145:
      if (tick % 300 < 150) add(kOperator, Clear{"frogs"}, WorldKind::colony);
      break;
    default: break;
  }
  return out;
}

// A step budget that changes now and then (the server measures them; a replay must be told): the
// swarm's held to one step a tick at times, the mold's to one step every three ticks at others.
inline sim::StepBudget budget_at(sim::WorldKind world, std::uint64_t tick) {
  if (world == sim::WorldKind::swarm && (tick / 40) % 3 == 2) return {1, 1};
  if (world == sim::WorldKind::mold && (tick / 50) % 4 == 1) return {1, 3};
  return {};
}

// Runs `m` to tick `until` as the sim thread does: the script's actions applied and stamped, then
// the worlds stepped with the tick's budget; appends to `journal` what the sim thread journals
// (every action applied, and a budget whenever it changes for a world).
struct ScriptDriver {
  std::vector<stream::JournalEntry> journal;
  static constexpr sim::StepBudget kUnjournaled{0, 0};
  std::vector<sim::StepBudget> journaled_budget = std::vector<sim::StepBudget>(sim::kWorldKinds, kUnjournaled);

  void forget_budgets() { std::fill(journaled_budget.begin(), journaled_budget.end(), kUnjournaled); }

  void run(sim::Meadow& m, std::uint64_t until, sim::ParallelFor& parallel) {
    while (m.tick() < until) {
      for (sim::Action& a : script_at(m.tick())) {
        (void)m.apply(a);
        journal.push_back({a.tick, a});
      }
      for (sim::World* w : m.worlds()) {
        const sim::StepBudget budget = budget_at(w->kind(), m.tick());
        sim::StepBudget& journaled = journaled_budget[sim::index_of(w->kind())];
        if (budget != journaled) {
          journal.push_back({m.tick(), stream::StepBudgetRecord{w->kind(), budget.steps, budget.every_ticks}});
          journaled = budget;
        }
        m.step_world(*w, parallel, budget.at(m.tick()));
      }
      m.end_tick();
    }
  }
};

}  // namespace meadow::testing
