#include "sim/pond/pond_tools.hpp"

#include <algorithm>
#include <string>

#include "sim/holder.hpp"
#include "sim/pond/pond_random.hpp"
#include "sim/pond/pond_rules.hpp"

namespace meadow::sim {


ActionOutcome PondTools::drop(const Action& action, const FlowerTap& tap, const PondWater& water, std::uint64_t seed) {
  const std::uint64_t origin = action.origin;
  if (!tap.handful && !water.in_water(tap.at.x, tap.at.y)) {
    return refused("outside_world", "Crumbs go on the water: tap the pond between the lily pads.");
  }
  const std::size_t room_pond = pond_rules::kMaxCrumbs - std::min<std::size_t>(crumbs_.size(), pond_rules::kMaxCrumbs);
  const std::size_t held = held_by(
      crumbs_, origin, action.visitor, [](const PondCrumb& c) { return c.owner; },
      [](const PondCrumb& c) { return c.visitor; });
  const std::size_t room_viewer =
      origin == kOperator ? room_pond : pond_rules::kMaxCrumbsPerViewer - std::min<std::size_t>(held, pond_rules::kMaxCrumbsPerViewer);
  const std::size_t room = std::min(room_pond, room_viewer);
  if (room == 0) {
    if (room_pond == 0) {
      return refused("food_limit", "The pond already holds " + std::to_string(pond_rules::kMaxCrumbs) +
                                       " crumbs: wait until the fish have eaten some.");
    }
    return refused("food_limit_viewer", "You have " + std::to_string(pond_rules::kMaxCrumbsPerViewer) +
                                            " crumbs on the water (with your other tabs): wait until the fish eat one.");
  }
  if (!tap.handful) {
    crumbs_.push_back({next_crumb_id_++, tap.at, origin, action.visitor});
    return {};
  }
  // A handful: over the whole water, as many as the caps leave room for.
  const CounterRandom random(seed, next_crumb_id_, pond_random::kHandful);
  const std::size_t n = std::min<std::size_t>(pond_rules::kHandful, room);
  for (std::size_t k = 0; k < n; ++k) {
    crumbs_.push_back({next_crumb_id_++, water.random_point(random, k), origin, action.visitor});
  }
  if (n < pond_rules::kHandful) return ActionOutcome{true, "food_limit_viewer", "Only " + std::to_string(n) + " crumbs fitted: the pond holds what it can."};
  return {};
}

ActionOutcome PondTools::predator(std::uint64_t origin, PointerPhase phase, Vec2 at) {
  auto it = std::find_if(predators_.begin(), predators_.end(), [origin](const PondPredator& p) { return p.owner == origin; });
  if (phase == PointerPhase::up) {
    if (it != predators_.end()) predators_.erase(it);
    return {};
  }
  if (it == predators_.end()) {
    if (phase == PointerPhase::move) return {};  // its down was refused, or came in another world
    if (predators_.size() >= pond_rules::kMaxPredators) {
      return refused("predator_limit", "As many predators as the pond takes are in it already: try again in a moment.");
    }
    predators_.push_back({origin, at});
    return {};
  }
  it->at = at;
  return {};
}

void PondTools::pointer_released(std::uint64_t viewer) {
  std::erase_if(predators_, [viewer](const PondPredator& p) { return p.owner == viewer; });
}

void PondTools::remove_crumbs(const std::vector<std::size_t>& eaten) {
  for (auto it = eaten.rbegin(); it != eaten.rend(); ++it) crumbs_.erase(crumbs_.begin() + static_cast<std::ptrdiff_t>(*it));
}

std::vector<Vec2> PondTools::crumb_points() const {
  std::vector<Vec2> out;
  out.reserve(crumbs_.size());
  for (const PondCrumb& c : crumbs_) out.push_back(c.at);
  return out;
}

std::vector<Vec2> PondTools::predator_points() const {
  std::vector<Vec2> out;
  out.reserve(predators_.size());
  for (const PondPredator& p : predators_) out.push_back(p.at);
  return out;
}

}  // namespace meadow::sim
