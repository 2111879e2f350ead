#pragma once
// The CPU swarm's fireflies as a structure of arrays: each quantity in its own vector, so the
// hot loops read only what they need and the compiler can vectorise them (in large pages where
// they are large: large_array.hpp).
#include <cassert>
#include <cstdint>
#include <span>
#include <vector>

#include "sim/large_array.hpp"

namespace meadow::sim {

// A firefly's transit flags (FireflyArrays::flags). A firefly with any flag set is on its way in
// or out over an edge (SPEC §2 "Count"): it gets no edge push and no clamp to the world; the
// engine steers it with transit_steering (tool_steering.hpp) instead.
inline constexpr std::uint8_t kFlagArriving = 1;  // flying in; cleared once inside the world
inline constexpr std::uint8_t kFlagLeaving = 2;   // flying out; removed once beyond the edge

struct FireflyArrays {
  LargeVector<float> x;   // position (units)
  LargeVector<float> y;
  LargeVector<float> vx;  // velocity (units/step)
  LargeVector<float> vy;
  // A firefly's own number for life: randomness is keyed by it, so the nudge a firefly gets
  // does not depend on where the sort put it.
  LargeVector<std::uint32_t> id;
  // Transit flags (kFlagArriving, kFlagLeaving); 0 for an ordinary firefly.
  LargeVector<std::uint8_t> flags;

  [[nodiscard]] std::size_t size() const { return x.size(); }

  void reserve(std::size_t n) {
    x.reserve(n);
    y.reserve(n);
    vx.reserve(n);
    vy.reserve(n);
    id.reserve(n);
    flags.reserve(n);
  }
  void resize(std::size_t n) {
    x.resize(n);
    y.resize(n);
    vx.resize(n);
    vy.resize(n);
    id.resize(n);
    flags.resize(n);
  }
  void push_back(float px, float py, float pvx, float pvy, std::uint32_t pid, std::uint8_t pflags = 0) {
    x.push_back(px);
    y.push_back(py);
    vx.push_back(pvx);
    vy.push_back(pvy);
    id.push_back(pid);
    flags.push_back(pflags);
  }
  // Copies firefly `from` to place `to` (to ≤ from): compacting after removals.
  void move_within(std::size_t to, std::size_t from) {
    x[to] = x[from];
    y[to] = y[from];
    vx[to] = vx[from];
    vy[to] = vy[from];
    id[to] = id[from];
    flags[to] = flags[from];
  }
  // Copies firefly order[k] of `from` to place k of this, for k in [begin, end): the reorder
  // after the sort, done in chunks so it can run on several threads.
  void gather(const FireflyArrays& from, std::span<const std::uint32_t> order, std::size_t begin,
              std::size_t end) {
    assert(size() == from.size() && order.size() == from.size());
    // Plain pointers, taken once: a store of a flag byte could, as far as the compiler knows,
    // change any array's own pointer, so it would load every pointer again for each firefly.
    float* const to_x = x.data();
    float* const to_y = y.data();
    float* const to_vx = vx.data();
    float* const to_vy = vy.data();
    std::uint32_t* const to_id = id.data();
    std::uint8_t* const to_flags = flags.data();
    const float* const from_x = from.x.data();
    const float* const from_y = from.y.data();
    const float* const from_vx = from.vx.data();
    const float* const from_vy = from.vy.data();
    const std::uint32_t* const from_id = from.id.data();
    const std::uint8_t* const from_flags = from.flags.data();
    const std::uint32_t* const places = order.data();
    for (std::size_t k = begin; k < end; ++k) {
      const std::uint32_t i = places[k];
      to_x[k] = from_x[i];
      to_y[k] = from_y[i];
      to_vx[k] = from_vx[i];
      to_vy[k] = from_vy[i];
      to_id[k] = from_id[i];
      to_flags[k] = from_flags[i];
    }
  }
};

}  // namespace meadow::sim
