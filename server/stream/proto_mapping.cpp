#include "stream/proto_mapping.hpp"

#include "stream/settings_mapping.hpp"
#include "stream/world_mapping.hpp"

#include <type_traits>
#include <variant>

namespace meadow::stream {

namespace {

std::string serialize(const v1::ServerMessage& message) {
  std::string bytes;
  message.SerializeToString(&bytes);
  return bytes;
}

}  // namespace

// The events that are a flower and where it stands (dropped, rooted, sprouted, bloomed, …).
template <typename Event, typename Out>
void flower_and_place(const Event& e, Out& out) {
  out.set_flower_id(e.flower);
  to_proto(e.at, *out.mutable_position());
}

std::string_view server_version() { return MEADOW_VERSION; }

void to_proto(const sim::Vec2& from, v1::Vec2& to) {
  to.set_x(from.x);
  to.set_y(from.y);
}

void to_proto(const sim::Rect& from, v1::Rect& to) {
  to.set_x(from.x);
  to.set_y(from.y);
  to.set_width(from.width);
  to.set_height(from.height);
}

void to_proto(const sim::Rock& from, v1::Rock& to) {
  to.set_id(from.id);
  to_proto(from.center, *to.mutable_center());
  to.set_radius(from.radius);
}

void to_proto(const RockRim& from, v1::RockRim& to) {
  to.set_rock_id(from.rock_id);
  to.set_angle(from.angle);
  to.set_strength(from.strength);
  to.set_focus(from.focus);
}

void to_proto(const sim::ToolMark& mark, v1::Tool tool, float radius, v1::Mark& to) {
  to.set_id(mark.id);
  to.set_tool(tool);
  to_proto(mark.at, *to.mutable_position());
  to.set_owner_session(mark.owner);
  to.set_radius(radius);
}

void to_proto(const sim::SwarmPredator& predator, float reach, v1::Mark& to) {
  to.set_id(0);  // one predator per viewer: owner_session tells them apart
  to.set_tool(v1::TOOL_PREDATOR);
  to_proto(predator.at, *to.mutable_position());
  to.set_owner_session(predator.owner);
  to.set_radius(reach);
}

void to_proto(const sim::MeadowEvent& from, v1::Event& to) {
  to.set_tick(from.tick);
  std::visit(
      [&to](const auto& e) {
        using T = std::decay_t<decltype(e)>;
        if constexpr (std::is_same_v<T, sim::OrderCrossingEvent>) {
          v1::Event::OrderCrossing& out = *to.mutable_order_crossing();
          out.set_threshold(e.threshold);
          out.set_rising(e.rising);
          out.set_order(e.order);
        } else if constexpr (std::is_same_v<T, sim::CrumbEatenEvent>) {
          v1::Event::CrumbEaten& out = *to.mutable_crumb_eaten();
          out.set_mark_id(e.mark_id);
          to_proto(e.at, *out.mutable_position());
        } else if constexpr (std::is_same_v<T, sim::ColonyBirthEvent>) {
          v1::Event::ColonyBirth& out = *to.mutable_colony_birth();
          out.set_firefly_id(e.firefly);
          to_proto(e.at, *out.mutable_position());
          out.set_store(e.store);
        } else if constexpr (std::is_same_v<T, sim::ColonyDeathEvent>) {
          v1::Event::ColonyDeath& out = *to.mutable_colony_death();
          out.set_firefly_id(e.firefly);
          to_proto(e.at, *out.mutable_position());
        } else if constexpr (std::is_same_v<T, sim::ColonySipEvent>) {
          v1::Event::ColonySip& out = *to.mutable_colony_sip();
          out.set_firefly_id(e.firefly);
          out.set_flower_id(e.flower);
          out.set_sips_left(e.sips_left);
        } else if constexpr (std::is_same_v<T, sim::ColonyDeliveryEvent>) {
          v1::Event::ColonyDelivery& out = *to.mutable_colony_delivery();
          out.set_firefly_id(e.firefly);
          out.set_flower_id(e.flower);
          out.set_store(e.store);
        } else if constexpr (std::is_same_v<T, sim::ColonyMealEvent>) {
          v1::Event::ColonyMeal& out = *to.mutable_colony_meal();
          out.set_firefly_id(e.firefly);
          out.set_energy_gained(e.energy_gained);
          out.set_store(e.store);
        } else if constexpr (std::is_same_v<T, sim::ColonyFlashEvent>) {
          v1::Event::ColonyFlash& out = *to.mutable_colony_flash();
          out.set_firefly_id(e.firefly);
          out.set_flower_id(e.flower);
          to_proto(e.at, *out.mutable_position());
          out.set_group_in_sync(e.group_in_sync);
        } else if constexpr (std::is_same_v<T, sim::ColonyGroupSyncEvent>) {
          v1::Event::ColonyGroupSync& out = *to.mutable_colony_group_sync();
          out.set_flower_id(e.flower);
          out.set_members(e.members);
          out.set_sync(e.sync);
          out.set_in_sync(e.in_sync);
        } else if constexpr (std::is_same_v<T, sim::ColonySparkEvent>) {
          v1::Event::ColonySpark& out = *to.mutable_colony_spark();
          out.set_awake(e.awake);
          to_proto(e.at, *out.mutable_position());
          out.set_flower_id(e.flower);
        } else if constexpr (std::is_same_v<T, sim::FlowerDroppedEvent>) {
          flower_and_place(e, *to.mutable_colony_flower_dropped());
        } else if constexpr (std::is_same_v<T, sim::FlowerGoneEvent>) {
          flower_and_place(e, *to.mutable_colony_flower_gone());
        } else if constexpr (std::is_same_v<T, sim::SeedDroppedEvent>) {
          v1::Event::SeedDropped& out = *to.mutable_seed_dropped();
          out.set_firefly_id(e.firefly);
          out.set_seed_id(e.seed);
          to_proto(e.at, *out.mutable_position());
        } else if constexpr (std::is_same_v<T, sim::SeedLandedEvent>) {
          v1::Event::SeedLanded& out = *to.mutable_seed_landed();
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
          v1::Event::FrogCatch& out = *to.mutable_frog_catch();
          out.set_frog_id(e.frog);
          out.set_firefly_id(e.firefly);
          to_proto(e.at, *out.mutable_position());
        } else if constexpr (std::is_same_v<T, sim::FrogHopEvent>) {
          v1::Event::FrogHop& out = *to.mutable_frog_hop();
          out.set_frog_id(e.frog);
          to_proto(e.from, *out.mutable_from());
          to_proto(e.to, *out.mutable_to());
        } else {
          static_assert(std::is_same_v<T, sim::GustEvent>);
          v1::Event::Gust& out = *to.mutable_gust();
          out.set_swing(e.swing);
          out.set_strength(e.strength);
        }
      },
      from.body);
}

void to_proto(const sim::ViewerLocks& from, v1::Locks& to) {
  to.set_attract(from.attract);
  to.set_flower(from.flower);
  to.set_rock(from.rock);
  to.set_predator(from.predator);
  to.set_settings(from.settings);
  to.set_frog(from.frog);
}

sim::ViewerLocks from_proto(const v1::Locks& from) {
  return {from.attract(), from.flower(), from.rock(), from.predator(), from.settings(), from.frog()};
}

sim::Vec2 from_proto(const v1::Vec2& from) { return {from.x(), from.y()}; }

sim::Rect from_proto(const v1::Rect& from) {
  return {from.x(), from.y(), from.width(), from.height()};
}

sim::Rock from_proto(const v1::Rock& from) {
  return {from.id(), from_proto(from.center()), from.radius()};
}

std::string welcome_message(std::uint64_t session_id, const sim::Land& land, float frame_rate,
                            float tick_rate, sim::WorldKind world, std::span<const sim::WorldKind> worlds,
                            std::span<const sim::SettingsSchema> schemas) {
  v1::ServerMessage message;
  v1::Welcome& welcome = *message.mutable_welcome();
  welcome.set_protocol_version(v1::PROTOCOL_VERSION_CURRENT);
  welcome.set_session_id(session_id);
  welcome.set_server_version(std::string(server_version()));
  to_proto(land.meadow(), *welcome.mutable_meadow());
  to_proto(land.world(), *welcome.mutable_world_bounds());
  for (const sim::Rock& rock : land.rocks()) to_proto(rock, *welcome.add_rocks());
  welcome.set_frame_rate(frame_rate);
  welcome.set_tick_rate(tick_rate);
  welcome.set_world(to_proto(world));
  for (const sim::WorldKind w : worlds) welcome.add_worlds(to_proto(w));
  for (const sim::SettingsSchema& s : schemas) to_proto(s, *welcome.add_settings_schemas());
  return serialize(message);
}

std::string rocks_message(const sim::Land& land) {
  v1::ServerMessage message;
  v1::Rocks& rocks = *message.mutable_rocks();
  for (const sim::Rock& rock : land.rocks()) to_proto(rock, *rocks.add_rocks());
  return serialize(message);
}

std::string notice_message(v1::Notice::Level level, std::string_view code, std::string_view text) {
  v1::ServerMessage message;
  v1::Notice& notice = *message.mutable_notice();
  notice.set_level(level);
  notice.set_code(std::string(code));
  notice.set_text(std::string(text));
  return serialize(message);
}

std::string pong_message(std::uint64_t client_time_ms, std::uint64_t tick) {
  v1::ServerMessage message;
  v1::Pong& pong = *message.mutable_pong();
  pong.set_client_time_ms(client_time_ms);
  pong.set_server_tick(tick);
  return serialize(message);
}

}  // namespace meadow::stream
