#pragma once
// The mold's CPU engine (docs/mold.md "Engines"): structure of arrays, every core through the
// ParallelFor, the same map bit for bit with any number of threads. Headings are steps of a turn
// and read a direction table (no trigonometry in the hot loop); randomness is counter-based
// (sim/random.hpp), keyed by step and agent.
//
// Occupancy (Jones's rule, an option): an agent moves into a cell only if no agent stood there at
// the step's start and no other agent claims it with a higher priority. A priority is a bijective
// mix of the agent's index with the step (mix32), so it is unique, fair across the map, and the
// claims' outcome does not depend on which thread claims first.
#include <atomic>
#include <cstdint>
#include <span>
#include <vector>

#include "sim/mold/mold_engine.hpp"
#include "sim/mold/mold_population.hpp"

namespace meadow::sim {

class CpuMold final : public MoldEngine {
 public:
  // `settings.agents` agents on random open cells of a `size` map, with headings at random; an
  // empty map.
  CpuMold(std::uint64_t seed, MapSize size, const MoldSettings& settings);
  ~CpuMold() override = default;
  CpuMold(const CpuMold&) = delete;
  CpuMold& operator=(const CpuMold&) = delete;

  // Takes over another engine's mold (the GPU's, falling back): its agents, map and step count.
  // `agents` and `trail` must be of this engine's map; walls are set separately.
  void restore(MoldAgentsView agents, TrailView trail, std::uint64_t steps, std::uint64_t placements) override;
  [[nodiscard]] std::uint64_t placements() const override { return population_.placements(); }

  // MoldEngine
  [[nodiscard]] std::string_view name() const override { return "cpu"; }
  [[nodiscard]] MapSize map_size() const override { return size_; }
  [[nodiscard]] const MoldSettings& settings() const override { return settings_; }
  void set_settings(const MoldSettings& settings) override;
  void set_walls(std::span<const CellKind> kinds) override;
  void step(const MoldInputs& inputs, ParallelFor& parallel) override;
  [[nodiscard]] TrailView trail() const override;
  [[nodiscard]] MoldAgentsView agents() const override;
  [[nodiscard]] std::span<const std::uint32_t> feed_visits() const override { return visits_; }
  [[nodiscard]] std::uint64_t steps() const override { return steps_; }

 private:
  void mark_inputs(const MoldInputs& inputs);
  void agents_pass(ParallelFor& parallel);
  void agents_pass_occupancy(ParallelFor& parallel);
  void feed_pass();
  void diffusion_pass(ParallelFor& parallel);
  // The free pass's deposits on several threads: each thread adds into a map of its own (a slot),
  // summed into pre_ after the pass. Adding atomically into one map instead made two threads
  // slower than one (27 → 51 ms a step at 1,048,576 agents): the cores fought over the cache lines
  // every deposit touched. Integer sums do not depend on which thread took which agents.
  [[nodiscard]] std::uint32_t* deposit_slot(std::uint64_t pass);
  void gather_slots(ParallelFor& parallel);

  std::uint64_t seed_;
  MapSize size_;
  MoldSettings settings_;
  std::uint64_t steps_ = 0;

  // The agents (structure of arrays) and, with occupancy, the cells they stand on.
  MoldPopulation population_;
  // The map the agents sense (fixed point), and the map they deposit into: it starts each step as
  // the sensed map and diffusion reads it; diffusion writes the next sensed map and the next
  // deposit map, which `pre_` and `pre_next_` swap into (the copy pass).
  std::vector<std::uint16_t> trail_;
  std::vector<std::uint32_t> pre_, pre_next_;
  // Per cell: bit 0 a wall, bit 1 repelled this step, bits 2 … 7 the feed disc (index + 1) of this
  // step whose visits an agent standing there counts.
  std::vector<std::uint8_t> flags_;
  std::vector<std::uint32_t> marked_;  // cells whose repel and feed bits this step set
  struct Fed {
    std::uint32_t cell;
    std::uint32_t amount;
  };
  std::vector<Fed> fed_;  // this step's feed, cell by cell
  std::vector<std::uint32_t> claim_;    // occupancy: the best priority claiming each cell
  std::vector<std::uint32_t> target_;   // occupancy: each agent's claimed cell, or kNoClaim
  std::vector<float> next_x_, next_y_;  // occupancy: where it moves if its claim wins
  std::vector<std::uint32_t> visits_;
  std::vector<std::vector<std::uint32_t>> slots_;  // one deposit map a thread (free pass)
  std::atomic<std::uint32_t> slots_taken_{0};       // slots handed out in this pass
};

}  // namespace meadow::sim
