#pragma once
// The mold's rules (docs/mold.md "The model"; Jones 2010, "Characteristics of pattern formation and
// evolution in approximations of Physarum transport networks"): every constant with its unit, here
// where the rules that use it live. The settings a viewer may change are MoldSettings
// (mold_settings.hpp).
#include <cstdint>

namespace meadow::sim::mold_rules {

// --- The trail map ------------------------------------------------------------------------------
// Fixed point: a cell's trail is an integer, kTrailOne is a full cell (1.0). The GPU engine adds
// deposits with integer atomics (docs/mold.md "The model"), and the CPU engine keeps the same
// integers, so both round alike and the CPU's sums do not depend on the order deposits arrive in.
inline constexpr std::uint32_t kTrailOne = 4096;
// The map is 16:9 like the meadow; its height in cells is width × 9 / 16.
inline constexpr std::uint32_t kMapAspectWide = 16;
inline constexpr std::uint32_t kMapAspectHigh = 9;
// Map widths (cells) and agents of the two defaults (docs/rules.md "The mold"): without a GPU
// and with one. Chosen for the wall the mold is shown on (docs/mold.md "On the wall"): the
// pattern's scale is set in cells (the sensor distance), so the map's cells set how wide a strand
// is on screen. 512 cells across a 1920-pixel wall are 3.75 pixels a cell, and 512 is the widest
// raster sent as it is (stream::kMoldLightMaxWidth), so no cell is averaged away on the wire. At
// 0.14 agents a cell (20,480; the old 10,240 on 256 × 144 were 0.28) the strands are a few cells
// wide round open holes: fine veins, where twice the density draws thick bands round round holes
// (tests/stream/mold/mold_on_screen_test.cpp measures them). The GPU keeps the same look: a map
// finer than 512 would be averaged down on the wire, and measuring its figures once a second
// would cost the sim thread 19–26 ms at 1024 × 576 (docs/mold.md "The network's figures").
inline constexpr std::uint32_t kCpuMapWidth = 512;
inline constexpr std::uint32_t kCpuAgents = 20480;
inline constexpr std::uint32_t kGpuMapWidth = 512;
inline constexpr std::uint32_t kGpuAgents = 20480;
// The widest map the server builds (cells): the H200 goal's 4096 × 2304.
inline constexpr std::uint32_t kMaxMapWidth = 4096;
inline constexpr std::uint32_t kMinMapWidth = 16;

// --- Agents -------------------------------------------------------------------------------------
// Headings are whole steps of a turn, so that turning, sensing and moving read a table instead of
// calling sin and cos (no trigonometry in the hot loop). 1024 steps: 0.35° each, well under the
// smallest angle a slider sets (1°).
inline constexpr std::uint32_t kHeadingSteps = 1024;
inline constexpr std::uint32_t kHeadingMask = kHeadingSteps - 1;
// An agent moves this many cells a step (Jones's SS = 1).
inline constexpr float kStepCells = 1.0F;
// The fewest agents anyone may ask for, and the most the operator may set.
inline constexpr std::uint32_t kMinAgents = 256;
inline constexpr std::uint32_t kMaxAgents = 1U << 24U;  // 16,777,216: the H200 goal
// The most agents a viewer may ask for, by engine: what keeps a step of the mold to a small share
// of a tick on two cores beside the other worlds at their viewers' ceilings (docs/limits.md has
// the measurements). The GPU's is not measured here (no GPU); a million agents take a fraction
// of a millisecond on any discrete GPU of the last years.
inline constexpr std::uint32_t kViewerMaxAgentsCpu = 1U << 17U;  // 131,072
inline constexpr std::uint32_t kViewerMaxAgentsGpu = 1U << 20U;  // 1,048,576
// A viewer's agent counts take effect at most once every this many ticks (0.5 s, as other worlds'
// counts): one asked sooner waits for its turn, and a newer one replaces it.
inline constexpr std::uint64_t kAgentsCooldownTicks = 30;

// --- The tools (docs/mold.md "The model": "On the meadow") ---------------------------------------
// A held attract pointer: the map near it gets this much a step (the rules' +0.5), in
// cells within kAttractRadius world units of the pointer.
inline constexpr float kAttractFeedPerStep = 0.5F;
inline constexpr float kAttractRadius = 24.0F;  // world units
// An oat flake (the flower tool): feeds the cells within kFoodRadius world units with
// kFoodFeedPerStep a step while it lasts; every agent that reaches it eats a little, and it is
// gone after kFoodLifeSteps at the most (5 minutes), sooner when the network finds it.
inline constexpr float kFoodRadius = 14.0F;         // world units
inline constexpr float kFoodFeedPerStep = 0.25F;    // of a full cell, per covered cell and step
inline constexpr std::uint32_t kFoodLifeSteps = 5U * 60U * 60U;  // steps (60 a second)
// An agent on the flake eats this share of a whole flake (it is eaten up by 20,000 agent-steps
// on it: about a minute once a strand runs through it).
inline constexpr float kFoodEatenPerAgentStep = 1.0F / 20000.0F;
// At most this many flakes on the meadow, and this many of one viewer's.
inline constexpr std::uint32_t kMaxFood = 24;
inline constexpr std::uint32_t kMaxFoodPerViewer = 4;
// Held pointers (attract and the predator): one of each per viewer, and at most this many of each
// on the meadow at once (each is a disc of cells fed or cleared every step).
inline constexpr std::uint32_t kMaxHeldPointers = 16;
// The predator: a repellent within kRepelRadius world units of a held pointer. Sensors read it as
// this far below an empty cell (fixed point), so agents turn away from it; its cells lose their
// trail.
inline constexpr float kRepelRadius = 40.0F;  // world units
inline constexpr std::int32_t kRepelReading = -static_cast<std::int32_t>(kTrailOne);

// --- Figures ------------------------------------------------------------------------------------
// The network's figures are measured about once a second (steps).
inline constexpr std::uint32_t kFiguresEverySteps = 60;

}  // namespace meadow::sim::mold_rules
