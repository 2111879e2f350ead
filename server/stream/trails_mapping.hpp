#pragma once
// Trails on the wire (sim/trails.hpp: any world's that records them), the same for the operator's
// RecordTrails and a viewer's TrailsRequest: a request becomes a plan within the limits, a
// recording becomes Trails.
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "meadow/v1/viewer.pb.h"
#include "sim/geometry.hpp"
#include "sim/trails.hpp"

namespace meadow::stream {

// The plan a request asks for, 0 meaning the study's default (and no world the plan's default
// world, sim::TrailPlan, as older clients mean); nullopt when a field is over its limit
// (trail_limits_text() says which they are: "at most …"), the operator's or a viewer's, or the
// world is none this protocol knows.
[[nodiscard]] std::optional<sim::TrailPlan> trail_plan(const v1::TrailsRequest& request,
                                                       const sim::TrailLimits& limits = sim::kOperatorTrailLimits);
[[nodiscard]] std::string trail_limits_text(const sim::TrailLimits& limits = sim::kOperatorTrailLimits);

// A finished recording of `plan` over `world` at `tick`.
void to_proto(std::span<const sim::Trail> trails, const sim::TrailPlan& plan, const sim::Rect& world,
              std::uint64_t tick, v1::Trails& to);

}  // namespace meadow::stream
