#include "sim/trails.hpp"

#include <algorithm>

namespace meadow::sim {

TrailPlan clamped_trail_plan(TrailPlan plan, const TrailLimits& limits) {
  plan.warmup_steps = std::min(plan.warmup_steps, limits.warmup_steps);
  plan.steps = std::clamp<std::uint32_t>(plan.steps, 1, limits.steps);
  plan.count = std::clamp<std::uint32_t>(plan.count, 1, limits.count);
  return plan;
}

}  // namespace meadow::sim
