#pragma once
// Builds each frame once on the sim thread (docs/architecture.md "The path of a frame"): for every
// world on the meadow that has a stream, a serialized meadow.v1.ServerMessage every session can
// send as it is (and a delta where the world makes one). The parts every frame shares (number,
// tick, world, viewers, locks, pause, what the worlds lend to all frames) are filled here; each
// world's own part by its WorldStream.
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "sim/geometry.hpp"
#include "sim/meadow.hpp"
#include "stream/frame_bundle.hpp"
#include "stream/world_stream.hpp"

namespace meadow::stream {

class FrameBuilder {
 public:
  // One stream per world kind (a world without one is not streamed).
  // `first_number`: the first bundle's number (a replay's frames are numbered apart from the
  // live ones, so that no session takes one's delta for the other's).
  explicit FrameBuilder(std::vector<std::unique_ptr<WorldStream>> streams, std::uint64_t first_number = 1);
  // Builds only `world`'s frame (a replay of one world); nullopt: every world's.
  void show_only(std::optional<sim::WorldKind> world) { only_ = world; }

  // The next bundle: number one more than the last (the first is 1), the meadow's tick. `camera`
  // is imposed on the worlds that have a camera of their own (tests, a fixed view).
  // `video` says which worlds' light is also encoded as video (null: none), `trails` whether live
  // trail points are wanted, from the worlds that offer them (null: never).
  [[nodiscard]] FrameBundlePtr build(const sim::Meadow& meadow, std::uint32_t viewers,
                                     std::optional<sim::Rect> camera = std::nullopt, VideoDemand* video = nullptr,
                                     const TrailDemand* trails = nullptr);

  // The stream of `kind`, or null.
  [[nodiscard]] WorldStream* stream(sim::WorldKind kind) const { return by_kind_[sim::index_of(kind)].get(); }

 private:
  std::array<std::unique_ptr<WorldStream>, sim::kWorldKinds> by_kind_;
  std::uint64_t last_number_ = 0;
  std::optional<sim::WorldKind> only_;
};

}  // namespace meadow::stream
