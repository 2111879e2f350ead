#pragma once
// What every kernel of the GPU swarm step reads (shaders/swarm/swarm_common.glsl, `Params`): the grids,
// the world, the weights and every number of the rules. The rules' numbers are copied from
// swarm_rules.hpp and tool_rules.hpp by make_params(), so the shaders hold no constant of their
// own and cannot drift from the CPU engine. The members are one list, shaders/swarm/swarm_params.inc,
// included here and by the shaders; all 4-byte scalars, so std430 lays them out as C++ does.
#include <cstdint>
#include <span>

#include "sim/geometry.hpp"
#include "sim/land.hpp"
#include "sim/random.hpp"
#include "sim/swarm/swarm_engine.hpp"
#include "sim/swarm/swarm_inputs.hpp"

namespace meadow::gpu {

// What the members mean (their list is shaders/swarm/swarm_params.inc):
// - the grid of cells (kCellSize, the separation distance; sort and separation): origin_x,
//   origin_y, inv_cell, columns, rows, cells;
// - the grid of squares (squares::kSquareSize, half a cell; the sums for alignment and
//   cohesion) and their fixed point: square_size, inv_square, square_columns, square_rows,
//   position_scale, velocity_scale and their inverses;
// - count: fireflies; world_*: the world;
// - w_*: the weights (factors of the defaults); then every number of swarm_rules.hpp and
//   tool_rules.hpp, some as inverses (inv_*) where the rule divides by them;
// - nudge_key_lo, nudge_key_hi: the step's CounterRandom key of the nudge;
// - rocks, predators, attractors, crumbs: how many of each the marks hold; any_tools: 0 skips
//   the tools, as the CPU engine skips them;
// - leave_beyond, crumb_eat: how far out a leaver is gone, how near a crumb is eaten (units);
//   flag_arriving, flag_leaving: sim::kFlagArriving and kFlagLeaving (the transit flags).
struct SwarmParams {
  using uint = std::uint32_t;
#include "../../../shaders/swarm/swarm_params.inc"
};
static_assert(sizeof(SwarmParams) == 62 * 4, "keep in step with Params in shaders/swarm/swarm_common.glsl");

// The tool and rock lists (binding `Marks` in the shaders): vec4s, rocks as (x, y, radius, 0),
// the others as (x, y, 0, 0), at fixed offsets.
inline constexpr std::uint32_t kMarkRocks = 0;
inline constexpr std::uint32_t kMaxMarkRocks = 48;  // sim::kMaxRocks (checked in the .cpp)
inline constexpr std::uint32_t kMarkPredators = kMarkRocks + kMaxMarkRocks;
inline constexpr std::uint32_t kMaxMarkPredators = 16;  // tool_rules::kMaxPredators
inline constexpr std::uint32_t kMarkAttractors = kMarkPredators + kMaxMarkPredators;
inline constexpr std::uint32_t kMaxMarkAttractors = 16;  // tool_rules::kMaxAttract
inline constexpr std::uint32_t kMarkCrumbs = kMarkAttractors + kMaxMarkAttractors;
inline constexpr std::uint32_t kMaxMarkCrumbs = 64;  // tool_rules::kMaxCrumbs
inline constexpr std::uint32_t kMarkCount = kMarkCrumbs + kMaxMarkCrumbs;

// The CounterRandom key of the nudge of step `step` of a swarm grown from `seed`: the same
// mixing as CounterRandom's constructor, so the shader's nudge is the CPU's bit for bit.
[[nodiscard]] std::uint64_t nudge_key(std::uint64_t seed, std::uint64_t step);

// The parameters of one step; the marks go to `marks` (kMarkCount × 4 floats). Lists longer than
// their limits are cut (the meadow never lets them grow past them).
[[nodiscard]] SwarmParams make_params(const sim::Rect& world, std::size_t count, const sim::SwarmWeights& weights,
                                      std::uint64_t seed, std::uint64_t step, std::span<const sim::Rock> rocks,
                                      const sim::SwarmInputs& inputs, std::span<float> marks);

}  // namespace meadow::gpu
