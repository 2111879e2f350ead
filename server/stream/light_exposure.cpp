#include "stream/light_exposure.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>

namespace meadow::stream {

double LightExposure::clamped(double density) const {
  return std::clamp(density, static_cast<double>(range_.least_full_density),
                    static_cast<double>(range_.most_full_density));
}

LightExposure::LightExposure(ExposureRange range, float full_density)
    : range_(range), full_density_(clamped(full_density)), built_(full_density_), asked_(full_density_) {}

std::optional<ToneCurve> LightExposure::observe(std::span<const std::uint8_t> intensity, const ToneCurve& curve,
                                                double seconds) {
  std::array<std::size_t, 256> histogram{};
  for (const std::uint8_t level : intensity) ++histogram[level];
  std::size_t lit = 0;
  for (std::size_t level = kExposureLitLevel; level < histogram.size(); ++level) lit += histogram[level];
  if (lit == 0) return std::nullopt;
  // The level the top share of lit pixels reaches, counted down from the brightest, and how far
  // into that level's pixels: the density is read between the level's two ends by that fraction,
  // so that it moves smoothly rather than by a level (2 to 3 % of density near the top) at a
  // time, which would make the exposure hunt between two curves.
  const auto top = static_cast<std::size_t>(std::ceil(static_cast<double>(lit) * kExposureTopShare));
  std::size_t level = histogram.size() - 1;
  std::size_t above = 0;  // pixels brighter than `level`
  while (above + histogram[level] < top && level > kExposureLitLevel) above += histogram[level--];
  const double full_now = curve.full_density();
  const std::size_t at_top = histogram.back();
  if (at_top > kExposureSaturatedShares * top) {
    asked_ = clamped(full_now * kExposureSaturatedOpening);  // burnt out: open up
  } else if (at_top >= top) {
    asked_ = clamped(full_now);  // the top share just at full: where it should be
  } else {
    const double into = histogram[level] == 0 ? 0.0
                                              : static_cast<double>(top - above) / static_cast<double>(histogram[level]);
    const double upper = curve.density_of(static_cast<std::uint8_t>(level + 1));
    const double lower = curve.density_of(static_cast<std::uint8_t>(level));
    asked_ = clamped(upper - std::clamp(into, 0.0, 1.0) * (upper - lower));
  }
  // Followed in log space (an exposure, like the eye's, moves by factors), over kExposureSeconds.
  const double follow = 1.0 - std::exp(-std::max(0.0, seconds) / kExposureSeconds);
  full_density_ = clamped(std::exp(std::log(full_density_) + follow * (std::log(asked_) - std::log(full_density_))));
  if (std::max(full_density_, built_) / std::min(full_density_, built_) < kExposureStep) return std::nullopt;
  built_ = full_density_;
  return ToneCurve(static_cast<float>(full_density_));
}

}  // namespace meadow::stream
