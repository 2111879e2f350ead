#include "gpu/mold/mold_params.hpp"

#include <algorithm>
#include <cmath>

#include "sim/mold/mold_directions.hpp"
#include "sim/mold/mold_rules.hpp"
#include "sim/mold/mold_random.hpp"

namespace meadow::gpu {

namespace mr = sim::mold_rules;

std::uint64_t mold_key(std::uint64_t seed, std::uint64_t step, sim::RandomPurpose purpose) {
  return sim::mix64(sim::mix64(sim::mix64(seed) ^ step) ^ static_cast<std::uint64_t>(purpose));
}

namespace {

// A disc's box along one axis as CpuMold walks it: floor(centre − r) … floor(centre + r), at most
// `extent` cells.
std::uint32_t box_extent(float centre, float radius, std::uint32_t extent) {
  const double from = std::floor(centre - radius);
  const double to = std::floor(centre + radius);
  const double cells = to - from + 1.0;
  return cells <= 0.0 ? 0U : static_cast<std::uint32_t>(std::min(cells, static_cast<double>(extent)));
}

}  // namespace

MoldParams make_mold_params(const sim::MoldSettings& settings, sim::MapSize size, std::size_t count,
                            std::uint64_t seed, std::uint64_t step, const sim::MoldInputs& inputs,
                            std::vector<GpuMoldDisc>& discs) {
  MoldParams p{};
  p.width = size.width;
  p.height = size.height;
  p.cells = size.cells();
  p.pairs = (p.cells + 1) / 2;
  p.map_width = static_cast<float>(size.width);
  p.map_height = static_cast<float>(size.height);
  p.count = static_cast<std::uint32_t>(count);
  // CpuMold's sense_params: sensors reach under half the map, so a reading wraps at most once.
  const float half = static_cast<float>(std::min(size.width, size.height)) * 0.5F - 1.0F;
  p.sensor_distance = std::clamp(settings.sensor_distance, 0.0F, std::max(half, 0.0F));
  p.step_cells = mr::kStepCells;
  p.sensor_steps = sim::heading_steps_of(settings.sensor_angle_deg);
  p.turn_steps = sim::heading_steps_of(settings.turn_angle_deg);
  p.heading_mask = mr::kHeadingMask;
  p.repel_reading = mr::kRepelReading;
  p.deposit = static_cast<std::uint32_t>(
      std::lround(std::clamp(settings.deposit, 0.0F, 1.0F) * static_cast<float>(mr::kTrailOne)));
  p.occupancy = settings.occupancy ? 1U : 0U;
  p.diffusion = std::clamp(settings.diffusion, 0.0F, 1.0F);
  p.keep = 1.0F - std::clamp(settings.decay, 0.0F, 1.0F);
  p.trail_one = mr::kTrailOne;

  discs.clear();
  std::uint32_t box_width = 0;
  std::uint32_t box_height = 0;
  const auto add = [&](const sim::MoldDisc& d, std::uint32_t amount) {
    // A disc that covers nothing (a NaN, a negative radius) keeps its place, with an empty box;
    // so does one centred absurdly far off the map (the kernels' box corners are 32-bit).
    constexpr float kFarOff = 1.0e6F;  // cells
    if (!(d.radius >= 0.0F) || !(std::abs(d.center.x) < kFarOff) || !(std::abs(d.center.y) < kFarOff)) {
      discs.push_back({0.0F, 0.0F, -1.0F, 0});
      return;
    }
    // A disc wider than the map covers it all; the bound keeps the kernels' integers in range.
    const float radius = std::min(d.radius, static_cast<float>(size.width + size.height));
    discs.push_back({d.center.x, d.center.y, radius, amount});
    box_width = std::max(box_width, box_extent(d.center.x, radius, size.width));
    box_height = std::max(box_height, box_extent(d.center.y, radius, size.height));
  };
  for (const sim::MoldDisc& d : inputs.feed) add(d, d.amount);
  for (const sim::MoldDisc& d : inputs.repel) add(d, 0);
  p.feeds = static_cast<std::uint32_t>(inputs.feed.size());
  p.repels = static_cast<std::uint32_t>(inputs.repel.size());
  p.counted_feeds = kMaxCountedFeeds;
  p.box_width = box_width;
  p.box_height = box_height;
  p.box_cells = box_width * box_height;

  const std::uint64_t turn = mold_key(seed, step, sim::mold_random::kTurn);
  p.turn_key_lo = static_cast<std::uint32_t>(turn);
  p.turn_key_hi = static_cast<std::uint32_t>(turn >> 32U);
  p.claim_key = static_cast<std::uint32_t>(sim::CounterRandom(seed, step, sim::mold_random::kClaim).bits(0));
  return p;
}

}  // namespace meadow::gpu
