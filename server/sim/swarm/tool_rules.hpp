#pragma once
// The numbers of the viewers' tools in the swarm (docs/rules.md "The tools") and of fireflies
// arriving and leaving (docs/rules.md "The swarm · Count"). Units: world units and steps (1/60 s of
// swarm time); a speed is units per step, an acceleration units per step², a rate the fraction of a
// velocity difference closed per step (1/step). tool_steering.hpp applies them; tests/sim/swarm/
// tool_steering_test.cpp and swarm_tools_test.cpp check the behaviour they promise.
#include <cstddef>

namespace meadow::sim::tool_rules {

// --- Predator: everything within the reach scatters, harder the closer ----------------------
// Reach at one meadow's zoom (units); grows with the camera's zoom-out: reach = this × (camera
// width / 1600), so it always covers the same patch of screen
// (docs/rules.md "The swarm · Rocks, edges, predator").
inline constexpr float kPredatorReach = 120.0F;
// Push straight away from the predator at zero distance (units/step²), falling linearly to 0 at
// the reach. Stronger than the flocking rules together, so a held pointer cuts through a flock.
inline constexpr float kPredatorStrength = 1.2F;

// --- Attract: the swarm streams to the mark and circles around it (docs/rules.md "The tools ·
// Attract") ----------------------------------------------------------------------------------
// Radius of the orbit the fireflies settle into around a mark (units).
inline constexpr float kAttractOrbit = 40.0F;
// Speed the attract rule asks for, along the orbit or on the way in (units/step; inside the
// speed band 1.8 … 3.2).
inline constexpr float kAttractSpeed = 2.8F;
// How quickly a firefly's velocity turns to what the mark asks (1/step): a little below the
// alignment rate (0.06), so flocks stream in together rather than each firefly on its own.
inline constexpr float kAttractRate = 0.05F;
// A tap within this distance of a mark removes it instead of placing a new one (units at one
// meadow's zoom; scaled like the predator's reach so it is the same size on screen).
inline constexpr float kAttractTapRadius = 24.0F;

// --- Food crumbs (the flower tool in the swarm, docs/rules.md "The tools · Flower") ---------
// Fireflies within this distance smell the nearest crumb and steer to it (units).
inline constexpr float kCrumbSmell = 250.0F;
// A firefly within this distance eats the crumb: it is gone and counted as fed (units).
inline constexpr float kCrumbEat = 10.0F;
// Speed asked on the way to a crumb (units/step) and how quickly it is taken up (1/step).
inline constexpr float kCrumbSpeed = 3.0F;
inline constexpr float kCrumbRate = 0.08F;

// --- Limits, so no one viewer can swamp the meadow (docs/rules.md "The tools · Limits and locks")
inline constexpr std::size_t kMaxAttractPerViewer = 4;
inline constexpr std::size_t kMaxAttract = 16;
inline constexpr std::size_t kMaxCrumbsPerViewer = 8;
// At most 64 crumbs: also what lets the eating check keep one 64-bit mask per chunk of work.
inline constexpr std::size_t kMaxCrumbs = 64;
// One predator per viewer; at most this many at once (each costs every firefly a check).
inline constexpr std::size_t kMaxPredators = 16;

// --- Arriving and leaving (docs/rules.md "The swarm · Count") --------------------------------
// Newcomer flocks start this far outside the edge they enter over (units, the flock's centre);
// each flock draws its own distance in [kArriveOutsetMin, kArriveOutsetMax] so that flocks come
// in one after another rather than as one wall, and all are in within 1.5 s.
inline constexpr float kArriveOutsetMin = 24.0F;
inline constexpr float kArriveOutsetMax = 96.0F;
// An arriving firefly heads for the nearest point this far inside the world (units).
inline constexpr float kArriveDepth = 60.0F;
// Speed asked of a firefly arriving or leaving (units/step) and how quickly (1/step): strong,
// so flocking and neighbours cannot hold it back.
inline constexpr float kTransitSpeed = 3.2F;
inline constexpr float kTransitRate = 0.3F;
// A leaver is gone once this far outside the world (units): its glow has left the world too.
inline constexpr float kLeaveBeyond = 8.0F;

}  // namespace meadow::sim::tool_rules
