#include "stream/swarm/swarm_stream.hpp"

#include <span>

#include "sim/swarm/swarm_world.hpp"
#include "sim/swarm/tool_rules.hpp"
#include "sim/swarm/world_size.hpp"
#include "stream/proto_mapping.hpp"
#include "stream/rock_rims.hpp"
#include "stream/swarm/live_trails.hpp"
#include "stream/swarm/swarm_events_mapping.hpp"
#include "stream/swarm/swarm_light.hpp"
#include "stream/swarm/swarm_marks.hpp"
#include "stream/world_events.hpp"

namespace meadow::stream {

namespace {

// The swarm's live figures (docs/rules.md "The swarm · Measures", "The swarm · Pace").
void fill_figures(v1::SwarmFigures& figures, const sim::SwarmWorld& world, const sim::Meadow& meadow) {
  const sim::SwarmEngine& swarm = world.swarm();
  figures.set_count(static_cast<std::uint32_t>(swarm.count()));
  figures.set_target_count(static_cast<std::uint32_t>(world.target_count()));
  const sim::SwarmWeights weights = swarm.weights();
  figures.set_separation(weights.separation);
  figures.set_alignment(weights.alignment);
  figures.set_cohesion(weights.cohesion);
  figures.set_speed(weights.speed);
  const sim::SwarmMeasures measures = swarm.measures();
  figures.set_order(measures.order);
  figures.set_mean_alignment(measures.mean_alignment);
  figures.set_tightness(measures.tightness);
  figures.set_lonely(measures.lonely);
  figures.set_fed(world.tools().fed());
  figures.set_steps_per_second(static_cast<float>(world.achieved_steps_per_second()));
  figures.set_target_steps_per_second(static_cast<float>(world.target_steps_per_second()));
  figures.set_slowed(world.slowed());
  figures.set_meadows_wide(sim::meadows_wide(meadow.land().world(), meadow.land().meadow()));
  figures.set_settings_locked(meadow.locks().settings);
  figures.set_viewer_max_count(static_cast<std::uint32_t>(world.viewer_max_count()));
}

// Every tool mark on the meadow now.
void fill_marks(v1::Frame& frame, const sim::SwarmWorld& world) {
  const sim::SwarmTools& tools = world.tools();
  for (const sim::ToolMark& mark : tools.attract_marks()) {
    to_proto(mark, v1::TOOL_ATTRACT, sim::tool_rules::kAttractOrbit, *frame.add_marks());
  }
  for (const sim::ToolMark& crumb : tools.crumbs()) {
    to_proto(crumb, v1::TOOL_FLOWER, sim::tool_rules::kCrumbSmell, *frame.add_marks());
  }
  const float reach = world.predator_reach();
  for (const sim::SwarmPredator& predator : tools.predators()) {
    to_proto(predator, reach, *frame.add_marks());
  }
}

}  // namespace

SwarmStream::SwarmStream(int zstd_level) : encoder_(zstd_level) {}

void SwarmStream::follow_exposure(std::span<const std::uint8_t> intensity, std::uint64_t tick) {
  // Meadow time, so a replay at 16x follows as the night did.
  const double seconds = exposure_tick_ == 0 ? 0.0 : static_cast<double>(tick - exposure_tick_) / sim::kTicksPerSecond;
  exposure_tick_ = tick;
  if (auto curve = exposure_.observe(intensity, light_.curve(), seconds)) light_.set_curve(*curve);
}

void SwarmStream::build(const sim::World& w, const FrameContext& context, v1::ServerMessage& message,
                        WorldFrame& out) {
  const auto& world = static_cast<const sim::SwarmWorld&>(w);
  const sim::Meadow& meadow = context.meadow;
  const sim::Rect bounds = meadow.land().world();
  const RasterGeometry geometry = light_geometry(bounds);
  // The engine's own light where it makes one (the GPU: the fireflies stay there), else the
  // raster of its view here.
  const std::span<const sim::Rock> rocks = meadow.land().rocks();
  // The heat follows the speed setting: the fastest of the band burn whiter at any setting.
  const float speed = world.swarm().weights().speed;
  const sim::SwarmLightFrame* engine_light = world.swarm().light(swarm_light_request(geometry, light_.curve(), rocks, speed));
  const std::span<const std::uint8_t> raster =
      engine_light != nullptr ? engine_light->raster : render_fireflies(light_, world.swarm().view(), geometry, speed);

  v1::Frame& frame = *message.mutable_frame();
  to_proto(context.camera.value_or(world.camera()), *frame.mutable_camera());
  to_proto(bounds, *frame.mutable_world_bounds());
  fill_figures(*frame.mutable_swarm(), world, meadow);
  fill_marks(frame, world);
  add_new_events(world.events(), last_event_sequence_, to_proto, frame);
  const std::vector<RockRim> rims = engine_light != nullptr ? rims_from_sums(rocks, engine_light->rim_sums, light_.curve())
                                                           : firefly_rock_rims(light_, geometry, rocks);
  for (const RockRim& rim : rims) to_proto(rim, *frame.add_rock_rims());

  v1::LightLayer& light = *frame.mutable_light();
  light.set_width(geometry.width);
  light.set_height(geometry.height);
  light.set_channels(kLightChannels);
  to_proto(geometry.bounds, *light.mutable_bounds());
  light.set_codec(v1::LIGHT_CODEC_ZSTD_U8);
  light.set_key(true);
  light.set_base_frame(0);
  // The planes stacked: rows of `width` bytes, height × kLightChannels of them.
  light.set_data(encoder_.encode_key(raster, geometry.width));
  message.SerializeToString(&out.key_message);

  // A delta only makes sense against a raster of the same size over the same ground.
  if (last_number_ != 0 && previous_geometry_ == geometry) {
    light.set_key(false);
    light.set_base_frame(last_number_);
    light.set_data(encoder_.encode_delta(raster, previous_, geometry.width));
    message.SerializeToString(&out.delta_message);
    out.delta_base = last_number_;
  }
  const std::size_t pixels = geometry.pixels();
  follow_exposure(raster.first(pixels), meadow.tick());
  video_.build(kind(), context.video, raster.first(pixels), raster.subspan(pixels, pixels), geometry.width,
               geometry.height, message, out);
  previous_.assign(raster.begin(), raster.end());
  previous_geometry_ = geometry;
  last_number_ = context.number;
  if (context.trails != nullptr && context.trails->wanted(sim::WorldKind::swarm)) {
    v1::ServerMessage points;
    live_trails_.fill(world.swarm(), meadow.seed(), bounds, context.number, meadow.tick(), *points.mutable_trail_points());
    points.SerializeToString(&out.trail_message);
  }
}

void SwarmStream::operator_events(const sim::World& w, std::uint64_t& last, std::vector<std::string>& out) const {
  append_operator_events(static_cast<const sim::SwarmWorld&>(w).events(), last, to_proto, out);
}

}  // namespace meadow::stream
