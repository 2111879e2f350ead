#pragma once
// Peak signal-to-noise ratio of an 8-bit plane against its original, in dB (the measure the
// video light codec is held to: docs/perf/video-light.md). Identical planes give
// kPsnrIdentical rather than infinity, so means stay finite.
#include <cmath>
#include <cstdint>
#include <span>
#include <stdexcept>

namespace meadow::testing {

inline constexpr double kPsnrIdentical = 99.0;  // dB

inline double psnr(std::span<const std::uint8_t> original, std::span<const std::uint8_t> decoded) {
  if (original.size() != decoded.size() || original.empty()) throw std::invalid_argument("psnr: planes differ in size");
  double squares = 0.0;
  for (std::size_t i = 0; i < original.size(); ++i) {
    const double d = static_cast<double>(original[i]) - static_cast<double>(decoded[i]);
    squares += d * d;
  }
  if (squares == 0.0) return kPsnrIdentical;
  const double mse = squares / static_cast<double>(original.size());
  return 10.0 * std::log10(255.0 * 255.0 / mse);
}

}  // namespace meadow::testing
