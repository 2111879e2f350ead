#pragma once
// The bounded multi-producer queue between network threads and the sim thread. Network threads
// push validated actions; the sim thread drains all of them at the start of each tick. When
// full, push refuses (the caller tells the viewer) rather than growing without bound.
#include <cstddef>
#include <functional>
#include <mutex>
#include <utility>
#include <vector>

#include "sim/actions.hpp"

namespace meadow::stream {

// Told, on the sim thread, what the meadow made of an action (the operator's calls answer with
// it). Must be quick and must not block: it runs inside the tick.
using ActionReply = std::function<void(const sim::ActionOutcome& outcome, std::uint64_t tick)>;

struct QueuedAction {
  sim::Action action;
  ActionReply reply;  // may be empty
};

class ActionQueue {
 public:
  explicit ActionQueue(std::size_t capacity) : capacity_(capacity) { items_.reserve(capacity); }

  // False when the queue is full; the action is then not queued (and `reply` not called).
  bool push(sim::Action action, ActionReply reply = {}) {
    {
      const std::lock_guard lock(mutex_);
      if (items_.size() >= capacity_) return false;
      items_.push_back(QueuedAction{std::move(action), std::move(reply)});
    }
    if (on_push_) on_push_();
    return true;
  }

  // Queues an action that must not be lost even when the queue is full: a viewer leaving (its
  // predator must go). One per session end, so it stays bounded by the number of sessions.
  void push_always(sim::Action action) {
    {
      const std::lock_guard lock(mutex_);
      items_.push_back(QueuedAction{std::move(action), {}});
    }
    if (on_push_) on_push_();
  }

  // Called after every push, on the pushing thread (an edge server's uplink wakes on it rather
  // than polling, issue 32); quick and non-blocking. Set before anyone pushes.
  void set_on_push(std::function<void()> on_push) { on_push_ = std::move(on_push); }

  // Moves every queued action into `out` (cleared first), in the order they were pushed.
  void drain(std::vector<QueuedAction>& out) {
    out.clear();
    const std::lock_guard lock(mutex_);
    out.swap(items_);
    items_.reserve(capacity_);
  }

  [[nodiscard]] std::size_t capacity() const { return capacity_; }

 private:
  const std::size_t capacity_;
  std::mutex mutex_;
  std::vector<QueuedAction> items_;
  std::function<void()> on_push_;
};

}  // namespace meadow::stream
