// Flowers, seeds and the breeze (docs/rules.md "The flowers", "The breeze"): the meadow sustains
// itself. A sip may leave a seed stuck on the forager; after a while in flight it falls off, floats
// down drifting on the breeze, and where there is room may take root; the sprout grows (shoot, bud)
// and blooms, lives about three minutes and wilts over its last 30 s.
#include <algorithm>
#include <cmath>

#include "sim/colony/colony.hpp"
#include "sim/colony/colony_random.hpp"

namespace meadow::sim {

namespace {

}  // namespace

void Colony::blow() {
  GustStart gust;
  if (advance_breeze(state_.breeze, seed_, params_, state_.step, &gust)) {
    const float base = calm_breeze_at(seed_, params_, state_.step).strength;
    events_.add(tick_, GustEvent{gust.swing, std::min(1.0F, base + gust.boost)});
  }
}

std::uint32_t Colony::draw_life(std::uint32_t flower) const {
  const float jitter = CounterRandom(seed_, 0, colony_random::kFlowerLife).signed_unit(flower);
  const float life = static_cast<float>(params_.flower_life_steps) * (1.0F + params_.flower_life_jitter * jitter);
  return std::max(params_.wilt_steps + 1, static_cast<std::uint32_t>(life));
}

void Colony::grow_flowers() {
  std::uint32_t blooming = flowers_in_bloom();
  for (Flower& fl : state_.flowers) {
    switch (fl.stage) {
      case FlowerStage::shoot:
        if (++fl.age >= params_.sprout_steps / 2) {
          fl.stage = FlowerStage::bud;
          events_.add(tick_, SproutEvent{fl.id, fl.at});
        }
        break;
      case FlowerStage::bud:
        // A bud that is ready waits while params_.max_in_bloom are in bloom.
        if (fl.age < params_.sprout_steps) ++fl.age;
        if (fl.age >= params_.sprout_steps && blooming < params_.max_in_bloom) {
          fl.stage = FlowerStage::bloom;
          fl.age = 0;
          fl.sips = params_.sips_per_flower;
          ++blooming;
          events_.add(tick_, BloomEvent{fl.id, fl.at});
        }
        break;
      case FlowerStage::bloom:
        if (++fl.age + params_.wilt_steps >= fl.life) {
          fl.stage = FlowerStage::wilting;
          events_.add(tick_, WiltEvent{fl.id, fl.at});
        }
        break;
      case FlowerStage::wilting:
        if (++fl.age >= fl.life) {
          fl.stage = FlowerStage::withered;  // its nectar is gone with it
          fl.sips = 0;
          --blooming;
        }
        break;
      case FlowerStage::withered:
        break;
    }
  }
}

void Colony::crush_flowers(Vec2 center, float radius) {
  for (Flower& fl : state_.flowers) {
    if (distance(fl.at, center) >= radius) continue;
    fl.stage = FlowerStage::withered;
    fl.sips = 0;
  }
}

void Colony::take_away(const TakeAway& who) {
  for (Flower& fl : state_.flowers) {
    if (!fl.dropped || !who.placed(fl.dropped_by, fl.dropped_by_visitor)) continue;
    fl.stage = FlowerStage::withered;
    fl.sips = 0;
  }
  std::erase_if(state_.frogs, [&](const Frog& f) { return who.placed(f.owner, f.visitor); });
}

void Colony::maybe_stick_seed(ColonyFirefly& f) {
  if (f.seed_steps > 0) return;  // one seed at a time
  const CounterRandom draw = random(colony_random::kSeedStick);
  if (draw.unit(f.id, 0) >= params_.seed_chance) return;
  const auto span = static_cast<float>(params_.seed_flight_max - params_.seed_flight_min);
  f.seed_steps = params_.seed_flight_min + static_cast<std::uint32_t>(draw.unit(f.id, 1) * span);
  if (f.seed_steps == 0) f.seed_steps = 1;
}

void Colony::shed_seed(ColonyFirefly& f) {
  f.seed_steps = 0;
  const FallingSeed seed{state_.next_seed_id++, f.at, params_.seed_fall_steps, params_.seed_fall_steps};
  state_.seeds.push_back(seed);
  events_.add(tick_, SeedDroppedEvent{f.id, seed.id, seed.at});
}

bool Colony::room_to_root(Vec2 at, const Land& land) const {
  if (!meadow_.contains(at)) return false;
  if (distance(at, stump_) < params_.root_stump_clearance) return false;
  for (const Rock& rock : land.rocks()) {
    if (distance(at, rock.center) < rock.radius) return false;
  }
  return std::none_of(state_.flowers.begin(), state_.flowers.end(), [&](const Flower& fl) {
    return distance(at, fl.at) < params_.root_flower_clearance;
  });
}

void Colony::float_seeds(const Land& land) {
  // Drift speed follows the breeze's strength step by step, so a seed drifts seed_drift_min in a
  // calm and seed_drift_max in the strongest breeze over its whole fall.
  const BreezeNow air = breeze();
  const float per_step = (params_.seed_drift_min + (params_.seed_drift_max - params_.seed_drift_min) * air.strength) /
                         static_cast<float>(params_.seed_fall_steps);
  const Vec2 drift{std::cos(air.direction) * per_step, std::sin(air.direction) * per_step};
  const CounterRandom root = random(colony_random::kSeedRoot);
  for (FallingSeed& seed : state_.seeds) {
    seed.at = {seed.at.x + drift.x, seed.at.y + drift.y};
    if (seed.steps_left > 0) --seed.steps_left;
    if (seed.steps_left > 0) continue;
    const bool rooted = root.unit(seed.id) < params_.root_chance && room_to_root(seed.at, land);
    events_.add(tick_, SeedLandedEvent{seed.id, seed.at, rooted});
    if (!rooted) continue;
    const std::uint32_t id = state_.next_flower_id++;
    state_.flowers.push_back(Flower{id, seed.at, 0, FlowerStage::shoot, 0, draw_life(id), false});
    members_.push_back(0);
    events_.add(tick_, TookRootEvent{id, seed.at});
  }
  std::erase_if(state_.seeds, [](const FallingSeed& s) { return s.steps_left == 0; });
}

}  // namespace meadow::sim
