#include "sim/order_crossings.hpp"

#include <cassert>
#include <cmath>
#include <stdexcept>
#include <string>

namespace meadow::sim {

namespace {
constexpr float kDefaultThresholds[] = {OrderCrossings::kLowThreshold, OrderCrossings::kHighThreshold};
}  // namespace

OrderCrossings::OrderCrossings() : OrderCrossings(kDefaultThresholds, kHysteresis) {}

OrderCrossings::OrderCrossings(std::span<const float> thresholds, float hysteresis)
    : thresholds_(thresholds.begin(), thresholds.end()), above_(thresholds.size(), false), hysteresis_(hysteresis) {
  assert(hysteresis >= 0.0F);
}

std::vector<OrderCrossing> OrderCrossings::feed(float order) {
  std::vector<OrderCrossing> crossings;
  if (std::isnan(order)) return crossings;
  if (!started_) {
    started_ = true;
    for (std::size_t k = 0; k < thresholds_.size(); ++k) above_[k] = order >= thresholds_[k];
    return crossings;
  }
  for (std::size_t k = 0; k < thresholds_.size(); ++k) {
    if (!above_[k] && order >= thresholds_[k] + hysteresis_) {
      above_[k] = true;
      crossings.push_back({thresholds_[k], true, order});
    }
  }
  for (std::size_t k = thresholds_.size(); k-- > 0;) {
    if (above_[k] && order <= thresholds_[k] - hysteresis_) {
      above_[k] = false;
      crossings.push_back({thresholds_[k], false, order});
    }
  }
  return crossings;
}

void OrderCrossings::restore(const State& state) {
  if (state.above.size() != thresholds_.size()) {
    throw std::invalid_argument("order crossings: a state of " + std::to_string(state.above.size()) +
                                " thresholds for " + std::to_string(thresholds_.size()));
  }
  above_ = state.above;
  started_ = state.started;
}

}  // namespace meadow::sim
