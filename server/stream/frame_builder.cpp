#include "stream/frame_builder.hpp"

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "meadow/v1/viewer.pb.h"
#include "sim/swarm/tool_rules.hpp"
#include "sim/world_size.hpp"
#include "stream/colony_frame.hpp"
#include "stream/light_request.hpp"
#include "stream/proto_mapping.hpp"
#include "stream/rock_rims.hpp"

namespace meadow::stream {

namespace {

// The swarm's live figures (SPEC §2 "Measures", "Pace"; issue 3).
void fill_figures(v1::SwarmFigures& figures, const sim::Meadow& meadow) {
  const sim::SwarmEngine& swarm = meadow.swarm();
  figures.set_count(static_cast<std::uint32_t>(swarm.count()));
  figures.set_target_count(static_cast<std::uint32_t>(meadow.target_count()));
  const sim::SwarmWeights weights = swarm.weights();
  figures.set_separation(weights.separation);
  figures.set_alignment(weights.alignment);
  figures.set_cohesion(weights.cohesion);
  const sim::SwarmMeasures measures = swarm.measures();
  figures.set_order(measures.order);
  figures.set_mean_alignment(measures.mean_alignment);
  figures.set_tightness(measures.tightness);
  figures.set_lonely(measures.lonely);
  figures.set_fed(meadow.tools().fed());
  figures.set_steps_per_second(static_cast<float>(meadow.achieved_steps_per_second()));
  figures.set_target_steps_per_second(static_cast<float>(meadow.target_steps_per_second()));
  figures.set_slowed(meadow.slowed());
  figures.set_meadows_wide(sim::meadows_wide(meadow.land().world(), meadow.land().meadow()));
  figures.set_settings_locked(meadow.locks().settings);
  figures.set_viewer_max_count(static_cast<std::uint32_t>(meadow.viewer_max_count()));
}

// Every tool mark on the meadow now.
void fill_marks(v1::Frame& frame, const sim::Meadow& meadow) {
  const sim::SwarmTools& tools = meadow.tools();
  for (const sim::ToolMark& mark : tools.attract_marks()) {
    to_proto(mark, v1::TOOL_ATTRACT, sim::tool_rules::kAttractOrbit, *frame.add_marks());
  }
  for (const sim::ToolMark& crumb : tools.crumbs()) {
    to_proto(crumb, v1::TOOL_FLOWER, sim::tool_rules::kCrumbSmell, *frame.add_marks());
  }
  const float reach = meadow.predator_reach();
  for (const sim::SwarmPredator& predator : tools.predators()) {
    to_proto(predator, reach, *frame.add_marks());
  }
}

// The parts of a swarm Frame that the key and the delta message share.
void fill_swarm_frame(v1::Frame& frame, std::uint64_t number, const sim::Meadow& meadow,
                      std::uint32_t viewers, const sim::Rect& camera,
                      const RasterGeometry& geometry, std::uint64_t events_after) {
  frame.set_number(number);
  frame.set_tick(meadow.tick());
  frame.set_world(v1::WORLD_SWARM);
  frame.set_viewers(viewers);
  to_proto(camera, *frame.mutable_camera());
  to_proto(meadow.land().world(), *frame.mutable_world_bounds());
  fill_figures(*frame.mutable_swarm(), meadow);
  to_proto(meadow.colony().breeze(), *frame.mutable_breeze());
  to_proto(meadow.locks(), *frame.mutable_locks());
  frame.set_paused(meadow.paused());
  fill_marks(frame, meadow);
  for (const sim::MeadowEvent& event : meadow.events().events()) {
    if (event.sequence > events_after) to_proto(event, *frame.add_events());
  }
  v1::LightLayer& light = *frame.mutable_light();
  light.set_width(geometry.width);
  light.set_height(geometry.height);
  light.set_channels(kLightChannels);
  to_proto(geometry.bounds, *light.mutable_bounds());
  light.set_codec(v1::LIGHT_CODEC_ZSTD_U8);
}

}  // namespace

FrameBuilder::FrameBuilder(int zstd_level) : encoder_(zstd_level) {}

FrameBundlePtr FrameBuilder::build(const sim::Meadow& meadow, std::uint32_t viewers,
                                   std::optional<sim::Rect> camera) {
  auto bundle = std::make_shared<FrameBundle>();
  bundle->number = last_number_ + 1;
  bundle->tick = meadow.tick();

  const sim::Rect world = meadow.land().world();
  const RasterGeometry geometry = light_geometry(world);
  // The engine's own light where it makes one (the GPU: the fireflies stay there), else the
  // raster of its view here.
  const std::span<const sim::Rock> rocks = meadow.land().rocks();
  const sim::SwarmLightFrame* engine_light = meadow.swarm().light(light_request(geometry, light_.curve(), rocks));
  const std::span<const std::uint8_t> raster =
      engine_light != nullptr ? engine_light->raster : light_.render(meadow.swarm().view(), geometry);

  WorldFrame& swarm = bundle->worlds[static_cast<std::size_t>(WorldIndex::swarm)];
  v1::ServerMessage message;
  v1::Frame& frame = *message.mutable_frame();
  fill_swarm_frame(frame, bundle->number, meadow, viewers, camera.value_or(meadow.camera()), geometry,
                   last_event_sequence_);
  last_event_sequence_ = meadow.events().last_sequence();
  const std::vector<RockRim> rims = engine_light != nullptr ? rims_from_sums(rocks, engine_light->rim_sums, light_.curve())
                                                           : rock_rims(light_, geometry, rocks);
  for (const RockRim& rim : rims) to_proto(rim, *frame.add_rock_rims());

  v1::LightLayer& light = *frame.mutable_light();
  light.set_key(true);
  light.set_base_frame(0);
  // The planes stacked: rows of `width` bytes, height × kLightChannels of them.
  light.set_data(encoder_.encode_key(raster, geometry.width));
  message.SerializeToString(&swarm.key_message);

  // A delta only makes sense against a raster of the same size over the same ground.
  if (last_number_ != 0 && previous_geometry_ == geometry) {
    light.set_key(false);
    light.set_base_frame(last_number_);
    light.set_data(encoder_.encode_delta(raster, previous_, geometry.width));
    message.SerializeToString(&swarm.delta_message);
    swarm.delta_base = last_number_;
  }

  previous_.assign(raster.begin(), raster.end());
  previous_geometry_ = geometry;
  build_colony(meadow, viewers, *bundle);
  last_number_ = bundle->number;
  return bundle;
}

void FrameBuilder::build_colony(const sim::Meadow& meadow, std::uint32_t viewers, FrameBundle& bundle) {
  v1::ServerMessage message;
  v1::Frame& frame = *message.mutable_frame();
  frame.set_number(bundle.number);
  frame.set_tick(meadow.tick());
  frame.set_world(v1::WORLD_COLONY);
  frame.set_viewers(viewers);
  // The colony lives on the meadow: that is its whole world and what its camera shows.
  to_proto(meadow.land().meadow(), *frame.mutable_camera());
  to_proto(meadow.land().meadow(), *frame.mutable_world_bounds());
  const sim::Colony& colony = meadow.colony();
  fill_colony_state(colony, *frame.mutable_colony());
  to_proto(colony.breeze(), *frame.mutable_breeze());
  to_proto(meadow.locks(), *frame.mutable_locks());
  frame.set_paused(meadow.paused());
  for (const sim::MeadowEvent& event : colony.events().events()) {
    if (event.sequence > last_colony_event_) to_proto(event, *frame.add_events());
  }
  last_colony_event_ = colony.events().last_sequence();
  message.SerializeToString(&bundle.worlds[static_cast<std::size_t>(WorldIndex::colony)].key_message);
}

}  // namespace meadow::stream
