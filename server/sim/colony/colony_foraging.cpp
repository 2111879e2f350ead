// The colony's foraging (docs/rules.md "The colony · Foraging", "… · Recruitment", "… · Memory"):
// what each firefly decides this step, the carriers recruiting wanderers, and flowers that are
// spent.
#include <algorithm>
#include <cmath>

#include "sim/colony/colony.hpp"
#include "sim/colony/colony_random.hpp"

namespace meadow::sim {

namespace {

bool at(Vec2 p, Vec2 spot, float within) { return distance_squared(p, spot) <= within * within; }

}  // namespace

bool Colony::can_join(std::uint32_t flower) const {
  for (std::size_t i = 0; i < state_.flowers.size(); ++i) {
    const Flower& fl = state_.flowers[i];
    if (fl.id == flower) return fl.has_nectar() && members_[i] < params_.max_foragers;
  }
  return false;
}

void Colony::join(ColonyFirefly& f, std::uint32_t flower) {
  leave_group(f);
  f.flower = flower;
  if (f.remembered == flower) f.remembered = kNoFlower;
  for (std::size_t i = 0; i < state_.flowers.size(); ++i) {
    if (state_.flowers[i].id == flower) ++members_[i];
  }
  f.state = FireflyState::foraging;
}

void Colony::leave_group(ColonyFirefly& f) {
  if (f.flower == kNoFlower) return;
  for (std::size_t i = 0; i < state_.flowers.size(); ++i) {
    if (state_.flowers[i].id == f.flower && members_[i] > 0) --members_[i];
  }
  f.flower = kNoFlower;
}

void Colony::behave(ColonyFirefly& f) {
  switch (f.state) {
    case FireflyState::wandering:
      if (should_go_home(f)) return go_home_hungry(f);
      sense_flowers(f);
      return;
    case FireflyState::foraging: {
      if (should_go_home(f)) return go_home_hungry(f);
      const Flower* own = flower(f.flower);
      if (own == nullptr) return lost_flower(f);
      sense_flowers(f);
      if (at(f.at, own->at, params_.land_radius)) {
        if (!own->has_nectar()) return lost_flower(f);
        f.state = FireflyState::sipping;
        f.timer = params_.sip_steps;
        f.velocity = {};
      }
      return;
    }
    case FireflyState::sipping: {
      if (f.timer > 0 && --f.timer > 0) return;
      Flower* own = find_flower(f.flower);
      if (own == nullptr || !own->has_nectar()) return lost_flower(f);
      --own->sips;
      events_.add(tick_, ColonySipEvent{f.id, own->id, own->sips});
      f.state = FireflyState::carrying;
      f.carried_from = own->id;
      maybe_stick_seed(f);
      return;
    }
    case FireflyState::carrying:
      sense_flowers(f);
      if (at(f.at, stump_, params_.stump_radius)) deliver(f);
      return;
    case FireflyState::hungry:
      if (at(f.at, home_spot(f), params_.land_radius)) {
        f.state = FireflyState::eating;
        f.timer = params_.meal_steps;
        f.velocity = {};
      }
      return;
    case FireflyState::eating:
      return eat(f);
    case FireflyState::dying:
      if (f.timer > 0) --f.timer;
      return;
    case FireflyState::dormant:
      return wake_spark(f);
    case FireflyState::rising:
      if (f.timer > 0 && --f.timer > 0) return;
      f.state = FireflyState::wandering;
      return;
  }
}

void Colony::sense_flowers(ColonyFirefly& f) {
  // A wanderer joins the nearest flower with nectar and room that it passes; a forager on its
  // way remembers one other such flower (the latest it passed).
  const Flower* nearest = nullptr;
  float best = params_.find_radius * params_.find_radius;
  for (const Flower& fl : state_.flowers) {
    if (fl.id == f.flower || !fl.has_nectar()) continue;
    const float d = distance_squared(f.at, fl.at);
    if (d <= best && (f.state != FireflyState::wandering || can_join(fl.id))) {
      best = d;
      nearest = &fl;
    }
  }
  if (nearest == nullptr) return;
  if (f.state == FireflyState::wandering) {
    join(f, nearest->id);
  } else {
    f.remembered = nearest->id;
  }
}

void Colony::deliver(ColonyFirefly& f) {
  const bool was_full = state_.store >= 1.0;
  state_.store = std::min(1.0, state_.store + params_.sip_store);
  events_.add(tick_, ColonyDeliveryEvent{f.id, f.carried_from, static_cast<float>(state_.store)});
  f.carried_from = kNoFlower;
  if (was_full || state_.store >= 1.0) {
    // The beehive: a full store (which means a full-sized colony, births having stopped) wants
    // no more; the forager goes back to wandering.
    leave_group(f);
    f.state = FireflyState::wandering;
    return;
  }
  if (should_go_home(f)) {
    // Home already: straight to eating, keeping its group for afterwards.
    f.state = FireflyState::eating;
    f.timer = params_.meal_steps;
    f.velocity = {};
    return;
  }
  back_to_work(f);
}

void Colony::back_to_work(ColonyFirefly& f) {
  const Flower* own = flower(f.flower);
  if (own == nullptr || !own->has_nectar()) return lost_flower(f);
  // The remembered flower wins only when it is at most 80 % as far from home and has room.
  if (const Flower* other = flower(f.remembered);
      other != nullptr && can_join(other->id) &&
      distance(other->at, stump_) <= params_.switch_distance_ratio * distance(own->at, stump_)) {
    join(f, other->id);
    return;
  }
  f.state = FireflyState::foraging;
}

void Colony::lost_flower(ColonyFirefly& f) {
  // Its flower is empty or gone: the remembered one if it still has nectar and room, else wander.
  if (f.remembered != kNoFlower && can_join(f.remembered)) {
    join(f, f.remembered);
    return;
  }
  f.remembered = kNoFlower;
  leave_group(f);
  f.state = FireflyState::wandering;
}

void Colony::recruit() {
  // Only a carrier recruits, only for a flower that still has nectar and room, never into a full
  // store; a wanderer near it joins with recruit_chance for every step it stays close (and per
  // carrier, when several pass). Eating, dying, hungry or busy fireflies are not wanderers.
  if (state_.store >= 1.0) return;
  const CounterRandom chance = random(colony_random::kRecruit);
  const float reach2 = params_.recruit_radius * params_.recruit_radius;
  // The wanderers once, compactly: each carrier scans only them (in id order, as before).
  wanderers_.clear();
  for (std::size_t i = 0; i < state_.fireflies.size(); ++i) {
    if (state_.fireflies[i].state == FireflyState::wandering) wanderers_.push_back(i);
  }
  if (wanderers_.empty()) return;
  for (const ColonyFirefly& carrier : state_.fireflies) {
    if (carrier.state != FireflyState::carrying) continue;
    const std::uint32_t target = carrier.flower != kNoFlower ? carrier.flower : carrier.carried_from;
    for (const std::size_t i : wanderers_) {
      ColonyFirefly& w = state_.fireflies[i];
      if (w.state != FireflyState::wandering || distance_squared(w.at, carrier.at) > reach2) continue;
      if (!can_join(target)) break;  // full or empty: no more for this carrier this step
      if (chance.unit(w.id, carrier.id) < params_.recruit_chance) join(w, target);
    }
  }
}

void Colony::remove_spent_flowers() {
  // An empty or withered flower goes as soon as nobody is carrying a sip of it home
  // (docs/rules.md "The flowers · A flower's life").
  for (std::size_t i = 0; i < state_.flowers.size();) {
    const Flower fl = state_.flowers[i];
    const bool carried = std::any_of(state_.fireflies.begin(), state_.fireflies.end(), [&](const ColonyFirefly& f) {
      return f.state == FireflyState::carrying && f.carried_from == fl.id;
    });
    if (!fl.spent() || carried) {
      ++i;
      continue;
    }
    state_.flowers.erase(state_.flowers.begin() + static_cast<std::ptrdiff_t>(i));
    members_.erase(members_.begin() + static_cast<std::ptrdiff_t>(i));
    for (ColonyFirefly& f : state_.fireflies) {
      if (f.remembered == fl.id) f.remembered = kNoFlower;
      if (f.flower != fl.id) continue;
      f.flower = kNoFlower;  // its entry in members_ is gone already
      // Those on their way or sitting on it turn to what they remember, or wander; those gone
      // home to eat find out when they set off again.
      if (f.state == FireflyState::foraging || f.state == FireflyState::sipping) lost_flower(f);
    }
    events_.add(tick_, FlowerGoneEvent{fl.id, fl.at});
  }
}

}  // namespace meadow::sim
