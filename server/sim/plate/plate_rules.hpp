#pragma once
// The plate's numbers (docs/rules.md "The plate"): Reynolds's boids (SIGGRAPH '87,
// doi:10.1145/37402.37406) as a study plate, exactly as the source publishes them. Distances are
// in plate units: the plate is a unit torus, its side 1. One step of the loop a tick.
#include <cstdint>

namespace meadow::sim::plate_rules {

// Birds on the plate, and the live range a viewer or the operator may ask for.
inline constexpr std::uint32_t kDefaultBirds = 200;
inline constexpr std::uint32_t kMinBirds = 60;
inline constexpr std::uint32_t kMaxBirds = 420;

// The three weights (each 0 … kMaxWeight live).
inline constexpr double kDefaultSeparation = 1.2;
inline constexpr double kDefaultAlignment = 1.0;
inline constexpr double kDefaultCohesion = 0.7;
inline constexpr double kMaxWeight = 2.5;

// Neighbourhood radius (plate units), and its live range.
inline constexpr double kDefaultNeighbourhood = 0.09;
inline constexpr double kMinNeighbourhood = 0.04;
inline constexpr double kMaxNeighbourhood = 0.2;

// Separation acts inside this share of the neighbourhood: away, harder when closer,
// −d / |d|² × kSeparationStrength for each neighbour that near.
inline constexpr double kSeparationShare = 0.45;
inline constexpr double kSeparationStrength = 1e-3;
// heading += (mean neighbour heading − own) × alignment × kAlignmentGain
//          + (mean offset to the neighbours) × cohesion × kCohesionGain
//          + separation × its weight; then normalised.
inline constexpr double kAlignmentGain = 0.08;
inline constexpr double kCohesionGain = 0.9;

// Plate units a step, every bird, always (the headings are unit vectors).
inline constexpr double kSpeed = 0.0022;

// The scatter's seed: every plate starts from the same deterministic scatter.
inline constexpr std::uint64_t kSeed = 1987;

// A study: this many steps of warm-up, then this many recorded as each bird's path.
inline constexpr std::uint32_t kWarmUpSteps = 240;
inline constexpr std::uint32_t kRecordedSteps = 120;

// Frames of history each viewer keeps of every bird's trail (a shared setting), and its range.
inline constexpr std::uint32_t kDefaultTrailLength = 120;
inline constexpr std::uint32_t kMaxTrailLength = 360;

// Ticks between two of one viewer's changes of the number of birds (each rebuilds the plate:
// a fresh scatter), as every setting that rebuilds a world waits its turn.
inline constexpr std::uint64_t kBirdsCooldownTicks = 60;

// The order parameter's thresholds the plate announces: below 0.2 a gas, above 0.9 a stream.
inline constexpr float kGasThreshold = 0.2F;
inline constexpr float kStreamThreshold = 0.9F;
inline constexpr float kOrderHysteresis = 0.05F;

}  // namespace meadow::sim::plate_rules
