#pragma once
// The small meadows the snapshot and journal fuzz targets read into: the three worlds on the CPU,
// small (a few hundred fireflies, a 32-wide mold; the journal's smaller still), so an input costs
// little. Their seed corpora are the small meadow's own snapshots and journal (make_seeds.cpp).
#include <cstdint>
#include <memory>
#include <vector>

#include "support/meadow_worlds.hpp"
#include "support/saved_worlds.hpp"

namespace meadow::fuzz {

inline constexpr std::size_t kFuzzFireflies = 200;
inline constexpr std::uint32_t kFuzzMoldWidth = 32;
inline constexpr std::uint32_t kFuzzMoldAgents = 100;

inline std::unique_ptr<sim::Meadow> small_meadow(std::uint64_t seed) {
  return testing::three_cpu_worlds(seed, kFuzzFireflies, kFuzzMoldWidth, kFuzzMoldAgents);
}

// The journal target's meadow is smaller still (perf): from the seeds, 40 % of its time
// was the mold's network measure, which every restore runs; on a grown corpus, whose inputs are
// up to a hundred records, 54 % was stepping the swarm. With a swarm of 64 and a 16-wide mold it
// runs a grown corpus at 512 inputs a second instead of 294.
inline constexpr std::size_t kJournalFireflies = 64;
inline constexpr std::uint32_t kJournalMoldWidth = 16;

inline std::unique_ptr<sim::Meadow> journal_meadow(std::uint64_t seed) {
  return testing::three_cpu_worlds(seed, kJournalFireflies, kJournalMoldWidth, kFuzzMoldAgents);
}

inline std::vector<stream::WorldSnapshotMapping> small_meadow_mappings() { return testing::world_snapshot_mappings(); }

}  // namespace meadow::fuzz
