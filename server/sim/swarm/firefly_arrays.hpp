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
// or out over an edge (docs/rules.md "The swarm · Count"): it gets no edge push and no clamp to the
// world; the engine steers it with transit_steering (tool_steering.hpp) instead.
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

  // The arrays as plain pointers, for hot loops to take once: a store of a flag byte (or any
  // byte copy) could, as far as the compiler knows, change an array's own pointer, so through the
  // arrays it would load every pointer again for each firefly.
  template <typename Float, typename Id, typename Flags>
  struct PointersOf {
    Float* x;
    Float* y;
    Float* vx;
    Float* vy;
    Id* id;
    Flags* flags;
  };
  using Pointers = PointersOf<float, std::uint32_t, std::uint8_t>;
  using ConstPointers = PointersOf<const float, const std::uint32_t, const std::uint8_t>;
  [[nodiscard]] Pointers pointers() { return {x.data(), y.data(), vx.data(), vy.data(), id.data(), flags.data()}; }
  [[nodiscard]] ConstPointers pointers() const {
    return {x.data(), y.data(), vx.data(), vy.data(), id.data(), flags.data()};
  }

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
    const Pointers to = pointers();
    const ConstPointers src = from.pointers();
    const std::uint32_t* const places = order.data();
    for (std::size_t k = begin; k < end; ++k) {
      const std::uint32_t i = places[k];
      to.x[k] = src.x[i];
      to.y[k] = src.y[i];
      to.vx[k] = src.vx[i];
      to.vy[k] = src.vy[i];
      to.id[k] = src.id[i];
      to.flags[k] = src.flags[i];
    }
  }
};

}  // namespace meadow::sim
