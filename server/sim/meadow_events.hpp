#pragma once
// Things that happen in the meadow, kept for the frames that announce them (the viewer's music
// and status line). Each has the tick it happened at and a sequence number, so a frame builder
// can ask for "everything after the last one I sent" without the meadow knowing about frames.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <variant>

#include "sim/geometry.hpp"

namespace meadow::sim {

// The swarm's order parameter crossed a threshold (announced once per real crossing).
struct OrderCrossingEvent {
  float threshold = 0.0F;
  bool rising = false;
  float order = 0.0F;
};

// A firefly ate a food crumb.
struct CrumbEatenEvent {
  std::uint32_t mark_id = 0;
  Vec2 at;
};

struct MeadowEvent {
  std::uint64_t sequence = 0;  // 1, 2, 3, … for the meadow's life
  std::uint64_t tick = 0;
  std::variant<OrderCrossingEvent, CrumbEatenEvent> body;
};

// The most recent events, oldest first; older ones fall off once more than kKept are held (a
// frame is built every tick or two, so only a stalled reader would miss any).
class EventLog {
 public:
  static constexpr std::size_t kKept = 256;

  template <typename Body>
  void add(std::uint64_t tick, Body body) {
    events_.push_back(MeadowEvent{++last_sequence_, tick, body});
    if (events_.size() > kKept) events_.pop_front();
  }
  [[nodiscard]] const std::deque<MeadowEvent>& events() const { return events_; }
  [[nodiscard]] std::uint64_t last_sequence() const { return last_sequence_; }

 private:
  std::deque<MeadowEvent> events_;
  std::uint64_t last_sequence_ = 0;
};

}  // namespace meadow::sim
