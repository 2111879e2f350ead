#pragma once
// The pond's part of a frame: its fish packed eight bytes each, its crumbs and predators, how many
// have been fed, the water's box, its settings by their schema's names and its palette, and the
// crumbs eaten as events (the shared CrumbEaten event: the viewer's sound is the same). The shared
// camera frames the pond.
#include <cstdint>
#include <string>
#include <vector>

#include "meadow/v1/viewer.pb.h"
#include "sim/pond/pond_world.hpp"
#include "stream/world_stream.hpp"

namespace meadow::stream {

// The fish as PondState.fish packs them: per fish x and y as fractions of `water` (uint16), then
// vx and vy in hundredths of a world unit a step (int16), little-endian.
[[nodiscard]] std::string packed_fish(const sim::PondFish& fish, const sim::Rect& water);

// Where the shared camera looks in the pond: the water, with a margin of shore round it.
[[nodiscard]] sim::Rect pond_camera(const sim::Rect& water);

// The pond's events on the wire.
void to_proto(const sim::WorldEvent<sim::PondEventBody>& from, v1::Event& to);

class PondStream final : public WorldStream {
 public:
  [[nodiscard]] sim::WorldKind kind() const override { return sim::WorldKind::pond; }
  void build(const sim::World& world, const FrameContext& context, v1::ServerMessage& message,
             WorldFrame& out) override;
  void operator_events(const sim::World& world, std::uint64_t& last, std::vector<std::string>& out) const override;

 private:
  std::uint64_t last_event_sequence_ = 0;
};

}  // namespace meadow::stream
