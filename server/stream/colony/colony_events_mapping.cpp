#include "stream/colony/colony_events_mapping.hpp"

#include <type_traits>
#include <variant>

#include "stream/proto_mapping.hpp"

namespace meadow::stream {

namespace {

// The events that are a flower and where it stands (dropped, rooted, sprouted, bloomed, …).
template <typename Event, typename Out>
void flower_and_place(const Event& e, Out& out) {
  out.set_flower_id(e.flower);
  to_proto(e.at, *out.mutable_position());
}

}  // namespace

void to_proto(const sim::ColonyEvent& from, v1::Event& to) {
  to.set_tick(from.tick);
  std::visit(
      [&to](const auto& e) {
        using T = std::decay_t<decltype(e)>;
        if constexpr (std::is_same_v<T, sim::ColonyBirthEvent>) {
          v1::ColonyBirth& out = *to.mutable_colony_birth();
          out.set_firefly_id(e.firefly);
          to_proto(e.at, *out.mutable_position());
          out.set_store(e.store);
        } else if constexpr (std::is_same_v<T, sim::ColonyDeathEvent>) {
          v1::ColonyDeath& out = *to.mutable_colony_death();
          out.set_firefly_id(e.firefly);
          to_proto(e.at, *out.mutable_position());
        } else if constexpr (std::is_same_v<T, sim::ColonySipEvent>) {
          v1::ColonySip& out = *to.mutable_colony_sip();
          out.set_firefly_id(e.firefly);
          out.set_flower_id(e.flower);
          out.set_sips_left(e.sips_left);
        } else if constexpr (std::is_same_v<T, sim::ColonyDeliveryEvent>) {
          v1::ColonyDelivery& out = *to.mutable_colony_delivery();
          out.set_firefly_id(e.firefly);
          out.set_flower_id(e.flower);
          out.set_store(e.store);
        } else if constexpr (std::is_same_v<T, sim::ColonyMealEvent>) {
          v1::ColonyMeal& out = *to.mutable_colony_meal();
          out.set_firefly_id(e.firefly);
          out.set_energy_gained(e.energy_gained);
          out.set_store(e.store);
        } else if constexpr (std::is_same_v<T, sim::ColonyFlashEvent>) {
          v1::ColonyFlash& out = *to.mutable_colony_flash();
          out.set_firefly_id(e.firefly);
          out.set_flower_id(e.flower);
          to_proto(e.at, *out.mutable_position());
          out.set_group_in_sync(e.group_in_sync);
        } else if constexpr (std::is_same_v<T, sim::ColonyGroupSyncEvent>) {
          v1::ColonyGroupSync& out = *to.mutable_colony_group_sync();
          out.set_flower_id(e.flower);
          out.set_members(e.members);
          out.set_sync(e.sync);
          out.set_in_sync(e.in_sync);
        } else if constexpr (std::is_same_v<T, sim::ColonySparkEvent>) {
          v1::ColonySpark& out = *to.mutable_colony_spark();
          out.set_awake(e.awake);
          to_proto(e.at, *out.mutable_position());
          out.set_flower_id(e.flower);
        } else if constexpr (std::is_same_v<T, sim::FlowerDroppedEvent>) {
          flower_and_place(e, *to.mutable_colony_flower_dropped());
        } else if constexpr (std::is_same_v<T, sim::FlowerGoneEvent>) {
          flower_and_place(e, *to.mutable_colony_flower_gone());
        } else if constexpr (std::is_same_v<T, sim::SeedDroppedEvent>) {
          v1::SeedDropped& out = *to.mutable_seed_dropped();
          out.set_firefly_id(e.firefly);
          out.set_seed_id(e.seed);
          to_proto(e.at, *out.mutable_position());
        } else if constexpr (std::is_same_v<T, sim::SeedLandedEvent>) {
          v1::SeedLanded& out = *to.mutable_seed_landed();
          out.set_seed_id(e.seed);
          to_proto(e.at, *out.mutable_position());
          out.set_rooted(e.rooted);
        } else if constexpr (std::is_same_v<T, sim::TookRootEvent>) {
          flower_and_place(e, *to.mutable_took_root());
        } else if constexpr (std::is_same_v<T, sim::SproutEvent>) {
          flower_and_place(e, *to.mutable_sprout());
        } else if constexpr (std::is_same_v<T, sim::BloomEvent>) {
          flower_and_place(e, *to.mutable_bloom());
        } else if constexpr (std::is_same_v<T, sim::WiltEvent>) {
          flower_and_place(e, *to.mutable_wilt());
        } else if constexpr (std::is_same_v<T, sim::FrogCatchEvent>) {
          v1::FrogCatch& out = *to.mutable_frog_catch();
          out.set_frog_id(e.frog);
          out.set_firefly_id(e.firefly);
          to_proto(e.at, *out.mutable_position());
        } else if constexpr (std::is_same_v<T, sim::FrogHopEvent>) {
          v1::FrogHop& out = *to.mutable_frog_hop();
          out.set_frog_id(e.frog);
          to_proto(e.from, *out.mutable_from());
          to_proto(e.to, *out.mutable_to());
        } else {
          static_assert(std::is_same_v<T, sim::GustEvent>, "every event has its wire message");
          v1::Event::Gust& out = *to.mutable_gust();
          out.set_swing(e.swing);
          out.set_strength(e.strength);
        }
      },
      from.body);
}

bool for_the_operator(const sim::ColonyEvent& event) {
  return !std::holds_alternative<sim::ColonyFlashEvent>(event.body) &&
         !std::holds_alternative<sim::ColonySipEvent>(event.body);
}

}  // namespace meadow::stream
