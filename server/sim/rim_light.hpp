#pragma once
// What a rock's rim light is gathered from (stream/rock_rims.hpp), in the terms an engine that
// makes a world's light itself shares with the stream: the ring of samples about each rock, and
// what a rock gathers over them.
namespace meadow::sim {

// One sample of the ring about a rock where its rim light is gathered: a unit direction from the
// rock's centre, how far past the rock's edge (world units), and how much it weighs.
struct RimSample {
  float ux = 0.0F;
  float uy = 0.0F;
  float past_edge = 0.0F;
  float weight = 0.0F;
};
// What a rock gathers over its samples: Σ weight · density, Σ weight, and the density-weighted
// sum of the directions.
struct RimSums {
  float light = 0.0F;
  float weights = 0.0F;
  float toward_x = 0.0F;
  float toward_y = 0.0F;
};

}  // namespace meadow::sim
