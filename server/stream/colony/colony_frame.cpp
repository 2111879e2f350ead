#include "stream/colony/colony_frame.hpp"

#include <algorithm>
#include <cmath>

#include "sim/colony/frog_look.hpp"
#include "stream/proto_mapping.hpp"

namespace meadow::stream {

namespace {

using sim::kTau;

// 0 … 1 → 0 … 255.
std::uint32_t byte_of(float share) {
  return static_cast<std::uint32_t>(std::lround(std::clamp(share, 0.0F, 1.0F) * 255.0F));
}

std::int32_t position_step(float units) {
  return static_cast<std::int32_t>(std::lround(units / kColonyPositionUnit));
}

}  // namespace

v1::ColonyFireflyState to_proto(sim::FireflyState state) {
  switch (state) {
    case sim::FireflyState::wandering: return v1::COLONY_FIREFLY_STATE_WANDERING;
    case sim::FireflyState::foraging: return v1::COLONY_FIREFLY_STATE_FORAGING;
    case sim::FireflyState::sipping: return v1::COLONY_FIREFLY_STATE_SIPPING;
    case sim::FireflyState::carrying: return v1::COLONY_FIREFLY_STATE_CARRYING;
    case sim::FireflyState::hungry: return v1::COLONY_FIREFLY_STATE_HUNGRY;
    case sim::FireflyState::eating: return v1::COLONY_FIREFLY_STATE_EATING;
    case sim::FireflyState::dying: return v1::COLONY_FIREFLY_STATE_DYING;
    case sim::FireflyState::dormant: return v1::COLONY_FIREFLY_STATE_DORMANT;
    case sim::FireflyState::rising: return v1::COLONY_FIREFLY_STATE_RISING;
  }
  return v1::COLONY_FIREFLY_STATE_UNSPECIFIED;
}

v1::FlowerStage to_proto(sim::FlowerStage stage) {
  switch (stage) {
    case sim::FlowerStage::shoot: return v1::FLOWER_STAGE_SHOOT;
    case sim::FlowerStage::bud: return v1::FLOWER_STAGE_BUD;
    case sim::FlowerStage::bloom: return v1::FLOWER_STAGE_BLOOM;
    case sim::FlowerStage::wilting: return v1::FLOWER_STAGE_WILTING;
    case sim::FlowerStage::withered: return v1::FLOWER_STAGE_WITHERED;
  }
  return v1::FLOWER_STAGE_UNSPECIFIED;
}

void to_proto(const sim::BreezeNow& from, v1::Breeze& to) {
  to.set_direction(from.direction);
  to.set_strength(from.strength);
  to.set_gust(from.gust);
}

void to_proto(const sim::ColonyFirefly& from, const sim::ColonyParams& params, v1::ColonyFirefly& to) {
  to.set_id(from.id);
  to.set_x(position_step(from.at.x));
  to.set_y(position_step(from.at.y));
  // Where it flies; one that sits keeps the heading it came in with.
  const bool moving = from.velocity.x != 0.0F || from.velocity.y != 0.0F;
  float heading = moving ? std::atan2(from.velocity.y, from.velocity.x) : from.heading;
  heading = std::fmod(heading, kTau);
  if (heading < 0.0F) heading += kTau;
  to.set_heading(static_cast<std::uint32_t>(std::lround(heading / kTau * 256.0F)) & 0xFFU);
  to.set_energy(byte_of(from.energy));
  to.set_state(to_proto(from.state));
  const bool glowing = from.alive() && from.since_flash < params.flash_glow_steps;
  to.set_flash(glowing ? byte_of(1.0F - static_cast<float>(from.since_flash) /
                                            static_cast<float>(params.flash_glow_steps))
                       : 0U);
  to.set_flower_id(from.flower);
  to.set_fade(from.state == sim::FireflyState::dying
                  ? byte_of(static_cast<float>(from.timer) / static_cast<float>(params.fade_steps))
                  : 255U);
  to.set_seed(from.seed_steps > 0);
}

void fill_colony_state(const sim::Colony& colony, v1::ColonyState& to) {
  const sim::ColonyParams& params = colony.params();
  const sim::ColonyState& state = colony.state();
  to.mutable_fireflies()->Reserve(static_cast<int>(state.fireflies.size()));
  for (const sim::ColonyFirefly& f : state.fireflies) to_proto(f, params, *to.add_fireflies());
  to_proto(colony.stump(), *to.mutable_stump());
  to.set_stump_radius(params.stump_radius);
  to.set_store(static_cast<float>(state.store));
  to.set_size(static_cast<std::uint32_t>(colony.size()));
  to.set_max_size(params.max_fireflies);
  for (const sim::Flower& flower : state.flowers) {
    v1::ColonyFlower& out = *to.add_flowers();
    out.set_id(flower.id);
    to_proto(flower.at, *out.mutable_position());
    out.set_sips(flower.sips);
    out.set_sips_full(params.sips_per_flower);
    out.set_foragers(colony.foragers(flower.id));
    if (const sim::GroupSync* group = colony.group(flower.id)) {
      out.set_sync(group->sync);
      out.set_in_sync(group->in_sync);
    }
    out.set_stage(to_proto(flower.stage));
    const bool sprout = flower.stage == sim::FlowerStage::shoot || flower.stage == sim::FlowerStage::bud;
    const float span = static_cast<float>(sprout ? params.sprout_steps : flower.life);
    out.set_growth(span > 0.0F ? std::min(1.0F, static_cast<float>(flower.age) / span) : 1.0F);
    out.set_dropped(flower.dropped);
  }
  for (const sim::FallingSeed& seed : state.seeds) {
    v1::FallingSeed& out = *to.add_seeds();
    out.set_id(seed.id);
    to_proto(seed.at, *out.mutable_position());
    out.set_height(seed.fall_steps > 0 ? static_cast<float>(seed.steps_left) / static_cast<float>(seed.fall_steps) : 0.0F);
  }
  to.set_flowers_in_bloom(colony.flowers_in_bloom());
  to.set_groups_in_sync(colony.groups_in_sync());
  to.set_position_unit(kColonyPositionUnit);
  to.set_max_dropped_flowers(params.max_dropped_flowers);
  to.set_dormant(colony.dormant());
  for (const sim::Frog& frog : state.frogs) {
    const sim::FrogLook look = sim::frog_look(frog, params);
    v1::ColonyFrog& out = *to.add_frogs();
    out.set_id(look.id);
    to_proto(look.at, *out.mutable_position());
    out.set_heading(look.heading);
    out.set_hop(look.hop);
    out.set_gulp(look.gulp);
    out.set_owner_session(look.owner);
    out.set_reach(params.frog_reach);
  }
  to.set_max_frogs(params.max_frogs);
}

}  // namespace meadow::stream
