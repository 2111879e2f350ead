#include "support/test_world.hpp"

#include <algorithm>
#include <cmath>

#include "stream/proto_mapping.hpp"

namespace meadow::testing {

void TestWorld::step(const sim::WorldStep& step) {
  if (!step.paused) ++steps_;
}

std::optional<sim::ActionOutcome> TestWorld::apply(const sim::Action& action, sim::Land& land) {
  const auto* tap = std::get_if<sim::AttractTap>(&action.body);
  if (tap == nullptr) return std::nullopt;  // the other tools do nothing here
  if (!land.meadow().contains(tap->at)) return sim::refused("outside_meadow", "The beacon stays on the meadow.");
  beacon_ = tap->at;
  ++taps_;
  return sim::ActionOutcome{};
}

void TestWorld::figures(std::vector<sim::WorldFigure>& out) const {
  out.push_back({"taps", static_cast<double>(taps_)});
  out.push_back({"x", beacon_.x});
  out.push_back({"y", beacon_.y});
}

void TestWorldStream::build(const sim::World& w, const stream::FrameContext& context, v1::ServerMessage& message,
                            stream::WorldFrame& out) {
  const auto& world = static_cast<const TestWorld&>(w);
  const sim::Rect meadow = context.meadow.land().meadow();
  const auto width = static_cast<std::uint32_t>(meadow.width / kPixel);
  const auto height = static_cast<std::uint32_t>(meadow.height / kPixel);
  raster_.assign(std::size_t{width} * height, 0);
  const auto px = static_cast<std::uint32_t>(std::clamp((world.beacon().x - meadow.x) / kPixel, 0.0F, static_cast<float>(width) - 1.0F));
  const auto py = static_cast<std::uint32_t>(std::clamp((world.beacon().y - meadow.y) / kPixel, 0.0F, static_cast<float>(height) - 1.0F));
  raster_[std::size_t{py} * width + px] = 255;

  v1::Frame& frame = *message.mutable_frame();
  stream::to_proto(meadow, *frame.mutable_camera());
  stream::to_proto(meadow, *frame.mutable_world_bounds());
  v1::LightLayer& light = *frame.mutable_light();
  light.set_width(width);
  light.set_height(height);
  light.set_channels(1);
  stream::to_proto(meadow, *light.mutable_bounds());
  light.set_codec(v1::LIGHT_CODEC_ZSTD_U8);
  light.set_key(true);
  light.set_data(encoder_.encode_key(raster_, width));
  message.SerializeToString(&out.key_message);
}

std::unique_ptr<sim::WorldState> TestWorld::save() const {
  auto state = std::make_unique<State>();
  state->beacon = beacon_;
  state->steps = steps_;
  state->taps = taps_;
  return state;
}

void TestWorld::restore(const sim::WorldState& saved, sim::Land& /*land*/) {
  const auto& state = sim::state_as<State>(saved);
  beacon_ = state.beacon;
  steps_ = state.steps;
  taps_ = state.taps;
}

}  // namespace meadow::testing
