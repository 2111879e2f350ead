#pragma once
// Announced crossings of a flock's order parameter (any world's that announces them: docs/rules.md,
// the world's measures): fed the order parameter every frame, it reports each time the flock
// really passes a threshold, up or down. Hysteresis keeps a noisy signal hovering at a threshold from announcing a crossing
// every frame: going up counts once the order reaches threshold + hysteresis, going down once it
// falls to threshold − hysteresis.
#include <cstddef>
#include <span>
#include <vector>

namespace meadow::sim {

struct OrderCrossing {
  float threshold = 0.0F;
  bool rising = false;  // true: from disorder into order
  float order = 0.0F;   // the order parameter when it was announced
  friend bool operator==(const OrderCrossing&, const OrderCrossing&) = default;
};

class OrderCrossings {
 public:
  // Default thresholds: below 0.3 a flock looks like a milling crowd, above 0.7 like one
  // stream (order parameter, 0 … 1).
  static constexpr float kLowThreshold = 0.3F;
  static constexpr float kHighThreshold = 0.7F;
  // How far past a threshold the order must go to count (order parameter units).
  static constexpr float kHysteresis = 0.05F;

  OrderCrossings();
  // Thresholds in increasing order; each should be at least 2 × hysteresis from the next.
  OrderCrossings(std::span<const float> thresholds, float hysteresis);

  // One frame's order parameter; returns the crossings it completes, lowest threshold first
  // when rising, highest first when falling. The first value fed only sets where the flock
  // stands: it announces nothing.
  [[nodiscard]] std::vector<OrderCrossing> feed(float order);

  // Where the flock stands (snapshots): per threshold, above it or not; whether it was fed yet.
  struct State {
    std::vector<bool> above;
    bool started = false;
  };
  [[nodiscard]] State state() const { return {above_, started_}; }
  // A state of other thresholds than these is not taken (std::invalid_argument).
  void restore(const State& state);

 private:
  std::vector<float> thresholds_;
  std::vector<bool> above_;  // per threshold: where the flock stands
  float hysteresis_;
  bool started_ = false;
};

}  // namespace meadow::sim
