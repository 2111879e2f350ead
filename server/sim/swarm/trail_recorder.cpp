#include "sim/swarm/trail_recorder.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "sim/swarm/trail_choice.hpp"

namespace meadow::sim {

namespace {

constexpr float kTrailTau = 6.28318530718F;
// The ramp's phases for red, green and blue.
constexpr TrailColour kTrailPhases{0.0F, 1.0F / 3.0F, 2.0F / 3.0F};

}  // namespace

TrailColour trail_colour(std::size_t place, std::size_t trails) {
  const float t = trails == 0 ? 0.0F : static_cast<float>(place) / static_cast<float>(trails);
  TrailColour c{};
  for (std::size_t i = 0; i < c.size(); ++i) c[i] = 0.5F + 0.5F * std::cos(kTrailTau * (t + kTrailPhases[i]));
  return c;
}

TrailRecorder::TrailRecorder(TrailPlan plan, std::uint64_t seed)
    : plan_(clamped_trail_plan(plan)), seed_(seed), warmup_left_(plan_.warmup_steps) {}

void TrailRecorder::choose(std::span<const std::uint32_t> ids) {
  const std::vector<std::size_t> chosen = chosen_for_trails(ids, seed_, plan_.count);
  for (std::size_t k = 0; k < chosen.size(); ++k) {
    Trail& t = trails_.emplace_back();
    t.id = ids[chosen[k]];
    t.colour = trail_colour(k, chosen.size());
    place_[t.id] = k;
  }
  seen_at_.assign(trails_.size(), 0);
}

bool TrailRecorder::after_step(const SwarmView& view, std::span<const std::uint32_t> ids, const Rect& world) {
  if (done()) return true;
  if (warmup_left_ > 0) {
    --warmup_left_;
    return false;
  }
  if (recorded_ == 0) choose(ids);
  ++recorded_;  // this step's number, from 1
  const std::size_t n = std::min({ids.size(), view.x.size(), view.y.size()});
  for (std::size_t i = 0; i < n; ++i) {
    const auto it = place_.find(ids[i]);
    if (it == place_.end()) continue;
    const Vec2 p{view.x[i], view.y[i]};
    if (!world.contains(p)) continue;  // arriving or leaving: not part of the path it flies here
    Trail& trail = trails_[it->second];
    std::uint32_t& seen = seen_at_[it->second];
    const bool continues = !trail.pieces.empty() && seen + 1 == recorded_ &&
                           std::hypot(p.x - trail.pieces.back().back().x, p.y - trail.pieces.back().back().y) <=
                               kTrailLiftDistance;
    if (!continues) trail.pieces.emplace_back();
    trail.pieces.back().push_back(p);
    seen = recorded_;
  }
  return done();
}

std::vector<Trail> TrailRecorder::take() {
  std::vector<Trail> out;
  for (Trail& t : trails_) {
    std::erase_if(t.pieces, [](const std::vector<Vec2>& piece) { return piece.size() < 2; });
    if (!t.pieces.empty()) out.push_back(std::move(t));
  }
  trails_.clear();
  place_.clear();
  return out;
}

}  // namespace meadow::sim
