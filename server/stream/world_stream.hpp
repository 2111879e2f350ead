#pragma once
// What a world's part of a frame is (docs/architecture.md "The worlds"): each world has one
// WorldStream, registered beside the world, that fills its Frame (camera, bounds, figures, light,
// marks, entities, events) and serializes it once for every session. The FrameBuilder fills the
// parts every frame shares (number, tick, world, viewers, locks, pause) and asks every stream for
// what it lends to all frames (weather one world makes that every world's frame shows).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "meadow/v1/viewer.pb.h"
#include "sim/geometry.hpp"
#include "sim/meadow.hpp"
#include "sim/world.hpp"
#include "stream/frame_bundle.hpp"
#include "stream/trail_demand.hpp"
#include "stream/video_demand.hpp"

namespace meadow::stream {

struct FrameContext {
  const sim::Meadow& meadow;
  std::uint64_t number = 0;  // this bundle's number
  std::optional<sim::Rect> camera;  // a camera the caller imposes instead of the world's own
  VideoDemand* video = nullptr;     // who takes the light as video (null: nobody)
  const TrailDemand* trails = nullptr;  // whether live trail points are wanted (null: no)
};

class WorldStream {
 public:
  virtual ~WorldStream() = default;
  [[nodiscard]] virtual sim::WorldKind kind() const = 0;
  // Fills this world's part of `message`'s frame (already holding the shared parts) and writes
  // the serialized key message, and a delta message where the world has one, into `out`.
  virtual void build(const sim::World& world, const FrameContext& context, v1::ServerMessage& message,
                     WorldFrame& out) = 0;
  // What this world lends to every world's frame (nothing by default).
  virtual void fill_shared(const sim::World& /*world*/, v1::Frame& /*frame*/) const {}
  // Its world's events after `last` that the operator's feed carries, each a serialized
  // meadow.v1.Event appended to `out`; `last` moves to the newest. None by default.
  virtual void operator_events(const sim::World& /*world*/, std::uint64_t& /*last*/,
                               std::vector<std::string>& /*out*/) const {}
};

}  // namespace meadow::stream
