#include "sim/swarm/swarm_tools.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "sim/holder.hpp"
#include "sim/swarm/tool_rules.hpp"

namespace meadow::sim {

namespace t = tool_rules;

namespace {

// Fireflies per chunk of the eating check: a fixed number, so the chunks (and their masks) do
// not depend on the thread count.
constexpr std::size_t kEatChunk = 16384;

std::size_t held(const std::vector<ToolMark>& marks, std::uint64_t owner, std::uint64_t visitor) {
  return held_by(marks, owner, visitor, [](const ToolMark& m) { return m.owner; }, [](const ToolMark& m) { return m.visitor; });
}

}  // namespace

ActionOutcome SwarmTools::attract_tap(std::uint64_t owner, std::uint64_t visitor, Vec2 at, float hit_radius) {
  auto nearest = attract_.end();
  float best = hit_radius * hit_radius;
  for (auto it = attract_.begin(); it != attract_.end(); ++it) {
    const float dx = it->at.x - at.x;
    const float dy = it->at.y - at.y;
    const float d2 = dx * dx + dy * dy;
    if (d2 <= best) {
      best = d2;
      nearest = it;
    }
  }
  if (nearest != attract_.end()) {
    attract_.erase(nearest);
    mirror_inputs();
    return {};
  }
  if (held(attract_, owner, visitor) >= t::kMaxAttractPerViewer) {
    return refused("attract_limit", "You already have " + std::to_string(t::kMaxAttractPerViewer) +
                                        " attract marks (with your other tabs); tap one to remove it first.");
  }
  if (attract_.size() >= t::kMaxAttract) {
    return refused("attract_limit_all", "The meadow already holds " + std::to_string(t::kMaxAttract) +
                                            " attract marks; tap one to remove it first.");
  }
  attract_.push_back(ToolMark{next_id_++, owner, at, visitor});
  mirror_inputs();
  return {};
}

ActionOutcome SwarmTools::drop_crumb(std::uint64_t owner, std::uint64_t visitor, Vec2 at) {
  if (held(crumbs_, owner, visitor) >= t::kMaxCrumbsPerViewer) {
    return refused("crumb_limit", "You already have " + std::to_string(t::kMaxCrumbsPerViewer) +
                                      " crumbs waiting (with your other tabs); let the fireflies eat them first.");
  }
  if (crumbs_.size() >= t::kMaxCrumbs) {
    return refused("crumb_limit_all", "The meadow already holds " + std::to_string(t::kMaxCrumbs) +
                                          " crumbs; let the fireflies eat them first.");
  }
  crumbs_.push_back(ToolMark{next_id_++, owner, at, visitor});
  mirror_inputs();
  return {};
}

ActionOutcome SwarmTools::predator(std::uint64_t owner, PointerPhase phase, Vec2 at) {
  const auto mine = std::find_if(predators_.begin(), predators_.end(),
                                 [owner](const SwarmPredator& p) { return p.owner == owner; });
  if (phase == PointerPhase::up) {
    if (mine != predators_.end()) predators_.erase(mine);
    return {};
  }
  if (mine != predators_.end()) {
    mine->at = at;
    return {};
  }
  if (predators_.size() >= t::kMaxPredators) {
    return refused("predator_limit", "Too many predators on the meadow right now; try again soon.");
  }
  predators_.push_back(SwarmPredator{owner, at});
  return {};
}

void SwarmTools::viewer_left(std::uint64_t owner) {
  std::erase_if(predators_, [owner](const SwarmPredator& p) { return p.owner == owner; });
}

void SwarmTools::keep_inside(const Rect& world) {
  const auto outside = [&world](const ToolMark& m) { return !world.contains(m.at); };
  const std::size_t removed = std::erase_if(attract_, outside) + std::erase_if(crumbs_, outside);
  if (removed > 0) mirror_inputs();
}

std::uint64_t SwarmTools::crumbs_reached(const SwarmView& swarm, ParallelFor& parallel) {
  if (crumbs_.empty()) return 0;
  static_assert(t::kMaxCrumbs <= 64, "one bit per crumb in a 64-bit mask");
  // Only fireflies in the box around all crumbs can eat: four compares reject the rest.
  Rect box{crumbs_[0].at.x, crumbs_[0].at.y, 0.0F, 0.0F};
  for (const ToolMark& c : crumbs_) {
    const float right = std::max(box.right(), c.at.x);
    const float bottom = std::max(box.bottom(), c.at.y);
    box.x = std::min(box.x, c.at.x);
    box.y = std::min(box.y, c.at.y);
    box.width = right - box.x;
    box.height = bottom - box.y;
  }
  box = {box.x - t::kCrumbEat, box.y - t::kCrumbEat, box.width + 2.0F * t::kCrumbEat,
         box.height + 2.0F * t::kCrumbEat};
  const std::size_t n = swarm.x.size();
  chunk_eaten_.assign((n + kEatChunk - 1) / kEatChunk, 0);
  constexpr float kEat2 = t::kCrumbEat * t::kCrumbEat;
  parallel.run(n, kEatChunk, [&](std::size_t begin, std::size_t end) {
    std::uint64_t mask = 0;
    for (std::size_t i = begin; i < end; ++i) {
      const float x = swarm.x[i];
      const float y = swarm.y[i];
      if (x < box.x || x > box.right() || y < box.y || y > box.bottom()) continue;
      for (std::size_t c = 0; c < crumbs_.size(); ++c) {
        const float dx = x - crumbs_[c].at.x;
        const float dy = y - crumbs_[c].at.y;
        if (dx * dx + dy * dy <= kEat2) mask |= std::uint64_t{1} << c;
      }
    }
    chunk_eaten_[begin / kEatChunk] = mask;
  });
  std::uint64_t all = 0;
  for (const std::uint64_t mask : chunk_eaten_) all |= mask;
  return all;
}

void SwarmTools::eat_crumbs(std::uint64_t reached, std::vector<ToolMark>& eaten) {
  if (reached == 0) return;
  std::size_t kept = 0;
  for (std::size_t c = 0; c < crumbs_.size(); ++c) {
    if ((reached >> c & 1U) != 0) {
      eaten.push_back(crumbs_[c]);
      ++fed_;
    } else {
      crumbs_[kept++] = crumbs_[c];
    }
  }
  crumbs_.resize(kept);
  mirror_inputs();
}

SwarmInputs SwarmTools::inputs(float predator_reach) const {
  SwarmInputs in;
  in.predators = predators_;
  in.predator_reach = predator_reach;
  in.attractors = attract_inputs_;
  in.crumbs = crumb_inputs_;
  return in;
}

void SwarmTools::restore(const State& state) {
  attract_ = state.attract;
  crumbs_ = state.crumbs;
  predators_ = state.predators;
  next_id_ = state.next_id;
  fed_ = state.fed;
  mirror_inputs();
}

void SwarmTools::mirror_inputs() {
  attract_inputs_.clear();
  for (const ToolMark& m : attract_) attract_inputs_.push_back(SwarmAttractor{m.id, m.at});
  crumb_inputs_.clear();
  for (const ToolMark& m : crumbs_) crumb_inputs_.push_back(SwarmCrumb{m.id, m.at});
}

}  // namespace meadow::sim
