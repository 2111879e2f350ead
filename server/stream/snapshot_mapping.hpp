#pragma once
// The meadow's saved state ⇄ the snapshot format (proto/meadow/v1/snapshot.proto), and the
// journal's records ⇄ the actions and step budgets they hold. The one place both directions live;
// the store (server/store/) reads and writes only these messages.
#include <cstdint>
#include <span>
#include <string>
#include <variant>

#include "meadow/v1/snapshot.pb.h"
#include "sim/actions.hpp"
#include "sim/meadow_state.hpp"
#include "stream/world_snapshot.hpp"

namespace meadow::stream {

// `from` as a snapshot, each world by its mapping (a world without one is left out).
void to_proto(const sim::MeadowState& from, std::span<const WorldSnapshotMapping> worlds, v1::SavedMeadow& to);
// A snapshot back as the meadow's state. Throws std::invalid_argument, saying what is wrong, for
// one of an unknown format or one that does not hold together; a saved world no mapping knows is
// passed over.
[[nodiscard]] sim::MeadowState from_proto(const v1::SavedMeadow& from, std::span<const WorldSnapshotMapping> worlds);

// The land alone (its world, rocks and next rock id): in snapshots, and sent to edge servers
// (docs/edges.md). The reader throws std::invalid_argument as from_proto does.
void to_proto(const sim::Land::State& from, v1::SavedLand& to);
[[nodiscard]] sim::Land::State land_from_proto(const v1::SavedLand& from);

// A world's step budget from a tick on (SimLoop measures them; a replay must be told).
struct StepBudgetRecord {
  sim::WorldKind world = sim::kAllWorldKinds.front();
  std::uint32_t steps = 0;
  std::uint32_t every_ticks = 1;  // sim::StepBudget's: one step every this many ticks when 1 does not fit
  friend bool operator==(const StepBudgetRecord&, const StepBudgetRecord&) = default;
};

// One journal record: an applied action (stamped with its tick) or a step budget at a tick.
struct JournalEntry {
  std::uint64_t tick = 0;
  std::variant<sim::Action, StepBudgetRecord> entry;
};

void to_proto(const JournalEntry& from, v1::JournalRecord& to);
// Throws std::invalid_argument for a record that holds no action or budget, an unknown world or
// pointer phase, or values out of their ranges (a damaged journal).
[[nodiscard]] JournalEntry from_proto(const v1::JournalRecord& from);

}  // namespace meadow::stream
