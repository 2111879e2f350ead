#pragma once
// The live trails layer's positions (docs/rules.md "The swarm · Trails"): where a few hundred of
// the swarm's fireflies are now, always the same ones while they fly (sim/swarm/trail_choice.hpp),
// quantised over the world, for the viewer to draw their fading paths. A small, bounded message
// sent after each swarm frame only to the viewers that watch trails.
//
// The choice is kept while the swarm's population stays (SwarmEngine::population() and count()),
// and each frame gathers only the chosen fireflies: where the engine can (the GPU's small kernel)
// by reading back 8 bytes each, else by one pass over the ids looking each up in a bit set
// (docs/perf/live-trails.md: drawing the choice anew each frame cost a pass of hashing over every
// firefly, and on the GPU a read-back of the whole swarm).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "meadow/v1/viewer.pb.h"
#include "sim/geometry.hpp"
#include "sim/swarm/swarm_engine.hpp"

namespace meadow::stream {

// Fireflies the layer follows: a few hundred paths read as trails without hiding the light, and
// 256 × about 7 bytes keeps the message under 2 kB (60 kB/s at 30 frames a second).
inline constexpr std::size_t kLiveTrailCount = 256;
// A quantised position: 0 … 65535 across the world on each axis.
inline constexpr float kTrailPointSteps = 65535.0F;

class LiveTrails {
 public:
  // Fills `out` with the chosen fireflies of `swarm` in `world` (ids ascending), for frame `frame`.
  void fill(const sim::SwarmEngine& swarm, std::uint64_t seed, const sim::Rect& world, std::uint64_t frame,
            std::uint64_t tick, v1::TrailPoints& out);

  // How many times the choice was drawn (tests, the benchmark).
  [[nodiscard]] std::uint64_t choices() const { return choices_; }

 private:
  struct Key {
    const sim::SwarmEngine* engine = nullptr;
    std::uint64_t population = 0;
    std::size_t count = 0;
    std::uint64_t seed = 0;
    friend bool operator==(const Key&, const Key&) = default;
  };
  void choose(const sim::SwarmEngine& swarm, std::uint64_t seed);
  void gather_from_view(const sim::SwarmEngine& swarm);

  std::optional<Key> key_;
  std::vector<std::uint32_t> chosen_;  // ids, ascending
  std::vector<std::uint64_t> chosen_bits_;  // bit `id` set for each chosen id
  std::vector<sim::Vec2> at_;          // the chosen fireflies' positions, as chosen_
  std::vector<std::uint8_t> found_;    // whether each was found this frame
  std::uint64_t choices_ = 0;
};

// A packed position's point in `world` (the viewer's decoding, for tests).
[[nodiscard]] sim::Vec2 trail_point(std::uint32_t packed, const sim::Rect& world);

}  // namespace meadow::stream
