#include "stream/plate/plate_stream.hpp"

#include <cmath>
#include <numbers>

#include "stream/packed_u16.hpp"
#include "stream/proto_mapping.hpp"
#include "stream/world_events.hpp"

namespace meadow::stream {

namespace {

// A fraction of 1 as 16 bits (wrapping: 1.0 is 0, as on the torus and round a turn).
std::uint16_t sixteenths(double fraction) {
  const double wrapped = fraction - std::floor(fraction);
  return static_cast<std::uint16_t>(static_cast<std::uint32_t>(std::lround(wrapped * 65536.0)) & 0xFFFFU);
}

}  // namespace

std::string packed_birds(const sim::PlateBirds& birds) {
  std::string out;
  out.reserve(birds.size() * 6);
  for (std::size_t i = 0; i < birds.size(); ++i) {
    append_u16_le(out, sixteenths(birds.x[i]));
    append_u16_le(out, sixteenths(birds.y[i]));
    append_u16_le(out, sixteenths(std::atan2(birds.hy[i], birds.hx[i]) / (2.0 * std::numbers::pi)));
  }
  return out;
}

void to_proto(const sim::WorldEvent<sim::PlateEventBody>& from, v1::Event& to) {
  to.set_tick(from.tick);
  const sim::OrderCrossing& c = std::get<sim::OrderCrossing>(from.body);
  v1::Event::OrderCrossing& out = *to.mutable_order_crossing();
  out.set_threshold(c.threshold);
  out.set_rising(c.rising);
  out.set_order(c.order);
}

void PlateStream::build(const sim::World& w, const FrameContext& context, v1::ServerMessage& message,
                        WorldFrame& out) {
  const auto& world = static_cast<const sim::PlateWorld&>(w);
  const sim::Rect meadow = context.meadow.land().meadow();
  const sim::Rect plate = sim::plate_on(meadow);

  v1::Frame& frame = *message.mutable_frame();
  to_proto(context.camera.value_or(meadow), *frame.mutable_camera());
  to_proto(meadow, *frame.mutable_world_bounds());
  v1::PlateState& state = *frame.mutable_plate();
  state.set_birds(packed_birds(world.birds()));
  state.set_count(static_cast<std::uint32_t>(world.birds().size()));
  state.set_order(static_cast<float>(world.order()));
  state.set_run_steps(world.run_steps());
  state.set_plate_x(plate.x);
  state.set_plate_y(plate.y);
  state.set_plate_side(plate.width);
  for (const sim::SettingValue& v : world.settings_now()) {
    v1::SettingValue& value = *frame.add_settings();
    value.set_name(v.name);
    value.set_value(v.value);
  }
  frame.set_settings_preset(std::string(sim::plate_preset_matching(world.settings())));
  add_new_events(world.events(), last_event_sequence_, to_proto, frame);
  message.SerializeToString(&out.key_message);
}

void PlateStream::operator_events(const sim::World& w, std::uint64_t& last, std::vector<std::string>& out) const {
  append_operator_events(static_cast<const sim::PlateWorld&>(w).events(), last, to_proto, out);
}

}  // namespace meadow::stream
