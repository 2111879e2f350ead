#include "support/test_world.hpp"

#include <algorithm>
#include <cmath>

#include "stream/proto_mapping.hpp"

namespace meadow::testing {

void TestWorld::step(const sim::WorldStep& step) {
  if (!step.paused) ++steps_;
}

namespace {

// The presets: every setting at once.
struct Preset {
  const char* name;
  double glow;
  std::uint32_t size;
};
constexpr Preset kPresets[] = {{"beacon", 1.0, 1}, {"lantern", 0.5, 3}};

}  // namespace

const sim::SettingsSchema* TestWorld::settings_schema() const {
  static const sim::SettingsSchema schema{
      kKind,
      {{"glow", "glow", "of full light", sim::SettingKind::number, kLeastGlow, 1.0, 0.1},
       {"size", "beacon size", "pixels a side", sim::SettingKind::whole, 1.0, static_cast<double>(kLargestSize), 1.0}},
      {{"beacon", "Beacon"}, {"lantern", "Lantern"}}};
  return &schema;
}

std::vector<sim::SettingValue> TestWorld::settings_now() const {
  return {{"glow", glow_}, {"size", static_cast<double>(size_)}};
}

std::optional<sim::ActionOutcome> TestWorld::apply(const sim::Action& action, sim::Land& land) {
  if (const auto* change = std::get_if<sim::SettingsChange>(&action.body)) {
    // The meadow checked it against the schema: the preset is one of ours, the values in range.
    for (const Preset& p : kPresets) {
      if (change->preset == p.name) {
        glow_ = p.glow;
        size_ = p.size;
      }
    }
    glow_ = change->value("glow").value_or(glow_);
    size_ = static_cast<std::uint32_t>(change->value("size").value_or(size_));
    return sim::ActionOutcome{};
  }
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
  out.push_back({"glow", glow_});
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
  // A square of size × size pixels from the beacon's, as bright as its glow.
  const auto level = static_cast<std::uint8_t>(std::lround(255.0 * world.glow()));
  for (std::uint32_t y = py; y < std::min(py + world.size(), height); ++y) {
    for (std::uint32_t x = px; x < std::min(px + world.size(), width); ++x) raster_[std::size_t{y} * width + x] = level;
  }

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
  state->glow = glow_;
  state->size = size_;
  return state;
}

void TestWorld::restore(const sim::WorldState& saved, sim::Land& /*land*/) {
  const auto& state = sim::state_as<State>(saved);
  beacon_ = state.beacon;
  steps_ = state.steps;
  taps_ = state.taps;
  glow_ = state.glow;
  size_ = state.size;
}

}  // namespace meadow::testing
