#pragma once
// Runs a meadow on through journal entries exactly as the sim thread ran it (app/sim_loop.cpp):
// each tick, the actions stamped with it applied in their order, then each world stepped with the
// step budget in force (the journal says when one changed), then the tick ends. On the CPU engines
// the meadow after a replay is the meadow that was recorded, bit for bit (tests/store/).
#include <array>
#include <cstdint>
#include <functional>
#include <span>

#include "sim/meadow.hpp"
#include "sim/parallel_for.hpp"
#include "stream/snapshot_mapping.hpp"

namespace meadow::store {

class Replayer {
 public:
  // `entries` (in journal order) must outlive the replayer; entries of ticks before the meadow's
  // are passed over.
  Replayer(sim::Meadow& meadow, sim::ParallelFor& parallel, std::span<const stream::JournalEntry> entries);

  // Runs the meadow's ticks up to (not including) `until`, taking the entries of each tick as it
  // comes; a later call goes on from there. Returns how many actions were applied in this call.
  // `after_tick` (may be empty) is called after each tick with the meadow's new tick.
  std::size_t run(std::uint64_t until, const std::function<void(std::uint64_t tick)>& after_tick = {});
  // One tick; `step` (may be empty) steps a world with its budget instead of the meadow's own
  // step_world (the sim loop times its worlds).
  using StepWorld = std::function<void(sim::World& world, std::uint32_t budget)>;
  std::size_t tick(const StepWorld& step = {});
  // Goes on with `entries` (the journal read again further on: those of ticks already run are
  // passed over), keeping the step budgets the journal so far put in force.
  void continue_with(std::span<const stream::JournalEntry> entries) {
    entries_ = entries;
    next_ = 0;
  }

 private:
  sim::Meadow& meadow_;
  sim::ParallelFor& parallel_;
  std::span<const stream::JournalEntry> entries_;
  std::size_t next_ = 0;
  std::array<sim::StepBudget, sim::kWorldKinds> budgets_;
};

}  // namespace meadow::store
