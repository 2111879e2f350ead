#pragma once
// The last ticks' durations, for the tail the operator and load runs look at: the 99th
// percentile of a tick (actions, steps, frame) over about the last ten seconds. Fixed memory;
// nothing is allocated after construction. Sim thread only.
#include <algorithm>
#include <cstddef>
#include <vector>

namespace meadow::app {

class TickWindow {
 public:
  // Ticks kept: ten seconds at 60 ticks a second.
  static constexpr std::size_t kTicks = 600;

  TickWindow() : seconds_(kTicks, 0.0), scratch_(kTicks, 0.0) {}

  void add(double seconds) {
    seconds_[next_] = seconds;
    next_ = (next_ + 1) % kTicks;
    filled_ = std::min(filled_ + 1, kTicks);
  }

  // Nearest-rank percentile `p` (0 … 100) of the ticks kept; 0 before the first.
  [[nodiscard]] double percentile(double p) {
    if (filled_ == 0) return 0.0;
    std::copy_n(seconds_.begin(), filled_, scratch_.begin());
    const auto n = static_cast<double>(filled_);
    const auto rank = static_cast<std::size_t>(std::clamp(p / 100.0 * n + 0.999999, 1.0, n));
    const auto nth = scratch_.begin() + static_cast<std::ptrdiff_t>(rank - 1);
    std::nth_element(scratch_.begin(), nth, scratch_.begin() + static_cast<std::ptrdiff_t>(filled_));
    return *nth;
  }

 private:
  std::vector<double> seconds_;
  std::vector<double> scratch_;
  std::size_t next_ = 0;
  std::size_t filled_ = 0;
};

}  // namespace meadow::app
