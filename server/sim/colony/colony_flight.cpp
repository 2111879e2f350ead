// How colony fireflies fly: wanderers wander (a heading that turns a little at random each
// step; they do not flock like the swarm), foragers fly straight to their flower and carriers
// and the hungry straight home, so a rich flower close to home draws a stream of light between
// the two. The house's soft edges and rocks act on all of them (the swarm's rules, one place:
// sim/swarm/steering.hpp). Flying burns energy; a firefly that runs out dies where it is.
#include <algorithm>
#include <cmath>
#include <optional>

#include "sim/colony/colony.hpp"
#include "sim/swarm/steering.hpp"
#include "sim/swarm/swarm_rules.hpp"

namespace meadow::sim {

namespace {

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
    case FireflyState::wandering:
      f.heading += params_.wander_turn * random(RandomPurpose::kColonyWander).signed_unit(f.id);
      wanted = {std::cos(f.heading) * cruise, std::sin(f.heading) * cruise};
      break;
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
  const Vec2 rock = steering::rock_push(f.at, rocks);
  const Vec2 edge = steering::edge_push(f.at, meadow_);
  Vec2 v{f.velocity.x + (wanted.x - f.velocity.x) * params_.steer_rate + rock.x + edge.x,
         f.velocity.y + (wanted.y - f.velocity.y) * params_.steer_rate + rock.y + edge.y};
  const float speed = std::sqrt(v.x * v.x + v.y * v.y);
  if (speed > swarm_rules::kMaxSpeed) {
    v.x *= swarm_rules::kMaxSpeed / speed;
    v.y *= swarm_rules::kMaxSpeed / speed;
  }
  f.velocity = v;
  f.at = {f.at.x + v.x, f.at.y + v.y};
  // A wanderer's heading follows where it actually flies, so edges and rocks turn it for good.
  if (f.state == FireflyState::wandering && speed > 0.0F) f.heading = std::atan2(v.y, v.x);
  f.energy -= 1.0F / static_cast<float>(params_.flight_steps);
  if (f.energy <= 0.0F) die(f);
}

}  // namespace meadow::sim
