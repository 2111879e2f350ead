#pragma once
// One frame of the meadow, encoded once on the sim thread and shared read-only by every
// session (DESIGN.md: "encode ONCE → FrameBundle"). Sessions pick the delta when they sent the
// frame it is based on, and the key frame otherwise (new, or fell behind).
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace meadow::stream {

// Index of a world in per-world arrays; matches meadow.v1.World minus one.
enum class WorldIndex : std::size_t { swarm = 0, colony = 1, mold = 2 };
inline constexpr std::size_t kWorldCount = 3;

struct WorldFrame {
  // A serialized meadow.v1.ServerMessage holding a key Frame. Empty when the world is not
  // streamed in this bundle.
  std::string key_message;
  // A serialized meadow.v1.ServerMessage holding a delta Frame against frame `delta_base`.
  // Empty when there is no previous frame to diff against.
  std::string delta_message;
  std::uint64_t delta_base = 0;
};

struct FrameBundle {
  std::uint64_t number = 0;  // frame number, one more than the previous bundle's
  std::uint64_t tick = 0;    // sim tick shown
  std::array<WorldFrame, kWorldCount> worlds;

  [[nodiscard]] const WorldFrame& world(WorldIndex w) const {
    return worlds[static_cast<std::size_t>(w)];
  }
};

using FrameBundlePtr = std::shared_ptr<const FrameBundle>;

}  // namespace meadow::stream
