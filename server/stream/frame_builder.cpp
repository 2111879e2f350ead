#include "stream/frame_builder.hpp"

#include <stdexcept>
#include <utility>

#include "stream/proto_mapping.hpp"

namespace meadow::stream {

FrameBuilder::FrameBuilder(std::vector<std::unique_ptr<WorldStream>> streams, std::uint64_t first_number)
    : last_number_(first_number - 1) {
  for (auto& s : streams) {
    auto& slot = by_kind_[sim::index_of(s->kind())];
    if (slot) throw std::invalid_argument("two streams for one world");
    slot = std::move(s);
  }
}

FrameBundlePtr FrameBuilder::build(const sim::Meadow& meadow, std::uint32_t viewers, std::optional<sim::Rect> camera,
                                   VideoDemand* video, const TrailDemand* trails) {
  auto bundle = std::make_shared<FrameBundle>();
  bundle->number = last_number_ + 1;
  bundle->tick = meadow.tick();
  const FrameContext context{meadow, bundle->number, camera, video, trails};
  for (const sim::World* world : meadow.worlds()) {
    WorldStream* stream = by_kind_[sim::index_of(world->kind())].get();
    if (stream == nullptr || (only_ && *only_ != world->kind())) continue;
    v1::ServerMessage message;
    v1::Frame& frame = *message.mutable_frame();
    frame.set_number(bundle->number);
    frame.set_tick(meadow.tick());
    frame.set_world(to_proto(world->kind()));
    frame.set_viewers(viewers);
    to_proto(meadow.locks(), *frame.mutable_locks());
    frame.set_paused(meadow.paused());
    for (const sim::World* lender : meadow.worlds()) {
      if (const WorldStream* s = by_kind_[sim::index_of(lender->kind())].get()) s->fill_shared(*lender, frame);
    }
    stream->build(*world, context, message, bundle->world(world->kind()));
  }
  last_number_ = bundle->number;
  return bundle;
}

}  // namespace meadow::stream
