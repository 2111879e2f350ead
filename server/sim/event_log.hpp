#pragma once
// Things that happen in a world, kept for the frames that announce them (the viewer's music and
// status line) and for the operator's feed. Each world declares its own events in its folder
// (sim/<world>/<world>_events.hpp) and keeps an EventLog of them; its stream maps them to the wire
// (stream/<world>/). Each has the tick it happened at and a sequence number, so a reader can ask
// for "everything after the last one I saw" without the world knowing about frames.
#include <cstddef>
#include <cstdint>
#include <deque>

namespace meadow::sim {

template <typename Body>
struct WorldEvent {
  std::uint64_t sequence = 0;  // 1, 2, 3, … for the log's life
  std::uint64_t tick = 0;
  Body body;
};

// The most recent events of one world, oldest first; older ones fall off once more than kKept
// are held (a frame is built every tick or two, and 500 flashers flash about 6 times a
// tick, so only a stalled reader would miss any).
template <typename Body>
class EventLog {
 public:
  static constexpr std::size_t kKept = 512;

  template <typename Event>
  void add(std::uint64_t tick, Event event) {
    events_.push_back(WorldEvent<Body>{++last_sequence_, tick, Body{event}});
    if (events_.size() > kKept) events_.pop_front();
  }
  [[nodiscard]] const std::deque<WorldEvent<Body>>& events() const { return events_; }
  [[nodiscard]] std::uint64_t last_sequence() const { return last_sequence_; }

 private:
  std::deque<WorldEvent<Body>> events_;
  std::uint64_t last_sequence_ = 0;
};

}  // namespace meadow::sim
