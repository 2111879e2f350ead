// How colony fireflies fly: wanderers wander (a heading that turns a little at random each
// step; they do not flock), foragers fly straight to their flower and carriers
// and the hungry straight home, so a rich flower close to home draws a stream of light between
// the two. The house's soft edges and rocks act on all of them (the land's push, one place:
// sim/land_push.hpp). Flying burns energy; a firefly that runs out dies where it is.
#include <algorithm>
#include <cmath>
#include <optional>

#include "sim/colony/colony.hpp"
#include "sim/land_push.hpp"
#include "sim/colony/colony_random.hpp"

namespace meadow::sim {

namespace {

// Within this distance of where it is going a firefly comes in to land, and rocks and edges
// stop turning it (units): a flower may stand at a rock's rim or near the meadow's edge.
constexpr float kFinalApproach = 40.0F;

bool in_flight(FireflyState s) {
  return s == FireflyState::wandering || s == FireflyState::foraging || s == FireflyState::carrying ||
         s == FireflyState::hungry || s == FireflyState::rising;
}

}  // namespace

void Colony::fly(ColonyFirefly& f, std::span<const Rock> rocks) {
  if (!in_flight(f.state)) return;
  const float cruise = params_.cruise_speed;
  Vec2 wanted;
  std::optional<Vec2> target;
  switch (f.state) {
    case FireflyState::wandering: {
      f.heading += params_.wander_turn * random(colony_random::kWander).signed_unit(f.id);
      const float from_home = distance(f.at, stump_);
      if (from_home > params_.home_range) {
        // Turn towards home by the shorter way round.
        const float home = std::atan2(stump_.y - f.at.y, stump_.x - f.at.x);
        const float off = std::remainder(home - f.heading, kTau);
        const float pull = params_.home_pull * std::min(1.0F, (from_home - params_.home_range) / params_.home_range);
        f.heading += std::clamp(off, -pull, pull);
      }
      wanted = {std::cos(f.heading) * cruise, std::sin(f.heading) * cruise};
      break;
    }
    case FireflyState::rising:  // up and out of the hollow along its first heading
      wanted = {std::cos(f.heading) * cruise, std::sin(f.heading) * cruise};
      break;
    case FireflyState::foraging:
      if (const Flower* own = flower(f.flower)) target = own->at;
      break;
    case FireflyState::carrying:
      target = stump_;
      break;
    default:  // hungry: to its own spot on the stump
      target = home_spot(f);
      break;
  }
  if (f.seed_steps > 0 && --f.seed_steps == 0) shed_seed(f);
  if (target) {
    const float dx = target->x - f.at.x;
    const float dy = target->y - f.at.y;
    const float d = std::sqrt(dx * dx + dy * dy);
    if (d <= cruise) {
      // Close enough to land this step: it arrives (behave() sees it there next step).
      f.at = *target;
      f.velocity = {dx, dy};
      f.energy -= 1.0F / static_cast<float>(params_.flight_steps);
      if (f.energy <= 0.0F) die(f);
      return;
    }
    wanted = {dx / d * cruise, dy / d * cruise};
  }
  const Vec2 rock = land_push::rock_push(f.at, rocks);
  const Vec2 edge = land_push::edge_push(f.at, meadow_);
  Vec2 away{rock.x + edge.x, rock.y + edge.y};
  if (target) {
    // On its way somewhere, rocks and edges only turn it aside, never back (so it cannot be held
    // off a flower by a rock beside it), and fade out as it comes in to land.
    const Vec2 dir{wanted.x / cruise, wanted.y / cruise};
    const float along = away.x * dir.x + away.y * dir.y;
    const float d = distance(f.at, *target);
    const float fade = std::min(1.0F, d / kFinalApproach);
    away = {(away.x - along * dir.x) * fade, (away.y - along * dir.y) * fade};
  }
  Vec2 v{f.velocity.x + (wanted.x - f.velocity.x) * params_.steer_rate + away.x,
         f.velocity.y + (wanted.y - f.velocity.y) * params_.steer_rate + away.y};
  const float speed = std::sqrt(v.x * v.x + v.y * v.y);
  if (speed > kColonyTopSpeed) {
    v.x *= kColonyTopSpeed / speed;
    v.y *= kColonyTopSpeed / speed;
  }
  f.velocity = v;
  f.at = {f.at.x + v.x, f.at.y + v.y};
  // A wanderer keeps the heading it meanders along; where an edge or a rock turns it, it takes the
  // way it was turned to for good (else it would push back against the edge every step).
  const bool turned = away.x != 0.0F || away.y != 0.0F;
  if (f.state == FireflyState::wandering && turned && speed > 0.0F) f.heading = std::atan2(v.y, v.x);
  f.energy -= 1.0F / static_cast<float>(params_.flight_steps);
  if (f.energy <= 0.0F) die(f);
}

}  // namespace meadow::sim
