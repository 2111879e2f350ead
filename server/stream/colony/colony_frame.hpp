#pragma once
// The colony as the wire carries it (docs/rules.md "Streaming"): every firefly quantised (position
// in steps of kColonyPositionUnit, heading and energy and flash in 256 steps), the stump and its
// store, the flowers with their nectar and their group's flash sync.
#include "meadow/v1/viewer.pb.h"
#include "sim/colony/colony.hpp"

namespace meadow::stream {

// World units per step of ColonyFirefly.x and .y: an eighth of a unit is far below a pixel even
// on a phone showing the whole meadow, and keeps the varints at two or three bytes.
inline constexpr float kColonyPositionUnit = 0.125F;

[[nodiscard]] v1::ColonyFireflyState to_proto(sim::FireflyState state);
void to_proto(const sim::ColonyFirefly& from, const sim::ColonyParams& params, v1::ColonyFirefly& to);
[[nodiscard]] v1::FlowerStage to_proto(sim::FlowerStage stage);
void fill_colony_state(const sim::Colony& colony, v1::ColonyState& to);
void to_proto(const sim::BreezeNow& from, v1::Breeze& to);

}  // namespace meadow::stream
