#pragma once
// What the caretaker looks after on an unattended wall (docs/gallery.md "The caretaker"), each rule
// with its own wait, each one the operator can turn off: settings drifting back to where the
// server started them, visitors' rocks fading after their visitor left, a world languishing
// revived (each world says when it languishes and what revives it: sim::World::languishing()),
// and opening hours.
#include <array>
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace meadow::app {

enum class CareRule : std::uint8_t { drift, rocks, revive, hours };
inline constexpr std::array<CareRule, 4> kCareRules = {CareRule::drift, CareRule::rocks, CareRule::revive,
                                                       CareRule::hours};
[[nodiscard]] std::string_view care_rule_name(CareRule rule);
[[nodiscard]] std::optional<CareRule> care_rule_named(std::string_view name);

// Opening hours, minutes of the local day: open from `opens` to `closes` (past midnight when
// closes < opens: 18:00-02:00).
struct OpeningHours {
  int opens = 0;
  int closes = 0;
  [[nodiscard]] bool open_at(int minute_of_day) const;
  friend bool operator==(const OpeningHours&, const OpeningHours&) = default;
};
// "HH:MM-HH:MM" → hours; nullopt with `error` set when it is not that.
[[nodiscard]] std::optional<OpeningHours> parse_opening_hours(std::string_view text, std::string& error);
[[nodiscard]] std::string opening_time(int minute_of_day);  // "18:00"

// Each rule's wait, seconds of the wall clock (0: the rule is off from the start).
struct CareSettings {
  double drift_after = 20 * 60.0;          // no one touched a world's settings this long
  double rocks_after = 15 * 60.0;          // a visitor's rock, its visitor gone this long
  double revive_after = 5 * 60.0;          // a world languishing this long
  std::optional<OpeningHours> hours;       // none: always open
  [[nodiscard]] double wait(CareRule rule) const;
};

// Which rules run now (the operator turns each on and off from any thread) and how often each
// has acted, for /metrics and the operator's status.
struct CareSwitches {
  std::array<std::atomic<bool>, kCareRules.size()> on{};
  std::array<std::atomic<std::uint64_t>, kCareRules.size()> decisions{};
  std::atomic<bool> closed{false};  // the wall rests now (opening hours)
  explicit CareSwitches(const CareSettings& settings);
  [[nodiscard]] bool enabled(CareRule rule) const { return on[static_cast<std::size_t>(rule)].load(); }
  void set(CareRule rule, bool value) { on[static_cast<std::size_t>(rule)].store(value); }
  void count(CareRule rule) { decisions[static_cast<std::size_t>(rule)].fetch_add(1); }
  [[nodiscard]] std::uint64_t counted(CareRule rule) const { return decisions[static_cast<std::size_t>(rule)].load(); }
};

}  // namespace meadow::app
