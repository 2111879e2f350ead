#include "sim/pond/pond_confusion.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include "sim/pond/pond_random.hpp"
#include "sim/pond/pond_school.hpp"
#include "sim/pond/pond_water.hpp"

namespace meadow::sim {

namespace {


// Draws of the study's stream a step: the loss, and a newcomer's place.
constexpr std::uint32_t kLossDraw = 0;
constexpr std::uint64_t kNewcomerEntity = 1ULL << 32U;

Vec2 at(const PondFish& fish, std::size_t i) { return {static_cast<float>(fish.x[i]), static_cast<float>(fish.y[i])}; }

// The nearest fish within sight of `from`, if any.
std::optional<std::size_t> nearest_fish(const PondFish& fish, Vec2 from) {
  std::optional<std::size_t> best;
  double best_d = pond_rules::px(confusion_rules::kViewPx);
  for (std::size_t i = 0; i < fish.size(); ++i) {
    const double d = distance(at(fish, i), from);
    if (d < best_d) {
      best_d = d;
      best = i;
    }
  }
  return best;
}

}  // namespace

double distance_to_segment(Vec2 p, Vec2 a, Vec2 b) {
  const double abx = b.x - a.x, aby = b.y - a.y;
  const double length2 = abx * abx + aby * aby;
  double t = length2 > 0.0 ? ((p.x - a.x) * abx + (p.y - a.y) * aby) / length2 : 0.0;
  t = std::clamp(t, 0.0, 1.0);
  return std::hypot(p.x - (a.x + t * abx), p.y - (a.y + t * aby));
}

ConfusionResult run_confusion(const ConfusionRun& run, const Rect& meadow) {
  const PondWater water(meadow);
  const SchoolSettings school{run.cohesion_px, run.max_speed_px};
  PondFish fish = scatter_fish(run.fish, water, CounterRandom(run.seed, 0, pond_random::kScatter));
  for (std::uint32_t s = 0; s < confusion_rules::kWarmUpSteps; ++s) step_school(fish, school, water, {}, {});

  ConfusionResult result;
  // It comes in at the shore's left end, heading in.
  Vec2 predator{static_cast<float>(water.centre().x - water.rx() * 0.8), water.centre().y};
  std::optional<std::size_t> target;
  std::uint32_t resting = 0;
  std::uint64_t crossings = 0;
  double spread_sum = 0.0;
  const double speed = pond_rules::px(confusion_rules::kPredatorSpeedPx);
  for (std::uint64_t step = 0; step < run.steps; ++step) {
    const CounterRandom random(run.seed, step, pond_random::kStudy);
    const Vec2 predators[] = {predator};
    step_school(fish, school, water, {}, predators);
    spread_sum += school_spread(fish);
    if (resting > 0) {
      --resting;
      continue;
    }
    if (!target) {
      target = nearest_fish(fish, predator);
      if (!target) {  // nobody in sight: towards the pond's middle
        const Vec2 c = water.centre();
        const double d = distance(c, predator);
        if (d > speed) {
          predator.x += static_cast<float>((c.x - predator.x) / d * speed);
          predator.y += static_cast<float>((c.y - predator.y) / d * speed);
        }
        continue;
      }
    }
    ++result.chase_steps;
    const Vec2 prey = at(fish, *target);
    // Fish crossing its view of the target.
    std::uint32_t crossing = 0;
    for (std::size_t i = 0; i < fish.size(); ++i) {
      if (i != *target && distance_to_segment(at(fish, i), predator, prey) < pond_rules::px(confusion_rules::kCrossingPx)) ++crossing;
    }
    crossings += crossing;
    const double keep = std::pow(1.0 - confusion_rules::kLossPerCrossing, static_cast<double>(crossing));
    if (random.unit(0, kLossDraw) >= keep) {
      ++result.targets_lost;
      target.reset();
      resting = confusion_rules::kRetargetSteps;
      continue;
    }
    const double d = distance(prey, predator);
    if (d <= pond_rules::px(confusion_rules::kCatchPx) + speed) {
      ++result.catches;
      const Vec2 newcomer = water.random_point(random, kNewcomerEntity);
      fish.x[*target] = newcomer.x;
      fish.y[*target] = newcomer.y;
      predator = prey;
      target.reset();
      resting = confusion_rules::kHandlingSteps;
      continue;
    }
    predator.x += static_cast<float>((prey.x - predator.x) / d * speed);
    predator.y += static_cast<float>((prey.y - predator.y) / d * speed);
  }
  result.crossings_per_step =
      result.chase_steps > 0 ? static_cast<double>(crossings) / static_cast<double>(result.chase_steps) : 0.0;
  result.spread = run.steps > 0 ? spread_sum / static_cast<double>(run.steps) : 0.0;
  return result;
}

}  // namespace meadow::sim
