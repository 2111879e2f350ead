#include "store/replay.hpp"

#include <variant>

namespace meadow::store {

Replayer::Replayer(sim::Meadow& meadow, sim::ParallelFor& parallel, std::span<const stream::JournalEntry> entries)
    : meadow_(meadow), parallel_(parallel), entries_(entries) {
  budgets_.fill(sim::StepBudget{});  // until the journal says otherwise, as the live loop starts
}

std::size_t Replayer::tick(const StepWorld& step) {
  const std::uint64_t tick = meadow_.tick();
  while (next_ < entries_.size() && entries_[next_].tick < tick) ++next_;
  std::size_t applied = 0;
  for (; next_ < entries_.size() && entries_[next_].tick == tick; ++next_) {
    if (const auto* action = std::get_if<sim::Action>(&entries_[next_].entry)) {
      sim::Action copy = *action;
      (void)meadow_.apply(copy);
      ++applied;
    } else {
      const auto& budget = std::get<stream::StepBudgetRecord>(entries_[next_].entry);
      budgets_[sim::index_of(budget.world)] = sim::StepBudget{budget.steps, budget.every_ticks};
    }
  }
  for (sim::World* world : meadow_.worlds()) {
    const std::uint32_t budget = budgets_[sim::index_of(world->kind())].at(tick);
    if (step) {
      step(*world, budget);
    } else {
      meadow_.step_world(*world, parallel_, budget);
    }
  }
  meadow_.end_tick();
  return applied;
}

std::size_t Replayer::run(std::uint64_t until, const std::function<void(std::uint64_t tick)>& after_tick) {
  std::size_t applied = 0;
  while (meadow_.tick() < until) {
    applied += tick();
    if (after_tick) after_tick(meadow_.tick());
  }
  return applied;
}

}  // namespace meadow::store
