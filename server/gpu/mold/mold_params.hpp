#pragma once
// What every kernel of the GPU mold step reads (shaders/mold/mold_common.glsl, `Params`): the map, the
// agents' count, the settings and every number of the rules, copied from mold_rules.hpp and the
// settings by make_mold_params(), so the shaders hold no constant of their own and cannot drift
// from the CPU engine (sim/mold/cpu_mold.cpp). The members are one list, shaders/mold/mold_params.inc,
// included here and by the shaders; all 4-byte scalars, so std430 lays them out as C++ does.
#include <cstdint>
#include <vector>

#include "sim/mold/mold_engine.hpp"
#include "sim/mold/mold_settings.hpp"
#include "sim/mold/trail_map.hpp"
#include "sim/random.hpp"

namespace meadow::gpu {

// What the members mean (their list is shaders/mold/mold_params.inc):
// - width, height, cells: the map; pairs: cells two to a word (the host's packed copy);
//   map_width, map_height: the same as floats (positions wrap at them);
// - count: agents;
// - sensor_distance (cells, kept under half the map as CpuMold keeps it), step_cells
//   (mold_rules::kStepCells), sensor_steps and turn_steps (the angles in heading steps, rounded),
//   heading_mask (kHeadingMask), repel_reading (kRepelReading), deposit (fixed point, rounded),
//   occupancy (0 or 1);
// - diffusion (0 … 1), keep (1 − decay), trail_one (kTrailOne: the clamp);
// - feeds, repels: the discs in the discs buffer (feed first); counted_feeds: the feed discs
//   whose visits are counted (kMaxCountedFeeds, as CpuMold); box_width, box_height, box_cells:
//   the widest disc box of the step (cells), the invocations a disc gets in mold_discs.comp;
// - turn_key_lo, turn_key_hi: the step's CounterRandom key of kMoldTurn (bits32 draws 0 and 1);
//   claim_key: the key of the step's priorities (kMoldClaim), as CpuMold draws them.
struct MoldParams {
  using uint = std::uint32_t;
#include "../../../shaders/mold/mold_params.inc"
};
static_assert(sizeof(MoldParams) == 27 * 4, "keep in step with Params in shaders/mold/mold_common.glsl");

// A disc as the kernels read it (shaders/mold/mold_common.glsl Disc).
struct GpuMoldDisc {
  float x, y, radius;
  std::uint32_t amount;
};
static_assert(sizeof(GpuMoldDisc) == 16);

// Feed discs whose visits are counted: CpuMold counts 63 (a cell's flags hold the disc's index
// in six bits); shaders/mold/mold_visits.comp kMaxCountedFeeds.
inline constexpr std::uint32_t kMaxCountedFeeds = 63;

// The CounterRandom key of `purpose` at step `step` of a mold grown from `seed`: the same mixing
// as CounterRandom's constructor, so that bits32(agent, draw) is mix32(agent ^ half of the key)
// in the shaders as on the CPU.
[[nodiscard]] std::uint64_t mold_key(std::uint64_t seed, std::uint64_t step, sim::RandomPurpose purpose);

// The parameters of one step of `count` agents; the discs (feed first, then repel) go to `discs`.
[[nodiscard]] MoldParams make_mold_params(const sim::MoldSettings& settings, sim::MapSize size, std::size_t count,
                                          std::uint64_t seed, std::uint64_t step, const sim::MoldInputs& inputs,
                                          std::vector<GpuMoldDisc>& discs);

}  // namespace meadow::gpu
