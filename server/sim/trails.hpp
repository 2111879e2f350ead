#pragma once
// Trails: the paths of a world's movers as polylines, recorded for the operator (meadowctl trails)
// and for viewers (the record button): the movers of any world that offers them (docs/rules.md,
// each world's "Trails"). A world that offers them gives a TrailSource (World::trails()); the
// server's trails control routes a recording to the world it names without knowing which it is.
// A recording follows the study the boids' sources describe: a warm-up, then a number of steps
// recorded.
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "sim/geometry.hpp"
#include "sim/world_kind.hpp"

namespace meadow::sim {

// The study's recording: 240 steps of warm-up, 120 recorded (a world's steps, 1/60 s each).
inline constexpr std::uint32_t kTrailDefaultWarmupSteps = 240;
inline constexpr std::uint32_t kTrailDefaultSteps = 120;
inline constexpr std::uint32_t kTrailDefaultCount = 200;
// The most a recording may ask for: of warm-up steps, recorded steps and fireflies.
struct TrailLimits {
  std::uint32_t warmup_steps = 0;
  std::uint32_t steps = 0;
  std::uint32_t count = 0;
};
// What an operator may ask for: a minute of warm-up, a minute of recording, 5,000 fireflies
// (18 million points at most).
inline constexpr std::uint32_t kTrailMostWarmupSteps = 3600;
inline constexpr std::uint32_t kTrailMostSteps = 3600;
inline constexpr std::uint32_t kTrailMostCount = 5000;
inline constexpr TrailLimits kOperatorTrailLimits{kTrailMostWarmupSteps, kTrailMostSteps, kTrailMostCount};
// What a viewer may ask for: the study's own recording (24,000 points at most, about 200 KB sent),
// so that a visitor's recording costs the sim thread little and fits any phone.
inline constexpr TrailLimits kViewerTrailLimits{kTrailDefaultWarmupSteps, kTrailDefaultSteps, kTrailDefaultCount};
// Who a recording is for: the operator's slot and the viewers' are apart, so that visitors
// cannot keep the operator's recordings out (nor the operator theirs).
enum class TrailSlot : std::uint8_t { operator_slot = 0, viewers = 1 };
inline constexpr std::size_t kTrailSlots = 2;

struct TrailPlan {
  std::uint32_t warmup_steps = kTrailDefaultWarmupSteps;
  std::uint32_t steps = kTrailDefaultSteps;
  std::uint32_t count = kTrailDefaultCount;
  // Whose movers. None named (an older client's request): the first running world that keeps
  // trails (the server's trails control picks it).
  WorldKind world{};
  bool fresh = false;  // a fresh run from the world's seeded start (TrailSource::fresh_trails), not the live world
};

// `plan` within `limits`: at least one firefly and one step recorded.
[[nodiscard]] TrailPlan clamped_trail_plan(TrailPlan plan, const TrailLimits& limits = kOperatorTrailLimits);

// A colour, each part 0 … 1.
using TrailColour = std::array<float, 3>;

struct Trail {
  std::uint32_t id = 0;  // the firefly's
  TrailColour colour{};
  std::vector<std::vector<Vec2>> pieces;  // each a polyline of two points or more
};

// What a world offers of its movers' paths.
class TrailSource {
 public:
  virtual ~TrailSource() = default;
  // Starts recording `plan` (clamped) in `slot` on the live world: its warm-up steps, then its
  // steps recorded. A slot holds one recording at a time (the caller sees to it).
  virtual void record_trails(TrailSlot slot, TrailPlan plan, std::uint64_t seed) = 0;
  [[nodiscard]] virtual bool recording_trails(TrailSlot slot) const = 0;
  virtual void stop_trails(TrailSlot slot) = 0;
  // The trails once the slot's recording is done (and it ends); nothing while it goes on or none does.
  [[nodiscard]] virtual std::optional<std::vector<Trail>> take_trails(TrailSlot slot) = 0;
  // The rectangle the trails' points are in (world units, or the world's own).
  [[nodiscard]] virtual Rect trail_bounds(const Rect& land_world) const = 0;

  // A fresh run from the world's own seeded start with its settings now, as a job to run off the
  // sim thread (it holds a copy of what it needs); nullopt where the world has no such start.
  using FreshTrails = std::function<std::vector<Trail>()>;
  [[nodiscard]] virtual std::optional<FreshTrails> fresh_trails(TrailPlan /*plan*/) const { return std::nullopt; }
};

}  // namespace meadow::sim
