#pragma once
// What the operator's moderation asks of the server (docs/gallery.md "Moderation") without net/
// knowing the sim loop: the actions applied lately, whose they were and what the meadow made of
// them, newest last.
#include <cstdint>
#include <string>
#include <vector>

#include "sim/settings.hpp"
#include "sim/world_kind.hpp"

namespace meadow::net {

struct RecentAction {
  std::int64_t at_ms = 0;  // Unix time it was applied
  std::uint64_t tick = 0;
  std::uint64_t session = 0;  // 0: the operator (or the caretaker)
  std::uint64_t visitor = 0;  // the session's visitor (its address, hashed); 0: this machine or unknown
  sim::WorldKind world{};
  std::string what;  // in words, as the meadow prices it: "rock tap at (400, 300)"
  bool accepted = true;
  std::string code;  // a refusal's, or a note's
  // A settings change: the world's settings just before it (what undoing it goes back to).
  std::vector<sim::SettingValue> settings_before;
  sim::WorldKind world_settings{};  // whose settings those are
};

struct RecentFilter {
  std::uint64_t session = 0;  // 0: any
  std::uint64_t visitor = 0;  // 0: any
  std::int64_t since_ms = 0;
};

class ActionHistory {
 public:
  virtual ~ActionHistory() = default;
  [[nodiscard]] virtual std::vector<RecentAction> recent(const RecentFilter& filter) const = 0;
};

}  // namespace meadow::net
