#pragma once
// What the operator sees of the meadow: a snapshot the sim thread publishes with every frame
// (through the hub) and the operator service reads from its own threads. Plain data.
#include <cstdint>
#include <string>

#include "sim/actions.hpp"

namespace meadow::net {

struct MeadowStatus {
  std::uint64_t tick = 0;
  double ticks_per_second = 0.0;  // achieved over about the last second
  double swarm_step_seconds = 0.0;  // running means
  double colony_step_seconds = 0.0;
  double frame_build_seconds = 0.0;
  double tick_p99_seconds = 0.0;  // a whole tick's 99th percentile over about 10 s
  std::string swarm_engine;
  std::uint32_t swarm_count = 0;
  std::uint32_t swarm_target_count = 0;
  float swarm_order = 0.0F;
  float swarm_steps_per_second = 0.0F;
  float separation = 1.0F;
  float alignment = 1.0F;
  float cohesion = 1.0F;
  std::uint32_t colony_size = 0;
  float colony_store = 0.0F;
  std::uint32_t flowers = 0;
  std::uint32_t flowers_in_bloom = 0;
  bool colony_dormant = false;
  std::uint32_t rocks = 0;
  sim::ViewerLocks locks;
  bool paused = false;
};

// One viewer as the operator sees it.
struct SessionInfo {
  std::uint64_t id = 0;
  std::string address;
  int world = 0;  // stream::WorldIndex as a number
  double connected_seconds = 0.0;
  std::uint64_t bytes_sent = 0;
  std::uint64_t frames_sent = 0;
  std::uint64_t frames_dropped = 0;
};

}  // namespace meadow::net
