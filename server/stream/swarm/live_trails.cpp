#include "stream/swarm/live_trails.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
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

constexpr float kNowhere = std::numeric_limits<float>::quiet_NaN();

}  // namespace

void LiveTrails::choose(const sim::SwarmEngine& swarm, std::uint64_t seed) {
  const std::span<const std::uint32_t> ids = swarm.ids();
  chosen_.clear();
  for (const std::size_t i : sim::chosen_for_trails(ids, seed, kLiveTrailCount)) chosen_.push_back(ids[i]);
  // Ascending, as chosen_for_trails gives them: the lookups (lower_bound) and the message rely on it.
  assert(std::is_sorted(chosen_.begin(), chosen_.end()));
  const std::uint32_t most = chosen_.empty() ? 0 : chosen_.back();
  chosen_bits_.assign(static_cast<std::size_t>(most) / 64 + 1, 0);
  for (const std::uint32_t id : chosen_) chosen_bits_[id / 64] |= std::uint64_t{1} << (id % 64U);
  ++choices_;
}

void LiveTrails::gather_from_view(const sim::SwarmEngine& swarm) {
  const std::span<const std::uint32_t> ids = swarm.ids();
  const sim::SwarmView view = swarm.view();
  const std::size_t words = chosen_bits_.size();
  for (std::size_t i = 0; i < ids.size(); ++i) {
    const std::uint32_t id = ids[i];
    const std::size_t word = id / 64;
    if (word >= words || (chosen_bits_[word] >> (id % 64U) & 1U) == 0) continue;
    const auto k = static_cast<std::size_t>(std::lower_bound(chosen_.begin(), chosen_.end(), id) - chosen_.begin());
    at_[k] = {view.x[i], view.y[i]};
    found_[k] = 1;
  }
}

void LiveTrails::fill(const sim::SwarmEngine& swarm, std::uint64_t seed, const sim::Rect& world, std::uint64_t frame,
                      std::uint64_t tick, v1::TrailPoints& out) {
  out.set_frame(frame);
  out.set_tick(tick);
  to_proto(world, *out.mutable_bounds());
  const Key key{&swarm, swarm.population(), swarm.count(), seed};
  if (key_ != key) {
    choose(swarm, seed);
    key_ = key;
  }
  at_.assign(chosen_.size(), sim::Vec2{kNowhere, kNowhere});
  found_.assign(chosen_.size(), 0);
  if (swarm.gather(chosen_, at_)) {
    for (std::size_t k = 0; k < at_.size(); ++k) found_[k] = std::isfinite(at_[k].x) ? 1 : 0;  // NaN: no such id
  } else {
    gather_from_view(swarm);
  }
  out.mutable_ids()->Reserve(static_cast<int>(chosen_.size()));
  out.mutable_xy()->Reserve(static_cast<int>(chosen_.size()));
  for (std::size_t k = 0; k < chosen_.size(); ++k) {
    if (found_[k] == 0) continue;  // gone: the next choice leaves it out
    out.add_ids(chosen_[k]);
    out.add_xy(quantised(at_[k].x, world.x, world.width) << 16U | quantised(at_[k].y, world.y, world.height));
  }
}

sim::Vec2 trail_point(std::uint32_t packed, const sim::Rect& world) {
  return {world.x + static_cast<float>(packed >> 16U) / kTrailPointSteps * world.width,
          world.y + static_cast<float>(packed & 0xFFFFU) / kTrailPointSteps * world.height};
}

}  // namespace meadow::stream
