#include "sim/colony/colony.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <string>
#include <utility>

#include "sim/holder.hpp"
#include "sim/colony/colony_random.hpp"

namespace meadow::sim {

Colony::Colony(std::uint64_t seed, const Rect& meadow, const ColonyParams& params)
    : seed_(seed), meadow_(meadow), params_(params), stump_(stump_center(meadow, params)) {
  state_.store = params_.start_store;
  // The first fireflies wander about the stump, spread over a disc around it.
  const CounterRandom place(seed_, 0, colony_random::kPlacement);
  for (std::uint32_t i = 0; i < params_.start_fireflies; ++i) {
    const std::uint32_t id = state_.next_firefly_id;
    const float angle = place.unit(id, 0) * kTau;
    const float r = params_.stump_radius + std::sqrt(place.unit(id, 1)) * params_.start_spread;
    ColonyFirefly& f = hatch({stump_.x + std::cos(angle) * r, stump_.y + std::sin(angle) * r},
                             FireflyState::wandering);
    // Not all equally full, so they do not all come home hungry at once.
    f.energy = 0.5F + 0.5F * place.unit(id, 2);
  }
}

Colony::Colony(std::uint64_t seed, const Rect& meadow, const ColonyParams& params, ColonyState state)
    : seed_(seed), meadow_(meadow), params_(params), stump_(stump_center(meadow, params)),
      state_(std::move(state)) {}

std::size_t Colony::size() const {
  return static_cast<std::size_t>(std::count_if(state_.fireflies.begin(), state_.fireflies.end(),
                                                [](const ColonyFirefly& f) { return f.alive(); }));
}

bool Colony::dormant() const {
  return std::any_of(state_.fireflies.begin(), state_.fireflies.end(),
                     [](const ColonyFirefly& f) { return f.state == FireflyState::dormant; });
}

const Flower* Colony::flower(std::uint32_t id) const {
  for (const Flower& fl : state_.flowers) {
    if (fl.id == id) return &fl;
  }
  return nullptr;
}

Flower* Colony::find_flower(std::uint32_t id) {
  return const_cast<Flower*>(std::as_const(*this).flower(id));
}

const ColonyFirefly* Colony::firefly(std::uint32_t id) const {
  const auto it = std::lower_bound(state_.fireflies.begin(), state_.fireflies.end(), id,
                                   [](const ColonyFirefly& f, std::uint32_t v) { return f.id < v; });
  return it != state_.fireflies.end() && it->id == id ? &*it : nullptr;
}

std::uint32_t Colony::foragers(std::uint32_t flower) const {
  std::uint32_t n = 0;
  for (const ColonyFirefly& f : state_.fireflies) {
    if (f.flower == flower && f.alive()) ++n;
  }
  return n;
}

const GroupSync* Colony::group(std::uint32_t flower) const {
  for (const GroupSync& g : state_.groups) {
    if (g.flower == flower) return &g;
  }
  return nullptr;
}

std::uint32_t Colony::flowers_in_bloom() const {
  return static_cast<std::uint32_t>(std::count_if(state_.flowers.begin(), state_.flowers.end(),
                                                  [](const Flower& f) { return f.in_bloom(); }));
}

BreezeNow Colony::breeze() const { return breeze_at(state_.breeze, seed_, params_, state_.step); }

std::uint32_t Colony::groups_in_sync() const {
  return static_cast<std::uint32_t>(std::count_if(state_.groups.begin(), state_.groups.end(),
                                                  [](const GroupSync& g) { return g.in_sync; }));
}

ActionOutcome Colony::drop_flower(Vec2 at, const Land& land, std::uint64_t tick, std::uint64_t by, std::uint64_t visitor) {
  if (!meadow_.contains(at)) {
    return refused("outside_meadow", "Flowers grow on the meadow only: drop it inside.");
  }
  if (state_.flowers.size() >= params_.max_dropped_flowers) {
    return refused("flower_limit", "There are enough flowers on the meadow for now (" +
                                       std::to_string(params_.max_dropped_flowers) +
                                       "): the fireflies plant the rest.");
  }
  if (by != kOperator) {
    // Its own and its visitor's other sessions' (sim/holder.hpp).
    const auto own = std::count_if(state_.flowers.begin(), state_.flowers.end(), [&](const Flower& f) {
      return f.dropped && counts_against(by, visitor, f.dropped_by, f.dropped_by_visitor);
    });
    // A lone visitor (no one else's flower on the meadow) may drop the source's three, as the
    // colony begins from; with others about, each keeps to its share.
    const bool others = std::any_of(state_.flowers.begin(), state_.flowers.end(), [&](const Flower& f) {
      return f.dropped && !counts_against(by, visitor, f.dropped_by, f.dropped_by_visitor);
    });
    const std::uint32_t cap = others ? params_.max_dropped_flowers_per_viewer : params_.max_dropped_flowers;
    if (static_cast<std::uint32_t>(own) >= cap) {
      return refused("flower_limit_viewer", "Your " + std::to_string(own) +
                                                " flowers are still on the meadow: leave the next one to someone else.");
    }
  }
  if (distance(at, stump_) < params_.stump_radius + params_.stump_clearance) {
    return refused("no_room", "A flower cannot grow on the stump: drop it a little further out.");
  }
  for (const Rock& rock : land.rocks()) {
    if (distance(at, rock.center) < rock.radius) {
      return refused("no_room", "A flower cannot grow on a rock.");
    }
  }
  const std::uint32_t id = state_.next_flower_id++;
  Flower flower{id, at, params_.sips_per_flower, FlowerStage::bloom, 0, draw_life(id), true, by, visitor};
  state_.flowers.push_back(flower);
  events_.add(tick, FlowerDroppedEvent{id, at});
  return {};
}

void Colony::count_members() {
  members_.assign(state_.flowers.size(), 0);
  for (const ColonyFirefly& f : state_.fireflies) {
    if (f.flower == kNoFlower || !f.alive()) continue;
    for (std::size_t i = 0; i < state_.flowers.size(); ++i) {
      if (state_.flowers[i].id == f.flower) ++members_[i];
    }
  }
}

void Colony::step(const Land& land, std::uint64_t tick) {
  tick_ = tick;
  ++state_.step;
  blow();
  grow_flowers();
  count_members();
  for (ColonyFirefly& f : state_.fireflies) behave(f);
  recruit();
  float_seeds(land);  // before flight: a seed shed this step starts floating the next
  for (ColonyFirefly& f : state_.fireflies) fly(f, land.rocks());
  move_frogs(land);
  hunt();  // before flashing and burying: one eaten flashes no more and goes this step
  flash();
  update_groups();
  bury_faded();
  give_birth();
  remove_spent_flowers();
  sleep_spark_if_extinct();
}

}  // namespace meadow::sim
