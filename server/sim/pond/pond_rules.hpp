#pragma once
// The pond's numbers (docs/rules.md "The pond"): the aquarium's school, exactly as the source
// writes it, in the meadow's pond. The source counts in pixels and steps; the pond keeps its
// numbers in those units and turns pixels into world units at one scale, kWorldPerPixel, so that
// every distance keeps the source's proportions (80 : 160 : 250 : 10). One step a tick.
//
// The scale: the meadow's pond is 240 × 148 world units (web-viewer's land-features.ts, ported in
// pond_water.cpp), which at a quarter of a unit a pixel is 960 × 592 pixels: about the aquarium's
// own canvas, so a school of 5–60 fish fills it as it fills the source's tank.
#include <cstdint>

namespace meadow::sim::pond_rules {

// World units a source pixel.
inline constexpr double kWorldPerPixel = 0.25;
[[nodiscard]] constexpr double px(double pixels) { return pixels * kWorldPerPixel; }

// Fish in the pond, and the live range a viewer or the operator may ask for.
inline constexpr std::uint32_t kDefaultFish = 24;
inline constexpr std::uint32_t kMinFish = 5;
inline constexpr std::uint32_t kMaxFish = 60;

// Separation: a unit vector away from every neighbour within this many pixels, × the gain
// (pixels a step²).
inline constexpr double kSeparationRadiusPx = 80.0;
inline constexpr double kSeparationGainPx = 0.04;
// Alignment: the mean velocity of the neighbours within this many pixels, × the gain.
inline constexpr double kAlignmentRadiusPx = 160.0;
inline constexpr double kAlignmentGain = 0.02;
// Cohesion: the normalised vector to the same neighbours' mean position × the cohesion setting
// (pixels a step²), live 0 … 0.05.
inline constexpr double kDefaultCohesionPx = 0.02;
inline constexpr double kMaxCohesionPx = 0.05;
// Food: towards the nearest crumb within this many pixels, × the gain; eaten within kEatPx.
inline constexpr double kFoodRadiusPx = 250.0;
inline constexpr double kFoodGainPx = 0.15;
inline constexpr double kEatPx = 10.0;
// The speed is clamped every step to the maximum-speed setting (pixels a step), live 0.5 … 4.
inline constexpr double kDefaultMaxSpeedPx = 2.0;
inline constexpr double kMinMaxSpeedPx = 0.5;
inline constexpr double kMaxMaxSpeedPx = 4.0;

// What the source leaves to the tank: its walls. The pond's shore and lily pads are obstacles:
// a fish nearer than kObstacleMarginPx turns away, harder the nearer, up to kObstacleGainPx a
// step², and a move that would leave the water is turned back (its velocity mirrored off the
// shore) so that no fish ever leaves it.
inline constexpr double kObstacleMarginPx = 40.0;
inline constexpr double kObstacleGainPx = 0.12;

// The predator (the viewers' tool) scatters the school: every fish within kFleeRadiusPx swims
// away from it at kFleeGainPx a step², twice the pull of food, so fear beats hunger.
inline constexpr double kFleeRadiusPx = 200.0;
inline constexpr double kFleeGainPx = 0.3;

// A fish's length, as the viewer draws it and the study's predator catches it.
inline constexpr double kFishLengthPx = 24.0;

// Crumbs: a tap drops one on the water; "throw food" a handful over the whole water. Caps per
// viewer (and visitor) and meadow-wide keep one visitor from flooding the pond.
inline constexpr std::uint32_t kHandful = 6;
inline constexpr std::uint32_t kMaxCrumbsPerViewer = 12;
inline constexpr std::uint32_t kMaxCrumbs = 48;
inline constexpr std::uint32_t kMaxPredators = 8;

// Ticks between two of one viewer's changes of the number of fish (each rebuilds the school),
// as every setting that rebuilds a world waits its turn.
inline constexpr std::uint64_t kFishCooldownTicks = 60;

// The school's seed is the meadow's; the first school and every rebuild scatter fish over the
// water at this speed (pixels a step), heading anywhere.
inline constexpr double kStartSpeedPx = 1.0;

}  // namespace meadow::sim::pond_rules
