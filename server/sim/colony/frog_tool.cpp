// The frog tool (docs/rules.md "The frog", "The tools · Frog"): a frog dropped on the meadow like a
// rock, and taken away by a tap on it; and where a frog may sit at all, whether dropped or landing
// from a hop.
#include <algorithm>
#include <cmath>
#include <string>

#include "sim/colony/colony.hpp"
#include "sim/holder.hpp"
#include "sim/colony/colony_random.hpp"

namespace meadow::sim {

namespace {

// Where a frog sits now, or lands if it is in the air: what another frog or a rock must keep
// clear of.
Vec2 frog_place(const Frog& frog) { return frog.hopping() ? frog.hop_to : frog.at; }

}  // namespace

Colony::FrogSpot Colony::frog_spot(Vec2 at, const Land& land, std::uint32_t except_frog) const {
  // Its whole body on the meadow.
  const float body = params_.frog_body_radius;
  if (at.x < meadow_.x + body || at.x > meadow_.right() - body || at.y < meadow_.y + body ||
      at.y > meadow_.bottom() - body) {
    return FrogSpot::outside;
  }
  if (distance(at, stump_) < frog_stump_keep_out(params_)) return FrogSpot::stump;
  for (const Rock& rock : land.rocks()) {
    if (distance(at, rock.center) < rock.radius + body) return FrogSpot::rock;
  }
  for (const Frog& other : state_.frogs) {
    if (other.id != except_frog && distance(at, frog_place(other)) < 2.0F * body) return FrogSpot::frog;
  }
  return FrogSpot::free;
}

ActionOutcome Colony::tap_frog(Vec2 at, const Land& land, std::uint64_t by, std::uint64_t visitor) {
  const std::optional<std::size_t> under = frog_at(at);
  if (!under) return drop_frog(at, land, by, visitor);
  const Frog& frog = state_.frogs[*under];
  // The viewer who dropped it, in that session or another of the same visitor (a reconnection:
  // its frog counts against it, so it must be able to take it away).
  if (by != kOperator && !counts_against(by, visitor, frog.owner, frog.visitor)) {
    return refused("not_yours", "That frog is another visitor's: only they, or the operator, can take it away.");
  }
  state_.frogs.erase(state_.frogs.begin() + static_cast<std::ptrdiff_t>(*under));
  return {};
}

ActionOutcome Colony::drop_frog(Vec2 at, const Land& land, std::uint64_t by, std::uint64_t visitor) {
  if (state_.frogs.size() >= params_.max_frogs) {
    return refused("frog_limit", "There are " + std::to_string(params_.max_frogs) +
                                     " frogs on the meadow already: take one away to drop another.");
  }
  if (by != kOperator) {
    const std::size_t mine = held_by(state_.frogs, by, visitor, [](const Frog& f) { return f.owner; },
                                     [](const Frog& f) { return f.visitor; });
    if (static_cast<std::uint32_t>(mine) >= params_.max_frogs_per_viewer) {
      return refused("frog_limit_viewer", "Your frog is on the meadow already: take it away to drop another.");
    }
  }
  switch (frog_spot(at, land)) {
    case FrogSpot::outside:
      return refused("outside_meadow", "Frogs live on the meadow: drop it inside.");
    case FrogSpot::stump:
      return refused("no_room",
                     "The stump is the colony's home: a frog there would eat every firefly coming home. "
                     "Drop it further out.");
    case FrogSpot::rock:
      return refused("no_room", "A frog cannot sit on a rock: drop it beside it.");
    case FrogSpot::frog:
      return refused("no_room", "Another frog sits there.");
    case FrogSpot::free:
      break;
  }
  Frog frog;
  frog.id = state_.next_frog_id++;
  frog.at = at;
  frog.hop_from = at;
  frog.hop_to = at;
  frog.heading = random(colony_random::kFrogHop).unit(frog.id, 1) * kTau;
  frog.next_hop_step = state_.step + draw_sit(frog.id);
  frog.owner = by;
  frog.visitor = visitor;
  state_.frogs.push_back(frog);  // ids only grow, so id order holds
  return {};
}

std::optional<std::size_t> Colony::frog_at(Vec2 at) const {
  std::optional<std::size_t> nearest;
  float best = params_.frog_body_radius * params_.frog_body_radius;
  for (std::size_t i = 0; i < state_.frogs.size(); ++i) {
    const float d = distance_squared(at, state_.frogs[i].at);
    if (d <= best) {
      best = d;
      nearest = i;
    }
  }
  return nearest;
}

bool Colony::frog_under(Vec2 center, float radius) const {
  return std::any_of(state_.frogs.begin(), state_.frogs.end(), [&](const Frog& frog) {
    return distance(center, frog_place(frog)) < radius + params_.frog_body_radius;
  });
}

}  // namespace meadow::sim
