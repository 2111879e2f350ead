#include "stream/swarm/live_trails.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "sim/swarm/trail_choice.hpp"
#include "stream/proto_mapping.hpp"

namespace meadow::stream {

namespace {

// 0 … 65535 for `value` across [low, low + extent]; the edges clamp (a firefly in transit flies
// just outside the world).
std::uint32_t quantised(float value, float low, float extent) {
  const float t = extent > 0.0F ? (value - low) / extent : 0.0F;
  const float clamped = std::isfinite(t) ? std::clamp(t, 0.0F, 1.0F) : 0.0F;
  return static_cast<std::uint32_t>(std::lround(clamped * kTrailPointSteps));
}

}  // namespace

void fill_trail_points(const sim::SwarmEngine& swarm, std::uint64_t seed, const sim::Rect& world,
                       std::uint64_t frame, std::uint64_t tick, v1::TrailPoints& out) {
  out.set_frame(frame);
  out.set_tick(tick);
  to_proto(world, *out.mutable_bounds());
  const std::span<const std::uint32_t> ids = swarm.ids();
  const sim::SwarmView view = swarm.view();
  const std::vector<std::size_t> chosen = sim::chosen_for_trails(ids, seed, kLiveTrailCount);
  out.mutable_ids()->Reserve(static_cast<int>(chosen.size()));
  out.mutable_xy()->Reserve(static_cast<int>(chosen.size()));
  for (const std::size_t i : chosen) {
    out.add_ids(ids[i]);
    out.add_xy(quantised(view.x[i], world.x, world.width) << 16U | quantised(view.y[i], world.y, world.height));
  }
}

sim::Vec2 trail_point(std::uint32_t packed, const sim::Rect& world) {
  return {world.x + static_cast<float>(packed >> 16U) / kTrailPointSteps * world.width,
          world.y + static_cast<float>(packed & 0xFFFFU) / kTrailPointSteps * world.height};
}

}  // namespace meadow::stream
