#include "stream/mold/mold_light.hpp"

#include <algorithm>
#include <cmath>

namespace meadow::stream {

void MoldLight::update(const sim::TrailView& trail) {
  const std::uint32_t factor = std::max<std::uint32_t>(1, (trail.size.width + kMoldLightMaxWidth - 1) / kMoldLightMaxWidth);
  const std::uint32_t width = trail.size.width / factor;
  const std::uint32_t height = trail.size.height / factor;
  const bool fresh = width != width_ || height != height_;
  width_ = width;
  height_ = height;
  const std::size_t n = static_cast<std::size_t>(width) * height;
  smoothed_.resize(n);
  pixels_.resize(n);
  // A pixel's level: the mean trail of its cells, 0 … 255.
  const float per_unit = 255.0F / static_cast<float>(sim::mold_rules::kTrailOne * factor * factor);
  for (std::uint32_t py = 0; py < height; ++py) {
    for (std::uint32_t px = 0; px < width; ++px) {
      std::uint32_t sum = 0;
      for (std::uint32_t dy = 0; dy < factor; ++dy) {
        const std::uint16_t* row = trail.cells.data() + static_cast<std::size_t>(py * factor + dy) * trail.size.width;
        for (std::uint32_t dx = 0; dx < factor; ++dx) sum += row[px * factor + dx];
      }
      const float level = static_cast<float>(sum) * per_unit;
      const std::size_t i = static_cast<std::size_t>(py) * width + px;
      if (fresh) {
        smoothed_[i] = level;
        pixels_[i] = static_cast<std::uint8_t>(std::lround(level));
        continue;
      }
      smoothed_[i] += (level - smoothed_[i]) * kMoldLightFollow;
      if (std::fabs(smoothed_[i] - static_cast<float>(pixels_[i])) >= kMoldLightHysteresis) {
        pixels_[i] = static_cast<std::uint8_t>(std::clamp(std::lround(smoothed_[i]), 0L, 255L));
      }
    }
  }
}

}  // namespace meadow::stream
