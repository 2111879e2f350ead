#pragma once
// The swarm world's whole state (sim/world_state.hpp): its engine's fireflies and counters, the
// viewers' tools, the count it follows and the world sized for it, the camera, the pace and where
// the order parameter stands. Not kept: its events (announcements already sent) and the figures
// measured from the clock, and the viewers' count ceiling (the server's configuration).
#include <cstddef>
#include <optional>

#include "sim/geometry.hpp"
#include "sim/order_crossings.hpp"
#include "sim/swarm/swarm_engine.hpp"
#include "sim/swarm/swarm_pace.hpp"
#include "sim/swarm/swarm_tools.hpp"
#include "sim/viewer_limits.hpp"
#include "sim/world_state.hpp"

namespace meadow::sim {

struct SwarmWorldState final : WorldState {
  static constexpr WorldKind kKind = WorldKind::swarm;
  [[nodiscard]] WorldKind kind() const override { return kKind; }

  SwarmEngineState engine;
  SwarmTools::State tools;
  SwarmPace::State pace;
  OrderCrossings::State crossings;
  CountTurns::State count_turns;
  std::size_t target_count = 0;
  std::size_t admitted_count = 0;
  std::size_t aimed_count = 0;
  std::size_t per_meadow = 0;        // the density the world was sized for
  Rect world;                        // the land's world as the swarm left it
  Rect camera;
  std::optional<Rect> pending_world;  // the smaller world it waits to take
  std::optional<Rect> grown_from;     // the world before it grew, while newcomers are let in
};

}  // namespace meadow::sim
