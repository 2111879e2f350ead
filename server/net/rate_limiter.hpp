#pragma once
// A token bucket: `rate` tokens a second up to `burst`. The caller supplies the time so the rule
// can be tested without a clock.
#include <algorithm>
#include <chrono>

namespace meadow::net {

class TokenBucket {
 public:
  using Clock = std::chrono::steady_clock;
  TokenBucket(double rate, double burst, Clock::time_point now)
      : rate_(rate), burst_(burst), tokens_(burst), last_(now) {}

  // Takes one token if there is one.
  bool try_take(Clock::time_point now) {
    const std::chrono::duration<double> elapsed = now - last_;
    last_ = now;
    tokens_ = std::min(burst_, tokens_ + std::max(0.0, elapsed.count()) * rate_);
    if (tokens_ < 1.0) return false;
    tokens_ -= 1.0;
    return true;
  }

 private:
  double rate_;
  double burst_;
  double tokens_;
  Clock::time_point last_;
};

}  // namespace meadow::net
