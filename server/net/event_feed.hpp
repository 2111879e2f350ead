#pragma once
// The meadow's recent events for the operator's live stream (WatchStatus): the sim thread
// appends each frame's events (encoded meadow.v1.Event), a reader asks for those after its
// cursor. Bounded: the oldest fall off, and a reader that was too slow is told how many it
// missed rather than silently losing them.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <vector>

namespace meadow::net {

class EventFeed {
 public:
  // Events kept: about a minute of a busy meadow without the events a world sends hundreds a second.
  static constexpr std::size_t kKept = 1024;

  // Sim thread: this frame's events, oldest first.
  void append(std::vector<std::string>& events) {
    if (events.empty()) return;
    std::lock_guard lock(mutex_);
    for (auto& e : events) {
      events_.push_back(std::move(e));
      ++last_;
      if (events_.size() > kKept) events_.pop_front();
    }
    events.clear();
  }

  // The cursor of the newest event (a new reader starts here: only what happens from now on).
  [[nodiscard]] std::uint64_t cursor() const {
    std::lock_guard lock(mutex_);
    return last_;
  }

  // Appends the events after `cursor` to `out` and moves the cursor past them; returns how many
  // had already fallen off.
  std::uint64_t read(std::uint64_t& cursor, std::vector<std::string>& out) const {
    std::lock_guard lock(mutex_);
    const std::uint64_t first = last_ - events_.size() + 1;  // sequence of events_.front()
    std::uint64_t missed = 0;
    if (cursor + 1 < first) {
      missed = first - cursor - 1;
      cursor = first - 1;
    }
    for (std::uint64_t s = cursor + 1; s <= last_; ++s) out.push_back(events_[static_cast<std::size_t>(s - first)]);
    cursor = last_;
    return missed;
  }

 private:
  mutable std::mutex mutex_;
  std::deque<std::string> events_;
  std::uint64_t last_ = 0;  // sequence of the newest event (1, 2, 3, …; 0: none yet)
};

}  // namespace meadow::net
