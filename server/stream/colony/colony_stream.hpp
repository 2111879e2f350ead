#pragma once
// The colony's part of a frame: its entity states (colony_frame.hpp: quantised fireflies, the
// stump and its store, the flowers, the seeds) and its events since the last frame; its camera
// and bounds are the meadow, its whole world. A key message only: the states stand alone. It
// lends every world's frame the breeze, which blows over the whole meadow.
#include <cstdint>

#include "stream/world_stream.hpp"

namespace meadow::stream {

class ColonyStream final : public WorldStream {
 public:
  [[nodiscard]] sim::WorldKind kind() const override { return sim::WorldKind::colony; }
  void build(const sim::World& world, const FrameContext& context, v1::ServerMessage& message,
             WorldFrame& out) override;
  void fill_shared(const sim::World& world, v1::Frame& frame) const override;
  // All but the flashes and sips (colony_events_mapping.hpp's for_the_operator).
  void operator_events(const sim::World& world, std::uint64_t& last, std::vector<std::string>& out) const override;

 private:
  std::uint64_t last_event_sequence_ = 0;  // the newest event already in a frame
};

}  // namespace meadow::stream
