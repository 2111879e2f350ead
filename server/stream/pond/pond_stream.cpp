#include "stream/pond/pond_stream.hpp"

#include <algorithm>
#include <cmath>

#include "stream/packed_u16.hpp"
#include "stream/proto_mapping.hpp"
#include "stream/world_events.hpp"

namespace meadow::stream {

namespace {

// The shore round the water the camera shows, as a share of the water's box on each side.
constexpr float kCameraMargin = 0.12F;
// A velocity's unit on the wire: hundredths of a world unit a step.
constexpr double kPondWireVelocity = 100.0;

std::uint16_t fraction16(double v, double from, double width) {
  const double f = std::clamp((v - from) / width, 0.0, 65535.0 / 65536.0);
  return static_cast<std::uint16_t>(std::lround(f * 65536.0) & 0xFFFF);
}

std::uint16_t signed16(double v) {
  const long n = std::clamp(std::lround(v * kPondWireVelocity), -32768L, 32767L);
  return static_cast<std::uint16_t>(static_cast<std::int16_t>(n));
}

}  // namespace

std::string packed_fish(const sim::PondFish& fish, const sim::Rect& water) {
  std::string out;
  out.reserve(fish.size() * 8);
  for (std::size_t i = 0; i < fish.size(); ++i) {
    append_u16_le(out, fraction16(fish.x[i], water.x, water.width));
    append_u16_le(out, fraction16(fish.y[i], water.y, water.height));
    append_u16_le(out, signed16(fish.vx[i]));
    append_u16_le(out, signed16(fish.vy[i]));
  }
  return out;
}

sim::Rect pond_camera(const sim::Rect& water) {
  const float mx = water.width * kCameraMargin;
  const float my = water.height * kCameraMargin;
  return sim::Rect{water.x - mx, water.y - my, water.width + 2.0F * mx, water.height + 2.0F * my};
}

void to_proto(const sim::WorldEvent<sim::PondEventBody>& from, v1::Event& to) {
  to.set_tick(from.tick);
  const auto& eaten = std::get<sim::PondCrumbEaten>(from.body);
  v1::Event::CrumbEaten& out = *to.mutable_crumb_eaten();
  out.set_mark_id(eaten.crumb);
  to_proto(eaten.at, *out.mutable_position());
}

void PondStream::build(const sim::World& w, const FrameContext& context, v1::ServerMessage& message,
                       WorldFrame& out) {
  const auto& world = static_cast<const sim::PondWorld&>(w);
  const sim::Rect water = world.water().bounds();

  v1::Frame& frame = *message.mutable_frame();
  to_proto(context.camera.value_or(pond_camera(water)), *frame.mutable_camera());
  to_proto(context.meadow.land().meadow(), *frame.mutable_world_bounds());
  v1::PondState& state = *frame.mutable_pond();
  state.set_fish(packed_fish(world.fish(), water));
  state.set_count(static_cast<std::uint32_t>(world.fish().size()));
  to_proto(water, *state.mutable_water());
  for (const sim::PondCrumb& c : world.tools().crumbs()) {
    v1::PondCrumb& crumb = *state.add_crumbs();
    crumb.set_id(c.id);
    to_proto(c.at, *crumb.mutable_position());
    crumb.set_owner_session(c.owner);
  }
  for (const sim::PondPredator& p : world.tools().predators()) {
    v1::PondPredator& predator = *state.add_predators();
    to_proto(p.at, *predator.mutable_position());
    predator.set_owner_session(p.owner);
  }
  state.set_fed(world.fed());
  state.set_spread(static_cast<float>(world.spread()));
  state.set_max_speed(static_cast<float>(sim::pond_rules::px(world.settings().max_speed_px)));
  for (const sim::SettingValue& v : world.settings_now()) {
    v1::SettingValue& value = *frame.add_settings();
    value.set_name(v.name);
    value.set_value(v.value);
  }
  frame.set_settings_preset(std::string(sim::palette_name(world.settings().palette)));
  add_new_events(world.events(), last_event_sequence_, to_proto, frame);
  message.SerializeToString(&out.key_message);
}

void PondStream::operator_events(const sim::World& w, std::uint64_t& last, std::vector<std::string>& out) const {
  append_operator_events(static_cast<const sim::PondWorld&>(w).events(), last, to_proto, out);
}

}  // namespace meadow::stream
