#pragma once
// The mold's one interface (docs/architecture.md "Engines"): the CPU engine (sim/mold/cpu_mold.hpp)
// and the Vulkan engine (server/gpu/mold/gpu_mold.hpp) both implement it, so the world can change
// engines without losing the map. A step is three passes in this order on every engine
// (docs/mold.md "The model"):
//   1. agents: sense, turn, move one step, deposit (all deposits into one cell count; with
//      occupancy, a move into a taken cell fails: the agent stays, takes a random heading and
//      does not deposit), then the tools' feed is added;
//   2. diffusion: each cell becomes mix(cell, mean of its 3 × 3, diffusion) × (1 − decay),
//      clamped to 0 … 1, into a second map;
//   3. copy: the second map becomes the map, so no cell reads a value updated in the same pass.
#include <cstdint>
#include <span>
#include <string_view>

#include "sim/geometry.hpp"
#include "sim/mold/mold_settings.hpp"
#include "sim/mold/trail_map.hpp"
#include "sim/parallel_for.hpp"

namespace meadow::sim {

// A disc on the map, in cells (x, y) and cells (radius): cell (i, j) is inside when its centre
// (i + 0.5, j + 0.5) is within radius of `center`, measured across the wrap.
struct MoldDisc {
  Vec2 center;
  float radius = 0.0F;
  // Feed only: trail added to each cell inside, every step (fixed point, mold_rules::kTrailOne).
  std::uint32_t amount = 0;
};

// What the viewers' tools do in one step (read during the call, never kept).
struct MoldInputs {
  std::span<const MoldDisc> feed;   // food and held attract pointers: trail added after deposits
  std::span<const MoldDisc> repel;  // held predators: sensors read mold_rules::kRepelReading there,
                                    // and their cells lose their trail
};

// Read-only structure-of-arrays view of the agents; valid until the next step.
struct MoldAgentsView {
  std::span<const float> x;  // cells, 0 ≤ x < width
  std::span<const float> y;  // cells, 0 ≤ y < height
  std::span<const std::uint16_t> heading;  // steps of mold_rules::kHeadingSteps a turn; 0 = +x, growing towards +y
};

class MoldEngine {
 public:
  virtual ~MoldEngine() = default;
  [[nodiscard]] virtual std::string_view name() const = 0;  // "cpu", "gpu"
  [[nodiscard]] virtual MapSize map_size() const = 0;
  [[nodiscard]] virtual const MoldSettings& settings() const = 0;
  // Takes new settings (clamped). A new agent count adds agents on random open cells (free ones
  // with occupancy) or drops the newest.
  virtual void set_settings(const MoldSettings& settings) = 0;
  // What each cell is (map_size().cells() kinds). Agents standing on a new wall move to a random
  // open cell; the walls' trail goes.
  virtual void set_walls(std::span<const CellKind> kinds) = 0;
  // One step: agents, diffusion, copy.
  virtual void step(const MoldInputs& inputs, ParallelFor& parallel) = 0;
  // The map after the last step.
  [[nodiscard]] virtual TrailView trail() const = 0;
  [[nodiscard]] virtual MoldAgentsView agents() const = 0;
  // For each of the last step's feed discs, how many agents stood inside it after their move
  // (the food they eat).
  [[nodiscard]] virtual std::span<const std::uint32_t> feed_visits() const = 0;
  // Steps taken since creation; also the counter randomness is keyed by.
  [[nodiscard]] virtual std::uint64_t steps() const = 0;
  // Agents placed on random cells so far (new ones, and those moved off new walls): the counter
  // the next placement's randomness is keyed by.
  [[nodiscard]] virtual std::uint64_t placements() const = 0;
  // Takes over a mold (a snapshot's, or another engine's falling back): its agents, map, step
  // count and placements. `agents` and `trail` must be of this engine's map
  // (std::invalid_argument otherwise); the walls are set first, separately.
  virtual void restore(MoldAgentsView agents, TrailView trail, std::uint64_t steps, std::uint64_t placements) = 0;
};

}  // namespace meadow::sim
