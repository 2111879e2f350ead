#include "stream/tone_curve.hpp"

#include <algorithm>
#include <cmath>

namespace meadow::stream {

ToneCurve::ToneCurve(float full_density, float knee_density)
    : entries_per_density_(static_cast<float>(kToneTableSize - 1) / full_density) {
  // intensity(d) = 255 · ln(1 + d / knee) / ln(1 + full / knee): 0 at 0, 255 at full, rising
  // steeply below the knee and slowly (logarithmically) above it. Monotonic by construction.
  const double knee = knee_density;
  const double norm = std::log1p(static_cast<double>(full_density) / knee);
  for (std::size_t i = 0; i < kToneTableSize; ++i) {
    const double density = static_cast<double>(i) / static_cast<double>(entries_per_density_);
    const double level = 255.0 * std::log1p(density / knee) / norm;
    table_[i] = static_cast<std::uint8_t>(std::clamp(std::lround(level), 0L, 255L));
  }
}

float ToneCurve::density_of(std::uint8_t level) const {
  const auto at = std::lower_bound(table_.begin(), table_.end(), level);
  return static_cast<float>(at - table_.begin()) / entries_per_density_;
}

}  // namespace meadow::stream
