#pragma once
// The light's exposure (light_raster.hpp: a dense crowd of points is a soft cloud of light, not a
// white blob, its hottest spots burning a pale yellow-white): the density that the tone curve
// maps to full intensity follows the densest light of the moment, so that the top percent of lit
// pixels reaches the top of the palette's ramp however many points a world lights, the bulk of a
// crowd stays a soft cloud below it, and the structure inside a crowd keeps its contrast. The
// range it moves in is the world's (ExposureRange).
//
// The exposure is read back from each raster the curve made (its intensity plane), so the same
// rule serves the CPU's raster and the GPU engine's own; it follows over seconds so it never
// flickers, and the curve is rebuilt only when the exposure has moved by kExposureStep, so most
// frames keep the previous curve (and the delta codec's residuals stay small).
#include <cstdint>
#include <optional>
#include <span>

#include "stream/tone_curve.hpp"

namespace meadow::stream {

// A pixel is lit at this intensity or more (of 255): above the blur's faint tails.
inline constexpr std::uint8_t kExposureLitLevel = 16;
// The share of lit pixels that reaches full intensity: the top percent.
inline constexpr double kExposureTopShare = 0.01;
// Seconds in which the exposure covers 63 % of the way to where the light asks it to be.
inline constexpr double kExposureSeconds = 2.0;
// The exposure's range, as the density mapped to full intensity (points a light pixel): a world
// sets it from how few and how many points it lights, never so bright that a sparse handful burns
// white, never so dark that its largest crowd flattens out.
struct ExposureRange {
  float least_full_density = 0.0F;
  float most_full_density = 0.0F;
};
// The curve changes when the exposure has moved by this factor (2 %: under 1.5 grey levels
// anywhere on the ramp).
inline constexpr double kExposureStep = 1.02;
// Where more than kExposureSaturatedShares times the top share of lit pixels is at full
// intensity, the light's true density is unknown (above the curve's end): the exposure is asked
// for kExposureSaturatedOpening times its density until it is not, which opens it about 2 % a
// frame (twenty times in 4 s). Between one and that many shares at full it stays: there the top
// share is where it should be, and without the margin the exposure hunts round it.
inline constexpr std::size_t kExposureSaturatedShares = 2;
inline constexpr double kExposureSaturatedOpening = 4.0;

class LightExposure {
 public:
  explicit LightExposure(ExposureRange range, float full_density = kToneFullDensity);

  // Takes the intensity plane of a raster made with `curve` (`seconds` after the last one) and
  // moves the exposure towards it. Returns the new curve when the exposure moved by more than
  // kExposureStep since the curve was last built, nothing otherwise. A raster without a lit
  // pixel (a paused world's points off screen, an empty world) leaves the exposure where it is.
  [[nodiscard]] std::optional<ToneCurve> observe(std::span<const std::uint8_t> intensity, const ToneCurve& curve,
                                                 double seconds);

  // The density, points a pixel, the curve should map to full intensity now (smoothed).
  [[nodiscard]] float full_density() const { return static_cast<float>(full_density_); }
  // The density the last raster asked for (its top percent's), before smoothing.
  [[nodiscard]] float asked_full_density() const { return static_cast<float>(asked_); }

 private:
  [[nodiscard]] double clamped(double density) const;

  ExposureRange range_;
  double full_density_;
  double built_;  // the full density of the curve last returned
  double asked_;
};

}  // namespace meadow::stream
