#include "stream/colony/colony_snapshot.hpp"

#include <stdexcept>
#include <string>

#include "sim/colony/colony_world_state.hpp"
#include "stream/colony/colony_frame.hpp"
#include "stream/colony/frog_snapshot.hpp"
#include "stream/proto_mapping.hpp"
#include "stream/snapshot_checks.hpp"

namespace meadow::stream {

namespace {

// Far past any colony firefly's speed (they cruise at 2 units a step): a damaged value.
constexpr float kMostColonySpeed = 50.0F;

[[noreturn]] void colony_damaged(const std::string& what) {
  throw std::invalid_argument("the colony's snapshot: " + what);
}

// The wire's firefly states and flower stages back (the frame's mapping gives the other way).
sim::FireflyState firefly_state_from_proto(v1::ColonyFireflyState state) {
  for (int s = 0; s <= static_cast<int>(sim::FireflyState::rising); ++s) {
    if (to_proto(static_cast<sim::FireflyState>(s)) == state) return static_cast<sim::FireflyState>(s);
  }
  colony_damaged("a firefly of an unknown state");
}

sim::FlowerStage flower_stage_from_proto(v1::FlowerStage stage) {
  for (int s = 0; s <= static_cast<int>(sim::FlowerStage::withered); ++s) {
    if (to_proto(static_cast<sim::FlowerStage>(s)) == stage) return static_cast<sim::FlowerStage>(s);
  }
  colony_damaged("a flower of an unknown stage");
}

void colony_to_saved(const sim::WorldState& state, v1::SavedWorld& to) {
  const sim::ColonyState& c = sim::state_as<sim::ColonyWorldState>(state).colony;
  v1::SavedColony& s = *to.mutable_colony();
  for (const sim::ColonyFirefly& f : c.fireflies) {
    v1::SavedColonyFirefly& saved = *s.add_fireflies();
    saved.set_id(f.id);
    to_proto(f.at, *saved.mutable_at());
    to_proto(f.velocity, *saved.mutable_velocity());
    saved.set_energy(f.energy);
    saved.set_state(to_proto(f.state));
    saved.set_timer(f.timer);
    saved.set_flower(f.flower);
    saved.set_remembered(f.remembered);
    saved.set_carried_from(f.carried_from);
    saved.set_phase(f.phase);
    saved.set_period(f.period);
    saved.set_since_flash(f.since_flash);
    saved.set_heading(f.heading);
    saved.set_meal_gained(f.meal_gained);
    saved.set_seed_steps(f.seed_steps);
  }
  for (const sim::Flower& f : c.flowers) {
    v1::SavedFlower& saved = *s.add_flowers();
    saved.set_id(f.id);
    to_proto(f.at, *saved.mutable_at());
    saved.set_sips(f.sips);
    saved.set_stage(to_proto(f.stage));
    saved.set_age(f.age);
    saved.set_life(f.life);
    saved.set_dropped(f.dropped);
    saved.set_dropped_by(f.dropped_by);
    saved.set_dropped_by_visitor(f.dropped_by_visitor);
  }
  for (const sim::GroupSync& g : c.groups) {
    v1::SavedGroupSync& saved = *s.add_groups();
    saved.set_flower(g.flower);
    saved.set_members(g.members);
    saved.set_sync(g.sync);
    saved.set_mean_phase(g.mean_phase);
    saved.set_in_sync(g.in_sync);
  }
  for (const sim::FallingSeed& seed : c.seeds) {
    v1::SavedSeed& saved = *s.add_seeds();
    saved.set_id(seed.id);
    to_proto(seed.at, *saved.mutable_at());
    saved.set_steps_left(seed.steps_left);
    saved.set_fall_steps(seed.fall_steps);
  }
  v1::SavedBreeze& breeze = *s.mutable_breeze();
  breeze.set_next_gust_step(c.breeze.next_gust_step);
  breeze.set_gust_start(c.breeze.gust_start);
  breeze.set_gusts(c.breeze.gusts);
  breeze.set_gust_swing(c.breeze.gust_swing);
  breeze.set_gust_boost(c.breeze.gust_boost);
  breeze.set_gusting(c.breeze.gusting);
  s.set_store(c.store);
  s.set_step(c.step);
  s.set_last_birth_step(c.last_birth_step);
  s.set_had_birth(c.had_birth);
  s.set_next_firefly_id(c.next_firefly_id);
  s.set_next_flower_id(c.next_flower_id);
  s.set_next_seed_id(c.next_seed_id);
  frogs_to_saved(c, s);
}

std::unique_ptr<sim::WorldState> colony_from_saved(const v1::SavedWorld& from) {
  if (!from.has_colony()) return nullptr;
  const v1::SavedColony& s = from.colony();
  auto state = std::make_unique<sim::ColonyWorldState>();
  sim::ColonyState& c = state->colony;
  for (const v1::SavedColonyFirefly& saved : s.fireflies()) {
    sim::ColonyFirefly& f = c.fireflies.emplace_back();
    f.id = saved.id();
    f.at = snapshot_checks::land_point(saved.at(), "the colony's snapshot: a firefly");
    f.velocity = snapshot_checks::velocity(saved.velocity().x(), saved.velocity().y(), kMostColonySpeed, "the colony's snapshot: a firefly");
    f.energy = snapshot_checks::finite(saved.energy(), "the colony's snapshot: a firefly's energy");
    f.state = firefly_state_from_proto(saved.state());
    f.timer = saved.timer();
    f.flower = saved.flower();
    f.remembered = saved.remembered();
    f.carried_from = saved.carried_from();
    f.phase = snapshot_checks::finite(saved.phase(), "the colony's snapshot: a firefly's phase");
    f.period = snapshot_checks::finite(saved.period(), "the colony's snapshot: a firefly's period");
    if (f.period <= 0.0F) colony_damaged("a firefly that never flashes");
    f.since_flash = saved.since_flash();
    f.heading = snapshot_checks::finite(saved.heading(), "the colony's snapshot: a firefly's heading");
    f.meal_gained = snapshot_checks::finite(saved.meal_gained(), "the colony's snapshot: a meal");
    f.seed_steps = saved.seed_steps();
  }
  for (const v1::SavedFlower& saved : s.flowers()) {
    c.flowers.push_back({saved.id(), snapshot_checks::land_point(saved.at(), "the colony's snapshot: a flower"), saved.sips(),
                         flower_stage_from_proto(saved.stage()),
                         saved.age(), saved.life(), saved.dropped(), saved.dropped_by(),
                         saved.dropped_by_visitor()});
  }
  for (const v1::SavedGroupSync& saved : s.groups()) {
    c.groups.push_back({saved.flower(), saved.members(), snapshot_checks::finite(saved.sync(), "a group's sync"),
                        snapshot_checks::finite(saved.mean_phase(), "a group's phase"), saved.in_sync()});
  }
  for (const v1::SavedSeed& saved : s.seeds()) {
    c.seeds.push_back(
        {saved.id(), snapshot_checks::land_point(saved.at(), "the colony's snapshot: a seed"), saved.steps_left(), saved.fall_steps()});
  }
  const v1::SavedBreeze& breeze = s.breeze();
  c.breeze = {breeze.next_gust_step(),
              breeze.gust_start(),
              breeze.gusts(),
              snapshot_checks::finite(breeze.gust_swing(), "the breeze"),
              snapshot_checks::finite(breeze.gust_boost(), "the breeze"),
              breeze.gusting()};
  if (!(s.store() >= 0.0 && s.store() <= 1.0)) colony_damaged("a store that is not 0 … 1");
  c.store = s.store();
  c.step = s.step();
  c.last_birth_step = s.last_birth_step();
  c.had_birth = s.had_birth();
  c.next_firefly_id = s.next_firefly_id();
  c.next_flower_id = s.next_flower_id();
  c.next_seed_id = s.next_seed_id();
  frogs_from_saved(s, c);
  return state;
}

}  // namespace

WorldSnapshotMapping colony_snapshot_mapping() { return {sim::WorldKind::colony, &colony_to_saved, &colony_from_saved}; }

}  // namespace meadow::stream
