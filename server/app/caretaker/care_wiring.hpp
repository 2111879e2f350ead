#pragma once
// The caretaker as the server wires it (app/main.cpp): its settings from the flags, the operator's
// switches (net::CareControl), its part of /metrics, and the wall clock it reads.
#include <string>

#include "app/caretaker/care_rules.hpp"
#include "app/caretaker/caretaker.hpp"
#include "net/care_control.hpp"

namespace meadow::app {

class CareSwitchboard final : public net::CareControl {
 public:
  explicit CareSwitchboard(const CareSettings& settings) : settings_(settings), switches_(settings) {}
  [[nodiscard]] CareSwitches& switches() { return switches_; }
  [[nodiscard]] std::vector<net::CareRuleState> rules() const override;
  bool set(std::string_view name, bool on) override;
  [[nodiscard]] bool closed() const override { return switches_.closed.load(); }

 private:
  CareSettings settings_;
  CareSwitches switches_;
};

// The caretaker's counters and switches for /metrics (Prometheus text), appended to `out`.
void render_care_metrics(const CareSwitchboard& board, std::string& out);

// Now, as the caretaker reads it: steady seconds and the local minute of the day.
[[nodiscard]] CareClock wall_clock();

}  // namespace meadow::app
