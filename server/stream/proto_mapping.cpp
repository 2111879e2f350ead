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
                            std::span<const sim::SettingsSchema> schemas, std::string_view public_url, bool replays) {
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
  welcome.set_public_url(std::string(public_url));
  welcome.set_replays(replays);
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
