#include "stream/mold/mold_stream.hpp"

#include "sim/mold/mold_world.hpp"
#include "stream/proto_mapping.hpp"

namespace meadow::stream {
namespace {


void fill_state(v1::MoldState& state, const sim::MoldWorld& world, const sim::Meadow& meadow) {
  const sim::MoldEngine& mold = world.mold();
  v1::MoldFigures& figures = *state.mutable_figures();
  figures.set_agents(mold.settings().agents);
  figures.set_steps_per_second(static_cast<float>(world.steps_per_second()));
  figures.set_coverage(static_cast<float>(world.network().coverage));
  figures.set_components(world.network().components);
  figures.set_holes(world.network().holes);
  figures.set_junctions(world.network().junctions);
  figures.set_measured_step(world.network_step());
  to_proto(mold.settings(), *state.mutable_settings());
  for (const sim::MoldPreset& preset : sim::mold_presets()) {
    v1::MoldPreset& p = *state.add_presets();
    p.set_name(std::string(preset.name));
    p.set_title(std::string(preset.title));
  }
  state.set_settings_locked(meadow.locks().settings);
  state.set_map_width(mold.map_size().width);
  state.set_map_height(mold.map_size().height);
  state.set_max_agents(world.viewer_max_agents());
  state.set_min_agents(sim::mold_rules::kMinAgents);
  state.set_food(static_cast<std::uint32_t>(world.tools().food().size()));
  state.set_max_food(sim::mold_rules::kMaxFood);
}

void fill_marks(v1::Frame& frame, const sim::MoldTools& tools) {
  for (const sim::MoldFood& food : tools.food()) {
    v1::Mark& mark = *frame.add_marks();
    mark.set_id(food.id);
    mark.set_tool(v1::TOOL_FLOWER);
    to_proto(food.at, *mark.mutable_position());
    mark.set_owner_session(food.owner);
    mark.set_radius(sim::mold_rules::kFoodRadius);
    mark.set_amount(food.amount);
  }
  const auto pointers = [&](const std::vector<sim::MoldPointer>& held, v1::Tool tool, float radius) {
    for (const sim::MoldPointer& p : held) {
      v1::Mark& mark = *frame.add_marks();
      mark.set_id(0);  // one of each per viewer: owner_session tells them apart
      mark.set_tool(tool);
      to_proto(p.at, *mark.mutable_position());
      mark.set_owner_session(p.owner);
      mark.set_radius(radius);
    }
  };
  pointers(tools.attracts(), v1::TOOL_ATTRACT, sim::mold_rules::kAttractRadius);
  pointers(tools.predators(), v1::TOOL_PREDATOR, sim::mold_rules::kRepelRadius);
}

}  // namespace

void to_proto(const sim::MoldSettings& s, v1::MoldSettingsState& to) {
  to.set_agents(s.agents);
  to.set_sensor_angle(s.sensor_angle_deg);
  to.set_turn_angle(s.turn_angle_deg);
  to.set_sensor_distance(s.sensor_distance);
  to.set_deposit(s.deposit);
  to.set_decay(s.decay);
  to.set_diffusion(s.diffusion);
  to.set_occupancy(s.occupancy);
  const sim::MoldPreset* preset = sim::preset_matching(s);
  to.set_preset(preset != nullptr ? std::string(preset->name) : std::string());
}

MoldStream::MoldStream(int zstd_level) : encoder_(zstd_level) {}

void MoldStream::build(const sim::World& w, const FrameContext& context, v1::ServerMessage& message,
                       WorldFrame& out) {
  const auto& world = static_cast<const sim::MoldWorld&>(w);
  const sim::Meadow& meadow = context.meadow;
  const sim::Rect bounds = meadow.land().meadow();
  light_.update(world.mold().trail());
  const std::vector<std::uint8_t>& raster = light_.pixels();

  v1::Frame& frame = *message.mutable_frame();
  to_proto(context.camera.value_or(bounds), *frame.mutable_camera());
  to_proto(bounds, *frame.mutable_world_bounds());
  fill_state(*frame.mutable_mold(), world, meadow);
  fill_marks(frame, world.tools());

  v1::LightLayer& light = *frame.mutable_light();
  light.set_width(light_.width());
  light.set_height(light_.height());
  light.set_channels(1);
  to_proto(bounds, *light.mutable_bounds());
  light.set_codec(v1::LIGHT_CODEC_ZSTD_U8);
  light.set_key(true);
  light.set_base_frame(0);
  light.set_data(encoder_.encode_key(raster, light_.width()));
  message.SerializeToString(&out.key_message);

  // A delta only against a raster of the same size.
  if (last_number_ != 0 && previous_width_ == light_.width() && previous_.size() == raster.size()) {
    light.set_key(false);
    light.set_base_frame(last_number_);
    light.set_data(encoder_.encode_delta(raster, previous_, light_.width()));
    message.SerializeToString(&out.delta_message);
    out.delta_base = last_number_;
  }
  video_.build(kind(), context.video, raster, {}, light_.width(), light_.height(), message, out);
  previous_.assign(raster.begin(), raster.end());
  previous_width_ = light_.width();
  last_number_ = context.number;
}

}  // namespace meadow::stream
