#pragma once
// The tone curve of the light (light_raster.hpp): a 4,096-entry table from blurred density to an
// 8-bit intensity. It is logarithmic past a small knee, so a lone point still shows while a dense
// crowd of them reads as a soft cloud instead of a flat white blot.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

namespace meadow::stream {

// Entries in the table.
inline constexpr std::size_t kToneTableSize = 4096;
// Density, in points per raster pixel after the blur, that maps to full intensity (255);
// anything denser is clamped there: the hottest spots of the light.
inline constexpr float kToneFullDensity = 8.0F;
// Density, in points per raster pixel, where the curve bends from about linear to
// logarithmic. A lone point peaks near 0.04 after the blur; a knee just below that makes it
// clearly visible (intensity ≈ 40) without washing out a crowd.
inline constexpr float kToneKneeDensity = 0.03F;

class ToneCurve {
 public:
  explicit ToneCurve(float full_density = kToneFullDensity, float knee_density = kToneKneeDensity);

  // Intensity 0..255 for a density in points per pixel; negative and NaN give 0.
  [[nodiscard]] std::uint8_t operator()(float density) const {
    return table_[index(density)];
  }
  // Table entry for a density: entries_per_density() × density, clamped to the table.
  [[nodiscard]] std::size_t index(float density) const {
    const float scaled = density * entries_per_density_;
    // Written so that NaN fails the first test and lands on entry 0.
    if (!(scaled > 0.0F)) return 0;
    if (scaled >= static_cast<float>(kToneTableSize - 1)) return kToneTableSize - 1;
    return static_cast<std::size_t>(scaled);
  }
  [[nodiscard]] const std::array<std::uint8_t, kToneTableSize>& table() const { return table_; }
  // The least density the curve shows at `level` or brighter (the inverse of operator(), to a
  // table entry): what a raster's intensity says of its density.
  [[nodiscard]] float density_of(std::uint8_t level) const;
  // The density mapped to full intensity (255).
  [[nodiscard]] float full_density() const { return static_cast<float>(kToneTableSize - 1) / entries_per_density_; }
  // Table entries per unit of density (points per pixel).
  [[nodiscard]] float entries_per_density() const { return entries_per_density_; }

 private:
  std::array<std::uint8_t, kToneTableSize> table_{};
  float entries_per_density_;
};

}  // namespace meadow::stream
