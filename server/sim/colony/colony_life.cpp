// The colony's life (docs/rules.md "The colony · Hunger", "… · Births", "… · The dormant spark"):
// meals from the store, deaths, births from the store, and the spark that outlives the colony.
#include <algorithm>
#include <cmath>

#include "sim/colony/colony.hpp"
#include "sim/colony/colony_random.hpp"

namespace meadow::sim {

namespace {

// Spots on the stump spread by the golden angle, so eaters sit side by side, not on one point.
constexpr float kGoldenAngle = 2.39996323F;  // radians
// Eaters sit within this share of the stump's radius from its centre.
constexpr float kSeatSpread = 0.6F;

}  // namespace

bool Colony::should_go_home(const ColonyFirefly& f) const {
  // Hungry, and there is something at home to eat; with an empty store it flies on (a carrier
  // may fill it) rather than sitting on the stump again and again.
  return f.energy < params_.hungry_below && state_.store > 0.0;
}

void Colony::go_home_hungry(ColonyFirefly& f) { f.state = FireflyState::hungry; }

Vec2 Colony::home_spot(const ColonyFirefly& f) const {
  const float angle = static_cast<float>(f.id) * kGoldenAngle;
  const float r = params_.stump_radius * kSeatSpread * std::sqrt(static_cast<float>(f.id % 16U) / 16.0F);
  return {stump_.x + std::cos(angle) * r, stump_.y + std::sin(angle) * r};
}

void Colony::eat(ColonyFirefly& f) {
  // A meal from empty to full takes meal_steps and full_meal_store of the store, so one from half
  // empty takes half as long and half as much; a store running dry cuts it short.
  float gain = std::min(1.0F / static_cast<float>(params_.meal_steps), 1.0F - f.energy);
  double cost = static_cast<double>(gain) * params_.full_meal_store;
  if (cost > state_.store) {
    gain = static_cast<float>(state_.store / params_.full_meal_store);
    cost = state_.store;
  }
  f.energy = std::min(1.0F, f.energy + gain);
  state_.store = std::max(0.0, state_.store - cost);
  f.meal_gained += gain;
  if (f.timer > 0) --f.timer;
  if (f.energy >= 1.0F || state_.store <= 0.0 || f.timer == 0 || gain <= 0.0F) finish_meal(f);
}

void Colony::finish_meal(ColonyFirefly& f) {
  events_.add(tick_, ColonyMealEvent{f.id, f.meal_gained, static_cast<float>(state_.store)});
  f.meal_gained = 0.0F;
  f.timer = 0;
  if (f.flower == kNoFlower) {
    f.state = FireflyState::wandering;
    return;
  }
  // Back to its group's flower, if that still has nectar.
  const Flower* own = flower(f.flower);
  if (own != nullptr && own->has_nectar()) {
    f.state = FireflyState::foraging;
  } else {
    lost_flower(f);
  }
}

void Colony::die(ColonyFirefly& f) {
  // It settles where it is and its light fades out; a sip it carried is lost with it, a seed
  // stuck on it falls there.
  if (f.seed_steps > 0) shed_seed(f);
  leave_group(f);
  f.remembered = kNoFlower;
  f.carried_from = kNoFlower;
  f.energy = 0.0F;
  f.velocity = {};
  f.state = FireflyState::dying;
  f.timer = params_.fade_steps;
  events_.add(tick_, ColonyDeathEvent{f.id, f.at});
}

void Colony::bury_faded() {
  std::erase_if(state_.fireflies,
                [](const ColonyFirefly& f) { return f.state == FireflyState::dying && f.timer == 0; });
}

ColonyFirefly& Colony::hatch(Vec2 at, FireflyState state) {
  ColonyFirefly f;
  f.id = state_.next_firefly_id++;
  f.at = at;
  f.state = state;
  f.energy = 1.0F;
  // Its own flash rhythm, drawn once from its id, and a heading to set off with.
  const CounterRandom own(seed_, 0, colony_random::kFlashPeriod);
  const auto span = static_cast<float>(params_.flash_period_max - params_.flash_period_min);
  f.period = static_cast<float>(params_.flash_period_min) + own.unit(f.id) * span;
  f.phase = CounterRandom(seed_, 0, colony_random::kFlashPhase).unit(f.id) * kTau;
  f.heading = random(colony_random::kHeading).unit(f.id) * kTau;
  if (state != FireflyState::dormant) {
    f.velocity = {std::cos(f.heading) * params_.cruise_speed, std::sin(f.heading) * params_.cruise_speed};
  }
  state_.fireflies.push_back(f);  // ids only grow, so id order holds
  return state_.fireflies.back();
}

void Colony::give_birth() {
  if (state_.store <= params_.birth_store_above || size() >= params_.max_fireflies) return;
  if (state_.had_birth && state_.step - state_.last_birth_step < params_.birth_gap_steps) return;
  state_.store -= params_.birth_cost;
  state_.had_birth = true;
  state_.last_birth_step = state_.step;
  ColonyFirefly& f = hatch(stump_, FireflyState::rising);
  f.timer = params_.rising_steps;
  events_.add(tick_, ColonyBirthEvent{f.id, f.at, static_cast<float>(state_.store)});
}

void Colony::sleep_spark_if_extinct() {
  if (!state_.fireflies.empty()) return;
  ColonyFirefly& spark = hatch(stump_, FireflyState::dormant);
  spark.velocity = {};
  events_.add(tick_, ColonySparkEvent{false, spark.at, kNoFlower});
}

void Colony::wake_spark(ColonyFirefly& f) {
  // As soon as a flower has nectar the spark wakes, full of its last light, and flies straight
  // to the nearest such flower.
  const Flower* nearest = nullptr;
  float best = 0.0F;
  for (const Flower& fl : state_.flowers) {
    if (!fl.has_nectar()) continue;
    const float d = distance(fl.at, f.at);
    if (nearest == nullptr || d < best) {
      nearest = &fl;
      best = d;
    }
  }
  if (nearest == nullptr) return;
  f.energy = 1.0F;
  join(f, nearest->id);
  events_.add(tick_, ColonySparkEvent{true, f.at, nearest->id});
}

}  // namespace meadow::sim
