#pragma once
// The caretaker of an unattended wall (docs/gallery.md "The caretaker"): once a second on the sim
// thread it looks at the meadow and at what the visitors did, and decides, rule by rule
// (care_rules.hpp), what to do: every decision is an ordinary action of the operator's, applied
// and journaled as the operator's are (so a replay of the night replays the caretaker too),
// logged, and counted. It names no world: worlds say when they languish and what revives them.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "app/caretaker/care_rules.hpp"
#include "sim/meadow.hpp"

namespace meadow::app {

// The wall clock as the caretaker reads it: seconds that only go forward, and the local minute of
// the day (opening hours). Injected, so tests run its hours in a moment.
struct CareClock {
  double seconds = 0.0;
  int minute_of_day = 0;
};

struct CareDecision {
  CareRule rule = CareRule::drift;
  sim::Action action;   // the operator's
  std::string says;     // for the log
  std::string notice;   // for every viewer (opening hours); empty: none
};

class Caretaker {
 public:
  // `meadow` as the server starts it: the settings it drifts back to are these.
  Caretaker(const CareSettings& settings, CareSwitches& switches, const sim::Meadow& meadow, double now);

  // An action the meadow applied (every sender's): whose sessions are here, who changed settings.
  void saw(const sim::Action& action, const sim::ActionOutcome& outcome, const sim::Meadow& meadow, double now);
  // What to do now, rule by rule (each switched-on rule's decisions, counted).
  [[nodiscard]] std::vector<CareDecision> look(const CareClock& clock, const sim::Meadow& meadow);

  // Whether the wall is closed now (opening hours), and when it opens.
  [[nodiscard]] bool closed() const { return closed_; }

 private:
  void drift(double now, const sim::Meadow& meadow, std::vector<CareDecision>& out);
  void rocks(double now, const sim::Meadow& meadow, std::vector<CareDecision>& out);
  void revive(double now, const sim::Meadow& meadow, std::vector<CareDecision>& out);
  void hours(const CareClock& clock, const sim::Meadow& meadow, std::vector<CareDecision>& out);
  [[nodiscard]] bool visitor_here(std::uint64_t owner, std::uint64_t visitor) const;

  struct WorldCare {
    sim::WorldKind kind;
    std::vector<sim::SettingValue> start;  // where its settings drift back to
    double last_change = 0.0;              // a viewer's last change of them
    std::optional<double> languishing_since;
  };
  CareSettings settings_;
  CareSwitches& switches_;
  std::vector<WorldCare> worlds_;
  std::map<std::uint64_t, std::uint64_t> sessions_;       // a session here → its visitor
  std::map<std::uint32_t, double> rock_orphaned_since_;   // a rock whose visitor left → since
  bool closed_ = false;
};

}  // namespace meadow::app
