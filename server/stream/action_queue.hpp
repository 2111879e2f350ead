#pragma once
// The bounded multi-producer queue between network threads and the sim thread. Network threads
// push validated actions; the sim thread drains all of them at the start of each tick. When
// full, push refuses (the caller tells the viewer) rather than growing without bound.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <unordered_map>
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
  // than polling, docs/edges.md); quick and non-blocking. Set before anyone pushes.
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

// Drops, in place, every held pointer's move (the predator's, attract's) that the same viewer's
// very next action of the tick moves again in the same world: a step reads only where a pointer
// is when the tick's actions are done, so the tick comes out the same, and a pointer dragged at
// the rate limit costs the sim and the journal one move a tick instead of one a message. Returns
// how many were dropped. Answered actions (the operator's) are kept.
inline std::size_t drop_superseded_moves(std::vector<QueuedAction>& actions) {
  const auto is_move = [](const QueuedAction& q) {
    return !q.reply && sim::pointer_phase(q.action.body) == sim::PointerPhase::move;
  };
  if (std::count_if(actions.begin(), actions.end(), is_move) < 2) return 0;
  // Backwards: each viewer's next action, and whether the one before it is superseded by it.
  std::unordered_map<std::uint64_t, const sim::Action*> next;
  std::vector<bool> dropped(actions.size(), false);
  for (std::size_t k = actions.size(); k-- > 0;) {
    const sim::Action& a = actions[k].action;
    if (is_move(actions[k])) {
      const auto later = next.find(a.origin);
      dropped[k] = later != next.end() && later->second->world == a.world &&
                   later->second->body.index() == a.body.index() &&
                   sim::pointer_phase(later->second->body) == sim::PointerPhase::move;
    }
    next[a.origin] = &a;
  }
  std::size_t kept = 0;
  for (std::size_t k = 0; k < actions.size(); ++k) {
    if (dropped[k]) continue;
    if (kept != k) actions[kept] = std::move(actions[k]);
    ++kept;
  }
  const std::size_t gone = actions.size() - kept;
  actions.resize(kept);
  return gone;
}

}  // namespace meadow::stream
