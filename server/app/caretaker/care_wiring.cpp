#include "app/caretaker/care_wiring.hpp"

#include <fmt/format.h>

#include <chrono>
#include <ctime>

namespace meadow::app {

std::vector<net::CareRuleState> CareSwitchboard::rules() const {
  std::vector<net::CareRuleState> out;
  for (const CareRule r : kCareRules) {
    out.push_back({std::string(care_rule_name(r)), switches_.enabled(r), r == CareRule::hours ? 0.0 : settings_.wait(r),
                   switches_.counted(r)});
  }
  return out;
}

bool CareSwitchboard::set(std::string_view name, bool on) {
  const auto rule = care_rule_named(name);
  if (!rule) return false;
  switches_.set(*rule, on);
  return true;
}

void render_care_metrics(const CareSwitchboard& board, std::string& out) {
  out += "# HELP meadow_caretaker_decisions_total What the wall's caretaker did, by rule (docs/gallery.md).\n";
  out += "# TYPE meadow_caretaker_decisions_total counter\n";
  const auto rules = board.rules();
  for (const net::CareRuleState& r : rules) {
    out += fmt::format("meadow_caretaker_decisions_total{{rule=\"{}\"}} {}\n", r.name, r.decisions);
  }
  out += "# HELP meadow_caretaker_rule_on Whether each of the caretaker's rules runs (1) or is off (0).\n";
  out += "# TYPE meadow_caretaker_rule_on gauge\n";
  for (const net::CareRuleState& r : rules) out += fmt::format("meadow_caretaker_rule_on{{rule=\"{}\"}} {}\n", r.name, r.on ? 1 : 0);
  out += "# HELP meadow_open 1 while the wall is open, 0 while it rests outside its opening hours.\n";
  out += "# TYPE meadow_open gauge\n";
  out += fmt::format("meadow_open {}\n", board.closed() ? 0 : 1);
}

CareClock wall_clock() {
  const auto steady = std::chrono::steady_clock::now().time_since_epoch();
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  return {std::chrono::duration<double>(steady).count(), local.tm_hour * 60 + local.tm_min};
}

}  // namespace meadow::app
