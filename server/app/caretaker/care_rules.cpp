#include "app/caretaker/care_rules.hpp"

#include <charconv>
#include <cstdio>

namespace meadow::app {

namespace {

constexpr std::array<std::string_view, kCareRules.size()> kCareRuleNames = {"drift", "rocks", "revive", "hours"};

// "HH:MM" → minutes of the day.
std::optional<int> minute_of(std::string_view text) {
  if (text.size() != 5 || text[2] != ':') return std::nullopt;
  int h = 0, m = 0;
  if (std::from_chars(text.data(), text.data() + 2, h).ptr != text.data() + 2) return std::nullopt;
  if (std::from_chars(text.data() + 3, text.data() + 5, m).ptr != text.data() + 5) return std::nullopt;
  if (h < 0 || h > 23 || m < 0 || m > 59) return std::nullopt;
  return h * 60 + m;
}

}  // namespace

std::string_view care_rule_name(CareRule rule) { return kCareRuleNames[static_cast<std::size_t>(rule)]; }

std::optional<CareRule> care_rule_named(std::string_view name) {
  for (const CareRule r : kCareRules) {
    if (care_rule_name(r) == name) return r;
  }
  return std::nullopt;
}

bool OpeningHours::open_at(int minute) const {
  if (opens == closes) return true;  // round the clock
  return opens < closes ? minute >= opens && minute < closes : minute >= opens || minute < closes;
}

std::optional<OpeningHours> parse_opening_hours(std::string_view text, std::string& error) {
  const auto dash = text.find('-');
  const auto opens = dash == std::string_view::npos ? std::nullopt : minute_of(text.substr(0, dash));
  const auto closes = dash == std::string_view::npos ? std::nullopt : minute_of(text.substr(dash + 1));
  if (!opens || !closes) {
    error = "opening hours are HH:MM-HH:MM, e.g. 18:00-02:00";
    return std::nullopt;
  }
  return OpeningHours{*opens, *closes};
}

std::string opening_time(int minute) {
  char text[8];
  std::snprintf(text, sizeof text, "%02d:%02d", (minute / 60) % 24, minute % 60);
  return text;
}

double CareSettings::wait(CareRule rule) const {
  switch (rule) {
    case CareRule::drift: return drift_after;
    case CareRule::rocks: return rocks_after;
    case CareRule::revive: return revive_after;
    case CareRule::hours: return hours ? 1.0 : 0.0;
  }
  return 0.0;
}

CareSwitches::CareSwitches(const CareSettings& settings) {
  for (const CareRule r : kCareRules) set(r, settings.wait(r) > 0.0);
}

}  // namespace meadow::app
