#include "gpu/swarm/swarm_params.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "sim/swarm/firefly_arrays.hpp"
#include "sim/swarm/square_sums.hpp"
#include "sim/swarm/steering.hpp"
#include "sim/swarm/swarm_rules.hpp"
#include "sim/swarm/tool_rules.hpp"
#include "sim/swarm/swarm_random.hpp"

namespace meadow::gpu {

namespace r = sim::swarm_rules;
namespace t = sim::tool_rules;
namespace sq = sim::squares;

static_assert(kMaxMarkRocks == sim::kMaxRocks);
static_assert(kMaxMarkPredators == t::kMaxPredators);
static_assert(kMaxMarkAttractors == t::kMaxAttract);
static_assert(kMaxMarkCrumbs == t::kMaxCrumbs);

std::uint64_t nudge_key(std::uint64_t seed, std::uint64_t step) {
  return sim::mix64(sim::mix64(sim::mix64(seed) ^ step) ^ static_cast<std::uint64_t>(sim::swarm_random::kNudge));
}

SwarmParams make_params(const sim::Rect& world, std::size_t count, const sim::SwarmWeights& weights,
                        std::uint64_t seed, std::uint64_t step, std::span<const sim::Rock> rocks,
                        const sim::SwarmInputs& inputs, std::span<float> marks) {
  assert(marks.size() >= std::size_t{kMarkCount} * 4);
  SwarmParams p{};
  // The grids exactly as CellGrid::configure and CpuSwarm lay them (the squares two by two in a
  // cell, as the CPU's SquareWindow::reset(origin, 2 × columns, 2 × rows)).
  p.origin_x = world.x;
  p.origin_y = world.y;
  p.inv_cell = 1.0F / r::kCellSize;
  p.columns = std::max(1U, static_cast<std::uint32_t>(std::ceil(world.width * p.inv_cell)));
  p.rows = std::max(1U, static_cast<std::uint32_t>(std::ceil(world.height * p.inv_cell)));
  p.cells = p.columns * p.rows;
  p.square_size = sq::kSquareSize;
  p.inv_square = sq::kInvSquareSize;
  p.square_columns = 2 * p.columns;
  p.square_rows = 2 * p.rows;
  p.position_scale = sq::kPositionScale;
  p.velocity_scale = sq::kVelocityScale;
  p.inv_position_scale = 1.0F / sq::kPositionScale;
  p.inv_velocity_scale = 1.0F / sq::kVelocityScale;
  p.count = static_cast<std::uint32_t>(count);
  p.world_x = world.x;
  p.world_y = world.y;
  p.world_right = world.right();
  p.world_bottom = world.bottom();
  p.world_width = world.width;
  p.world_height = world.height;
  p.w_separation = weights.separation;
  p.w_alignment = weights.alignment;
  p.w_cohesion = weights.cohesion;
  p.perception = r::kPerception;
  p.inv_separation_distance = 1.0F / r::kSeparationDistance;
  p.separation_strength = r::kSeparationStrength;
  p.alignment_rate = r::kAlignmentRate;
  p.cohesion_rate = r::kCohesionRate;
  p.inv_personal_space = 1.0F / r::kPersonalSpace;
  p.personal_strength = r::kPersonalStrength;
  const r::SpeedBand band = r::speed_band(weights.speed);
  p.min_speed = band.least;
  p.max_speed = band.most;
  p.nudge = r::kNudge;
  p.rock_reach = r::kRockReach;
  p.inv_rock_reach = 1.0F / r::kRockReach;
  p.rock_strength = r::kRockStrength;
  p.edge_margin = r::kEdgeMargin;
  p.inv_edge_margin = 1.0F / r::kEdgeMargin;
  p.edge_strength = r::kEdgeStrength;
  p.predator_reach = inputs.predator_reach;
  p.predator_strength = t::kPredatorStrength;
  p.attract_orbit = t::kAttractOrbit;
  p.attract_speed = t::kAttractSpeed;
  p.attract_rate = t::kAttractRate;
  p.crumb_smell = t::kCrumbSmell;
  p.crumb_speed = t::kCrumbSpeed;
  p.crumb_rate = t::kCrumbRate;
  p.arrive_depth = t::kArriveDepth;
  p.transit_speed = t::kTransitSpeed;
  p.transit_rate = t::kTransitRate;
  p.leave_beyond = t::kLeaveBeyond;
  p.crumb_eat = t::kCrumbEat;
  p.flag_arriving = sim::kFlagArriving;
  p.flag_leaving = sim::kFlagLeaving;
  const std::uint64_t key = nudge_key(seed, step);
  p.nudge_key_lo = static_cast<std::uint32_t>(key);
  p.nudge_key_hi = static_cast<std::uint32_t>(key >> 32U);

  const auto put = [&](std::uint32_t at, float x, float y, float z) {
    marks[std::size_t{at} * 4 + 0] = x;
    marks[std::size_t{at} * 4 + 1] = y;
    marks[std::size_t{at} * 4 + 2] = z;
    marks[std::size_t{at} * 4 + 3] = 0.0F;
  };
  p.rocks = static_cast<std::uint32_t>(std::min<std::size_t>(rocks.size(), kMaxMarkRocks));
  for (std::uint32_t i = 0; i < p.rocks; ++i) put(kMarkRocks + i, rocks[i].center.x, rocks[i].center.y, rocks[i].radius);
  p.predators = static_cast<std::uint32_t>(std::min<std::size_t>(inputs.predators.size(), kMaxMarkPredators));
  for (std::uint32_t i = 0; i < p.predators; ++i) put(kMarkPredators + i, inputs.predators[i].at.x, inputs.predators[i].at.y, 0.0F);
  p.attractors = static_cast<std::uint32_t>(std::min<std::size_t>(inputs.attractors.size(), kMaxMarkAttractors));
  for (std::uint32_t i = 0; i < p.attractors; ++i) put(kMarkAttractors + i, inputs.attractors[i].at.x, inputs.attractors[i].at.y, 0.0F);
  p.crumbs = static_cast<std::uint32_t>(std::min<std::size_t>(inputs.crumbs.size(), kMaxMarkCrumbs));
  for (std::uint32_t i = 0; i < p.crumbs; ++i) put(kMarkCrumbs + i, inputs.crumbs[i].at.x, inputs.crumbs[i].at.y, 0.0F);
  p.any_tools = sim::steering::any_tools(inputs) ? 1U : 0U;
  return p;
}

}  // namespace meadow::gpu
