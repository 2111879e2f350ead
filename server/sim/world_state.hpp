#pragma once
// A world's whole state as plain data: everything its next tick depends on, copied at a tick
// boundary (docs/durability.md). The sim thread makes the copy and hands it on; mapping it to
// the snapshot format and writing it happen elsewhere (stream/, store/), so the sim never waits
// on a disk. Each world derives its own, in its folder, and says which it is.
#include <stdexcept>
#include <string>

#include "sim/world_kind.hpp"

namespace meadow::sim {

struct WorldState {
  WorldState() = default;
  WorldState(const WorldState&) = default;
  WorldState& operator=(const WorldState&) = default;
  WorldState(WorldState&&) = default;
  WorldState& operator=(WorldState&&) = default;
  virtual ~WorldState() = default;
  [[nodiscard]] virtual WorldKind kind() const = 0;
};

// `state` as the state of world S (S::kKind); std::invalid_argument when it is another world's.
template <typename S>
[[nodiscard]] const S& state_as(const WorldState& state) {
  if (state.kind() != S::kKind) {
    throw std::invalid_argument("a state of the " + std::string(world_name(state.kind())) + " given to the " +
                                std::string(world_name(S::kKind)));
  }
  return static_cast<const S&>(state);
}

}  // namespace meadow::sim
