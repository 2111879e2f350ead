#pragma once
// The swarm's pace (docs/rules.md "The swarm · Pace"): 60 steps per second times the square root of
// how many meadows wide the world is, so a far-away swarm looks as lively as a near one. The meadow
// ticks 60 times a second, so the swarm takes a fractional number of steps per tick: an accumulator
// carries the fraction. When the steps do not fit (the app measures and says how many do; sim/ has
// no clock) the extra steps are dropped, never owed: the swarm slows down rather than stutters
// through a burst of catch-up steps.
#include <array>
#include <cstdint>

namespace meadow::sim {

class SwarmPace {
 public:
  // Steps per second at one meadow wide (docs/rules.md "The swarm · Pace").
  static constexpr double kBaseStepsPerSecond = 60.0;
  // Figures are kept over this many ticks: one second at 60 ticks a second.
  static constexpr std::size_t kWindowTicks = 60;

  // 60 · √(meadows wide), with the world never narrower than one meadow.
  [[nodiscard]] static double target_steps_per_second(double meadows_wide);

  // Steps to take this tick when `steps_per_tick` are wanted on average and at most `budget`
  // fit. Records the tick for the figures below.
  std::uint32_t steps_this_tick(double steps_per_tick, std::uint32_t budget);

  // Steps taken per tick over the last kWindowTicks ticks (fewer at the start), times
  // `ticks_per_second`: the pace achieved.
  [[nodiscard]] double achieved_steps_per_second(double ticks_per_second) const;
  // Whether a step was dropped within the last kWindowTicks ticks.
  [[nodiscard]] bool slowed() const;

  // Everything the pace carries from tick to tick (snapshots).
  struct State {
    double carry = 0.0;  // the fraction of a step owed to the next tick, in [0, 1)
    std::array<std::uint32_t, kWindowTicks> taken{};
    std::array<bool, kWindowTicks> dropped{};
    std::uint64_t ticks = 0;
  };
  [[nodiscard]] const State& state() const { return s_; }
  void restore(const State& state) { s_ = state; }

 private:
  State s_;
};

}  // namespace meadow::sim
