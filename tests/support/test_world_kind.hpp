#pragma once
// The tests' world's kind: a wire number the product's World enum leaves free
// (sim/world_kind.hpp), named "test" for this process before anything reads its name.
#include "sim/world_kind.hpp"

namespace meadow::testing {

inline constexpr sim::WorldKind kTestWorldKind = sim::kind_at(sim::kWorldKinds - 1);
inline const bool kTestWorldNamed = (sim::name_world(kTestWorldKind, "test"), true);

}  // namespace meadow::testing
