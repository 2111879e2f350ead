#pragma once
// The small meadow the snapshot and journal fuzz targets read into: the three worlds on the CPU,
// as small as they go (a few hundred fireflies, a 32-wide mold), so an input costs little. Their
// seed corpora are this meadow's own snapshots and journal (make_seeds.cpp).
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

inline std::vector<stream::WorldSnapshotMapping> small_meadow_mappings() { return testing::three_world_snapshot_mappings(); }

}  // namespace meadow::fuzz
