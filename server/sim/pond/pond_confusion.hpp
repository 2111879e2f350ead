#pragma once
// The confusion effect (docs/pond.md): the aquarium's note that schooling is a defence against
// predators, as a study. A predator in the pond picks a target, the nearest fish it sees, and
// chases it, faster than any fish; every step, each other fish near its line of sight to the
// target (fish that look alike, crossing its view) may make it lose the target, and a predator
// that lost its target needs a moment before it picks another. The fish flee it as they flee the
// viewers' predator. Its catch rate is measured against the school's size and cohesion
// (`meadow-sim pond`). Deterministic from the seed.
#include <cstdint>

#include "sim/geometry.hpp"
#include "sim/pond/pond_rules.hpp"

namespace meadow::sim {

namespace confusion_rules {
// The predator's speed (pixels a step): a third faster than the fish's default maximum.
inline constexpr double kPredatorSpeedPx = 2.6;
// It sees, and picks its target among, the fish within this many pixels.
inline constexpr double kViewPx = 300.0;
// Fish within this many pixels of its line of sight to the target cross its view.
inline constexpr double kCrossingPx = 40.0;
// Each of them makes it lose the target with this chance a step.
inline constexpr double kLossPerCrossing = 0.03;
// After losing its target it casts about this many steps before it picks another.
inline constexpr std::uint32_t kRetargetSteps = 30;
// It catches its target within this many pixels (half a fish), then rests this many steps while
// the caught fish's place is taken by a newcomer somewhere in the pond (the school keeps its size).
inline constexpr double kCatchPx = pond_rules::kFishLengthPx / 2.0;
inline constexpr std::uint32_t kHandlingSteps = 120;
// Steps the school swims alone before the predator comes in (its shape settles).
inline constexpr std::uint32_t kWarmUpSteps = 600;
}  // namespace confusion_rules

struct ConfusionRun {
  std::uint32_t fish = pond_rules::kDefaultFish;
  double cohesion_px = pond_rules::kDefaultCohesionPx;
  double max_speed_px = pond_rules::kDefaultMaxSpeedPx;
  std::uint64_t steps = 3600;  // after the warm-up
  std::uint64_t seed = 1;
};

struct ConfusionResult {
  std::uint64_t catches = 0;
  std::uint64_t targets_lost = 0;    // to fish crossing its view
  std::uint64_t chase_steps = 0;     // steps it had a target
  double crossings_per_step = 0.0;   // fish across its view, a chase step on average
  double spread = 0.0;               // the school's mean distance from its centre, world units (mean)
};

// One run in the meadow `meadow`'s pond.
[[nodiscard]] ConfusionResult run_confusion(const ConfusionRun& run, const Rect& meadow);

// Fish within `radius` of the segment from a to b (the target itself excluded by the caller).
[[nodiscard]] double distance_to_segment(Vec2 p, Vec2 a, Vec2 b);

}  // namespace meadow::sim
