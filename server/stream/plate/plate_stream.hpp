#pragma once
// The plate's part of a frame: its birds packed six bytes each, its order parameter, where its
// torus lies on the meadow, its settings by their schema's names, and its order crossings as
// events (the shared measure, sim/order_crossings.hpp: the viewer's bell and caption are the same
// for every world that has them).
#include <cstdint>
#include <string>
#include <vector>

#include "meadow/v1/viewer.pb.h"
#include "sim/plate/plate_world.hpp"
#include "stream/world_stream.hpp"

namespace meadow::stream {

// The birds as PlateState.birds packs them: per bird x, y and heading, little-endian uint16.
[[nodiscard]] std::string packed_birds(const sim::PlateBirds& birds);

// The plate's events on the wire.
void to_proto(const sim::WorldEvent<sim::PlateEventBody>& from, v1::Event& to);

class PlateStream final : public WorldStream {
 public:
  [[nodiscard]] sim::WorldKind kind() const override { return sim::WorldKind::plate; }
  void build(const sim::World& world, const FrameContext& context, v1::ServerMessage& message,
             WorldFrame& out) override;
  void operator_events(const sim::World& world, std::uint64_t& last, std::vector<std::string>& out) const override;

 private:
  std::uint64_t last_event_sequence_ = 0;
};

}  // namespace meadow::stream
