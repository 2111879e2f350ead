#include "stream/frame_builder.hpp"

#include <memory>
#include <span>
#include <string>

#include "meadow/v1/viewer.pb.h"
#include "stream/proto_mapping.hpp"

namespace meadow::stream {

namespace {

// The parts of a swarm Frame that the key and the delta message share.
void fill_swarm_frame(v1::Frame& frame, std::uint64_t number, const sim::Meadow& meadow,
                      std::uint32_t viewers, const sim::Rect& camera,
                      const RasterGeometry& geometry) {
  frame.set_number(number);
  frame.set_tick(meadow.tick());
  frame.set_world(v1::WORLD_SWARM);
  frame.set_viewers(viewers);
  to_proto(camera, *frame.mutable_camera());
  v1::SwarmFigures& figures = *frame.mutable_swarm();
  figures.set_count(static_cast<std::uint32_t>(meadow.swarm().count()));
  const sim::SwarmWeights weights = meadow.swarm().weights();
  figures.set_separation(weights.separation);
  figures.set_alignment(weights.alignment);
  figures.set_cohesion(weights.cohesion);
  v1::LightLayer& light = *frame.mutable_light();
  light.set_width(geometry.width);
  light.set_height(geometry.height);
  light.set_channels(1);
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
  const std::span<const std::uint8_t> raster = light_.render(meadow.swarm().view(), geometry);

  WorldFrame& swarm = bundle->worlds[static_cast<std::size_t>(WorldIndex::swarm)];
  v1::ServerMessage message;
  v1::Frame& frame = *message.mutable_frame();
  fill_swarm_frame(frame, bundle->number, meadow, viewers, camera.value_or(world), geometry);

  v1::LightLayer& light = *frame.mutable_light();
  light.set_key(true);
  light.set_base_frame(0);
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
  last_number_ = bundle->number;
  return bundle;
}

}  // namespace meadow::stream
