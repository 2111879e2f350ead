#pragma once
// What the operator's RecordTrails call and a viewer's TrailsRequest ask of the server,
// without net/ knowing the sim loop: the wiring (app/trails_control.*) starts the recording on the
// sim thread between two ticks, on the world the plan names, and answers once it is done.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "sim/geometry.hpp"
#include "sim/trails.hpp"

namespace meadow::net {

struct TrailsAnswer {
  bool ok = false;
  std::string reason;  // for people, when not ok
  std::vector<sim::Trail> trails;
  sim::TrailPlan plan;  // as recorded
  sim::Rect world;
  std::uint64_t tick = 0;
  bool unavailable = false;  // not ok because this server has no such trails (not just "not now")
};

class TrailsControl {
 public:
  virtual ~TrailsControl() = default;
  // Records `plan` in `slot` (one recording a slot at a time: another is answered "busy") and calls
  // `done` once, off the sim thread, so that what it builds of the answer costs the sim nothing.
  virtual void record(sim::TrailSlot slot, sim::TrailPlan plan, std::function<void(const TrailsAnswer&)> done) = 0;
};

}  // namespace meadow::net
