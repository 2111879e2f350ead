// The plate reproduces the source's three phases from its seeded start (docs/rules.md "The
// plate"), each weight alone at the top of its range (its preset): separation alone a gas (order
// below 0.2), alignment alone a stream (order above 0.9 after the warm-up), cohesion alone a knot
// (more than three times the scatter's neighbours a bird); and the defaults' order over the
// study's 360 steps, printed for the docs.
#include <gtest/gtest.h>

#include <cstdio>

#include "sim/plate/plate_flock.hpp"
#include "sim/plate/plate_rules.hpp"
#include "sim/plate/plate_settings.hpp"

namespace meadow::sim {
namespace {

using namespace plate_rules;

PlateWeights preset_weights(std::string_view name) {
  for (const PlatePreset& p : plate_presets()) {
    if (p.name == name) return {p.separation, p.alignment, p.cohesion, kDefaultNeighbourhood};
  }
  ADD_FAILURE() << "no preset " << name;
  return {};
}

PlateBirds warmed_up(const PlateWeights& weights, std::uint32_t steps = kWarmUpSteps) {
  PlateBirds birds = scatter_birds(kDefaultBirds, kSeed);
  SerialFor serial;
  for (std::uint32_t s = 0; s < steps; ++s) step_birds(birds, weights, serial);
  return birds;
}

TEST(PlatePhases, SeparationAloneIsAGas) {
  const PlateBirds birds = warmed_up(preset_weights("gas"), kWarmUpSteps + kRecordedSteps);
  std::printf("[plate] gas: order %.3f after %u steps\n", order_parameter(birds), kWarmUpSteps + kRecordedSteps);
  EXPECT_LT(order_parameter(birds), 0.2);
}

TEST(PlatePhases, AlignmentAloneIsAStream) {
  const PlateBirds birds = warmed_up(preset_weights("stream"));
  std::printf("[plate] stream: order %.3f after the %u steps of warm-up\n", order_parameter(birds), kWarmUpSteps);
  EXPECT_GT(order_parameter(birds), 0.9);
}

TEST(PlatePhases, CohesionAloneIsAKnot) {
  const PlateBirds scattered = scatter_birds(kDefaultBirds, kSeed);
  const PlateBirds birds = warmed_up(preset_weights("knot"), kWarmUpSteps + kRecordedSteps);
  const double before = mean_neighbours(scattered, kDefaultNeighbourhood);
  const double after = mean_neighbours(birds, kDefaultNeighbourhood);
  std::printf("[plate] knot: %.1f neighbours within the neighbourhood, %.1f at the scatter\n", after, before);
  EXPECT_GT(after, 3.0 * before);
}

TEST(PlatePhases, TheDefaultsOrderOverTheStudy) {
  PlateBirds birds = scatter_birds(kDefaultBirds, kSeed);
  SerialFor serial;
  std::printf("[plate] defaults: order by step:");
  for (std::uint32_t s = 1; s <= kWarmUpSteps + kRecordedSteps; ++s) {
    step_birds(birds, preset_weights("reynolds"), serial);
    if (s % 60 == 0) std::printf(" %u: %.3f", s, order_parameter(birds));
  }
  std::printf("\n");
  EXPECT_GT(order_parameter(birds), 0.0);
}

}  // namespace
}  // namespace meadow::sim
