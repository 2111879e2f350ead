#include "app/prices_table.hpp"

#include <cstdio>
#include <string_view>

#include "app/worlds.hpp"
#include "net/message_prices.hpp"

namespace meadow::app {

namespace {

// 12 → "12 ticks (0.2 s)".
std::string ticks_text(std::uint64_t ticks) {
  char text[64];
  std::snprintf(text, sizeof text, "%llu ticks (%.2g s)", static_cast<unsigned long long>(ticks),
                static_cast<double>(ticks) / sim::kTicksPerSecond);
  return text;
}

std::string count_text(std::uint64_t n) { return n == 0 ? "—" : std::to_string(n); }

std::string cooldown_text(const sim::Cooldown& c) {
  if (c.ticks == 0) return "—";
  std::string text = ticks_text(c.ticks) + ", " +
                     (c.wait == sim::CooldownWait::refuse ? "one sooner refused" : "one sooner waits, the newest wins");
  if (!c.group.empty()) text += " (group `" + std::string(c.group) + "`)";
  return text;
}

void add_row(std::string& out, std::string_view where, const sim::Price& p) {
  out += "| " + std::string(p.message) + " | " + std::string(where) + " | ";
  out += p.who == sim::Sender::operator_only ? "operator only"
         : p.who == sim::Sender::server     ? "the server, as a session ends"
                                            : "viewers";
  out += " | " + (p.locked_what.empty() ? std::string("—") : std::string(p.locked_what));
  out += " | " + cooldown_text(p.cooldown);
  out += " | " + count_text(p.per_viewer) + " | " + count_text(p.per_visitor) + " | " + count_text(p.meadow_wide) + " | ";
  if (p.ceiling) {
    out += std::to_string(p.ceiling->cpu) + " / " + std::to_string(p.ceiling->gpu) + " " + std::string(p.ceiling->what);
  } else {
    out += "—";
  }
  out += " |\n";
}

}  // namespace

std::string prices_table(const sim::Meadow& meadow) {
  std::string out =
      "| action | taken by | sent by | lock | cooldown per viewer | one viewer's at once | one visitor's at once "
      "(all its sessions) | everyone's at once | a viewer's ceiling (CPU / GPU) |\n|---|---|---|---|---|---|---|---|---|\n";
  for (const sim::Price& p : sim::meadow_prices()) add_row(out, "the meadow", p);
  for (const sim::World* w : meadow.worlds()) {
    for (const sim::Price& p : w->prices()) add_row(out, "the " + std::string(w->name()), p);
  }
  out += "\n| message at the door | its own rate per session | then |\n|---|---|---|\n";
  for (const net::MessagePrice& m : net::message_prices()) {
    char rate[96];
    if (m.per_second) {
      std::snprintf(rate, sizeof rate, "%g a second, bursts of %g", *m.per_second, m.burst);
    } else {
      std::snprintf(rate, sizeof rate, "the session's general rate only");
    }
    out += "| " + std::string(m.message) + " | " + rate + " | " + std::string(m.then) + " |\n";
  }
  return out;
}

std::string standard_prices_table() {
  WorldOptions options;
  options.use_cpu_engines();
  const sim::Meadow meadow(1, makers_of(standard_worlds(options)));
  return prices_table(meadow);
}

}  // namespace meadow::app
