#pragma once
// The actions applied lately (docs/gallery.md "Moderation"): the sim thread records each with
// what it was in words and whose, the operator's calls read them. A ring: the newest kRingSize are
// kept (about an hour of a busy gallery), older ones fall off; the journal keeps everything.
#include <cstddef>
#include <deque>
#include <mutex>

#include "net/action_history.hpp"
#include "sim/meadow.hpp"

namespace meadow::app {

// `action` in words, as the meadow prices it ("rock tap", a world's "… settings"), with where or what.
[[nodiscard]] std::string action_in_words(const sim::Meadow& meadow, const sim::Action& action);

class ActionRing final : public net::ActionHistory {
 public:
  static constexpr std::size_t kRingSize = 20'000;
  // Sim thread: `action` was applied at `at_ms` (Unix time) with `outcome`.
  void record(const sim::Meadow& meadow, const sim::Action& action, const sim::ActionOutcome& outcome,
              std::int64_t at_ms, std::vector<sim::SettingValue> settings_before = {});
  [[nodiscard]] std::vector<net::RecentAction> recent(const net::RecentFilter& filter) const override;

 private:
  mutable std::mutex mutex_;
  std::deque<net::RecentAction> ring_;
};

}  // namespace meadow::app
