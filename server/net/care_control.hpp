#pragma once
// What the operator's caretaker calls ask of the server (docs/gallery.md "The caretaker"), without
// net/ knowing the caretaker: its rules, each on or off, how long each waits and how often each
// acted, and whether the wall is closed now.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace meadow::net {

struct CareRuleState {
  std::string name;
  bool on = false;
  double wait_seconds = 0.0;  // 0: a rule without a wait (opening hours), or none set
  std::uint64_t decisions = 0;
};

class CareControl {
 public:
  virtual ~CareControl() = default;
  [[nodiscard]] virtual std::vector<CareRuleState> rules() const = 0;
  // Turns the rule named `name` on or off; false: no rule is called that.
  virtual bool set(std::string_view name, bool on) = 0;
  [[nodiscard]] virtual bool closed() const = 0;
};

}  // namespace meadow::net
