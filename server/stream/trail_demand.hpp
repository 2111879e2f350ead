#pragma once
// Who watches live trails, between the sessions (any thread) and the frame path (the sim thread):
// a world that offers live trail points (WorldFrame::trail_message) builds them only while some
// session of that world wants them, so a meadow nobody watches that way pays nothing for them.
#include <array>
#include <atomic>

#include "sim/world_kind.hpp"

namespace meadow::stream {

class TrailDemand {
 public:
  // A session of `world` starts (+1) or stops (−1) watching trails.
  void watch(sim::WorldKind world, int change) {
    by_world_[sim::index_of(world)].fetch_add(change, std::memory_order_relaxed);
  }
  // Sessions of another server (an edge) that watch trails: an edge reports one count, whatever
  // its sessions watch, so every world that offers trails builds them while any do.
  void watch_anywhere(int change) { anywhere_.fetch_add(change, std::memory_order_relaxed); }
  // Every session watching trails, whatever its world (what an edge reports).
  [[nodiscard]] int watchers() const {
    int all = anywhere_.load(std::memory_order_relaxed);
    for (const std::atomic<int>& n : by_world_) all += n.load(std::memory_order_relaxed);
    return all;
  }
  [[nodiscard]] bool wanted(sim::WorldKind world) const {
    return by_world_[sim::index_of(world)].load(std::memory_order_relaxed) > 0 ||
           anywhere_.load(std::memory_order_relaxed) > 0;
  }

 private:
  std::array<std::atomic<int>, sim::kWorldKinds> by_world_{};
  std::atomic<int> anywhere_{0};
};

}  // namespace meadow::stream
