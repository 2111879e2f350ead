#include "sim/mold/cpu_mold.hpp"

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "sim/mold/map_discs.hpp"
#include "sim/mold/mold_directions.hpp"
#include "sim/random.hpp"
#include "sim/mold/mold_random.hpp"

namespace meadow::sim {
namespace {

using mold_rules::kHeadingMask;
using mold_rules::kTrailOne;

constexpr std::uint8_t kWallBit = 1U;
constexpr std::uint8_t kRepelBit = 2U;
constexpr std::uint32_t kFeedShift = 2U;
// Feed discs whose visits are counted (bits 2 … 7 of a cell's flags hold index + 1).
constexpr std::uint32_t kCountedFeeds = 63;
constexpr std::uint32_t kNoClaim = std::numeric_limits<std::uint32_t>::max();
// Rows of the map a diffusion chunk takes; agents a chunk of the agents' pass takes.
constexpr std::size_t kDiffusionRows = 8;
[[nodiscard]] std::size_t agent_grain(std::size_t n) { return even_grain(n, 16, 4096, 65536); }

// Wraps a cell coordinate of a position at most half a map outside it (sensors reach less than
// half the map: MoldSettings' sensor distance is kept under it) into 0 … extent − 1.
[[nodiscard]] inline std::uint32_t wrap_cell(float p, std::uint32_t extent) {
  // p + extent > 0, so truncation is floor.
  auto c = static_cast<std::uint32_t>(p + static_cast<float>(extent));
  c -= extent & (0U - static_cast<std::uint32_t>(c >= extent));
  c -= extent & (0U - static_cast<std::uint32_t>(c >= extent));
  return c;
}

// A position moved by at most a cell, wrapped back into [0, extent).
[[nodiscard]] inline float wrap_position(float p, float extent) {
  if (p < 0.0F) p += extent;
  if (p >= extent) p -= extent;  // also catches p + extent rounding to extent
  return p;
}

// Jones's turn rule: keep facing the strongest front; both sides stronger: a random way; else
// towards the stronger side; all equal: keep.
[[nodiscard]] inline std::uint32_t turned(std::uint32_t h, std::int32_t front, std::int32_t left, std::int32_t right,
                                          std::uint32_t turn, std::uint32_t random_bits) {
  if (front > left && front > right) return h;
  if (front < left && front < right) return (random_bits & 1U) != 0 ? h + turn : h - turn;
  if (left > right) return h + turn;
  if (right > left) return h - turn;
  return h;
}

struct SenseParams {
  const MoldDirections* directions;  // looked up once a pass, not once an agent
  float sensor_distance;
  std::uint32_t sensor_steps;
  std::uint32_t turn_steps;
  std::uint32_t width;
  std::uint32_t height;
};

[[nodiscard]] SenseParams sense_params(const MoldSettings& s, MapSize size) {
  // Sensors reach under half the map, so a reading wraps at most once (tiny maps only).
  const float half = static_cast<float>(std::min(size.width, size.height)) * 0.5F - 1.0F;
  return SenseParams{&mold_directions(), std::clamp(s.sensor_distance, 0.0F, std::max(half, 0.0F)),
                     heading_steps_of(s.sensor_angle_deg),
                     heading_steps_of(s.turn_angle_deg), size.width, size.height};
}

// One agent's sense and turn: its new heading.
[[nodiscard]] inline std::uint32_t sense_and_turn(float x, float y, std::uint32_t h, const SenseParams& p,
                                                  const std::uint16_t* trail, const std::uint8_t* flags,
                                                  std::uint32_t random_bits) {
  const MoldDirections& dir = *p.directions;
  const auto read = [&](std::uint32_t heading) -> std::int32_t {
    const std::uint32_t k = heading & kHeadingMask;
    const std::uint32_t cx = wrap_cell(x + dir.cos[k] * p.sensor_distance, p.width);
    const std::uint32_t cy = wrap_cell(y + dir.sin[k] * p.sensor_distance, p.height);
    const std::uint32_t cell = cy * p.width + cx;
    return (flags[cell] & kRepelBit) != 0 ? mold_rules::kRepelReading : static_cast<std::int32_t>(trail[cell]);
  };
  const std::int32_t front = read(h);
  const std::int32_t left = read(h + p.sensor_steps);
  const std::int32_t right = read(h - p.sensor_steps);
  return turned(h, front, left, right, p.turn_steps, random_bits) & kHeadingMask;
}

[[nodiscard]] inline std::uint32_t cell_of(float x, float y, std::uint32_t width) {
  return static_cast<std::uint32_t>(y) * width + static_cast<std::uint32_t>(x);
}

// One agent's sense, turn and move: which way it faces and where it would stand (wrapped), and
// that cell.
struct Move {
  std::uint32_t heading;
  float x;
  float y;
  std::uint32_t cell;
};
[[nodiscard]] inline Move proposed_move(float x, float y, std::uint32_t heading, std::uint32_t random_bits,
                                        const SenseParams& p, const std::uint16_t* trail, const std::uint8_t* flags) {
  const MoldDirections& dir = *p.directions;
  const std::uint32_t h = sense_and_turn(x, y, heading, p, trail, flags, random_bits);
  const float nx = wrap_position(x + dir.cos[h] * mold_rules::kStepCells, static_cast<float>(p.width));
  const float ny = wrap_position(y + dir.sin[h] * mold_rules::kStepCells, static_cast<float>(p.height));
  return Move{h, nx, ny, cell_of(nx, ny, p.width)};
}

[[nodiscard]] inline std::uint32_t deposit_of(const MoldSettings& s) {
  return static_cast<std::uint32_t>(std::lround(std::clamp(s.deposit, 0.0F, 1.0F) * static_cast<float>(kTrailOne)));
}

// The population's walls: bit 0 of a cell's flags.
struct FlagWalls {
  const std::uint8_t* flags;
  [[nodiscard]] bool operator()(std::uint32_t cell) const { return (flags[cell] & kWallBit) != 0; }
};

}  // namespace

CpuMold::CpuMold(std::uint64_t seed, MapSize size, const MoldSettings& settings)
    : seed_(seed), size_(size), settings_(clamped(settings)), population_(seed, size) {
  // The map is the population's to check, before anything the size of it is allocated.
  const std::size_t cells = size.cells();
  trail_.assign(cells, 0);
  pre_.assign(cells, 0);
  pre_next_.assign(cells, 0);
  flags_.assign(cells, 0);
  claim_.assign(cells, kNoClaim);
  settings_.agents = std::min(settings_.agents, population_.max_agents(settings_.occupancy));
  population_.resize(settings_.agents, settings_.occupancy, FlagWalls{flags_.data()});
}

void CpuMold::set_settings(const MoldSettings& settings) {
  MoldSettings next = clamped(settings);
  next.agents = std::min(next.agents, population_.max_agents(next.occupancy));
  const bool occupancy_changed = next.occupancy != settings_.occupancy;
  settings_ = next;
  const FlagWalls walls{flags_.data()};
  // Switched on: agents sharing a cell spread out (the agents' pass keeps the grid only while on).
  if (occupancy_changed && settings_.occupancy) population_.settle_occupancy(true, walls);
  population_.resize(settings_.agents, settings_.occupancy, walls);
  settings_.agents = population_.count();
}

void CpuMold::set_walls(std::span<const CellKind> kinds) {
  if (kinds.size() != flags_.size()) throw std::invalid_argument("walls for another map size");
  for (std::size_t c = 0; c < kinds.size(); ++c) {
    flags_[c] = static_cast<std::uint8_t>((flags_[c] & ~kWallBit) | (kinds[c] == CellKind::wall ? kWallBit : 0U));
    if (kinds[c] == CellKind::wall) {
      trail_[c] = 0;
      pre_[c] = 0;
    }
  }
  population_.move_off_walls(settings_.occupancy, FlagWalls{flags_.data()});
}

void CpuMold::restore(MoldAgentsView agents, TrailView trail, std::uint64_t steps, std::uint64_t placements) {
  if (trail.size != size_ || trail.cells.size() != trail_.size()) {
    throw std::invalid_argument("a mold to restore of another map size");
  }
  population_.restore(agents, settings_.occupancy, FlagWalls{flags_.data()}, placements);
  std::copy(trail.cells.begin(), trail.cells.end(), trail_.begin());
  std::copy(trail_.begin(), trail_.end(), pre_.begin());
  steps_ = steps;
  settings_.agents = population_.count();
}

void CpuMold::step(const MoldInputs& inputs, ParallelFor& parallel) {
  mark_inputs(inputs);
  if (settings_.occupancy) {
    agents_pass_occupancy(parallel);
  } else {
    agents_pass(parallel);
  }
  feed_pass();
  diffusion_pass(parallel);
  // The copy: the deposit map diffusion wrote becomes the one the next step deposits into.
  pre_.swap(pre_next_);
  ++steps_;
}

void CpuMold::mark_inputs(const MoldInputs& inputs) {
  for (const std::uint32_t c : marked_) flags_[c] &= kWallBit;
  marked_.clear();
  fed_.clear();
  visits_.assign(inputs.feed.size(), 0);
  const auto mark_disc = [&](const MoldDisc& disc, std::uint8_t bits) {
    for_each_cell_in_disc(size_, disc.center, disc.radius, DiscEdges::wrap, [&](std::uint32_t cell) {
      if ((flags_[cell] & kWallBit) != 0) return;
      // A cell in two feed discs counts its visits for the later one: its feed field is replaced.
      const std::uint8_t kept = (bits >> kFeedShift) != 0 ? (flags_[cell] & (kWallBit | kRepelBit)) : flags_[cell];
      flags_[cell] = static_cast<std::uint8_t>(kept | bits);
      marked_.push_back(cell);
      if (disc.amount != 0) fed_.push_back({cell, disc.amount});
    });
  };
  for (const MoldDisc& disc : inputs.repel) mark_disc(MoldDisc{disc.center, disc.radius, 0}, kRepelBit);
  // A cell in two feed discs counts its visits for the later one (and is fed by both).
  for (std::size_t k = 0; k < inputs.feed.size(); ++k) {
    const auto bits = k < kCountedFeeds ? static_cast<std::uint8_t>((k + 1) << kFeedShift) : std::uint8_t{0};
    mark_disc(inputs.feed[k], bits);
  }
}

void CpuMold::agents_pass(ParallelFor& parallel) {
  const SenseParams p = sense_params(settings_, size_);
  const std::uint32_t deposit = deposit_of(settings_);
  const CounterRandom turns(seed_, steps_, mold_random::kTurn);
  const MoldPopulation::Arrays agents = population_.arrays();
  // On several threads each deposits into a slot of its own (deposit_slot); one thread into pre_.
  const bool shared = parallel.threads() > 1;
  if (shared && slots_.size() < parallel.threads()) slots_.resize(parallel.threads());
  slots_taken_.store(0, std::memory_order_relaxed);
  static std::atomic<std::uint64_t> passes{0};
  const std::uint64_t pass = ++passes;
  const std::size_t n = population_.count();
  parallel.run(n, agent_grain(n), [&](std::size_t begin, std::size_t end) {
    std::uint32_t* deposits = shared ? deposit_slot(pass) : pre_.data();
    std::uint32_t local_visits[kCountedFeeds + 1] = {};
    for (std::size_t i = begin; i < end; ++i) {
      const auto id = static_cast<std::uint32_t>(i);
      const float x = agents.x[i];
      const float y = agents.y[i];
      const Move m = proposed_move(x, y, agents.heading[i], turns.bits32(id, 0), p, trail_.data(), flags_.data());
      const std::uint32_t cell = m.cell;
      const std::uint8_t flags = flags_[cell];
      if ((flags & kWallBit) != 0) {
        agents.heading[i] = static_cast<std::uint16_t>(turns.bits32(id, 1) & kHeadingMask);
        ++local_visits[flags_[cell_of(x, y, size_.width)] >> kFeedShift];
        continue;
      }
      agents.x[i] = m.x;
      agents.y[i] = m.y;
      agents.heading[i] = static_cast<std::uint16_t>(m.heading);
      ++local_visits[flags >> kFeedShift];
      deposits[cell] += deposit;
    }
    for (std::size_t k = 1; k <= kCountedFeeds && k <= visits_.size(); ++k) {
      if (local_visits[k] != 0) {
        std::atomic_ref<std::uint32_t>(visits_[k - 1]).fetch_add(local_visits[k], std::memory_order_relaxed);
      }
    }
  });
  if (shared) gather_slots(parallel);
}

std::uint32_t* CpuMold::deposit_slot(std::uint64_t pass) {
  // A thread takes a slot the first time it runs a chunk of this pass and keeps it for the pass.
  thread_local std::uint64_t slot_pass = 0;
  thread_local std::uint32_t slot = 0;
  if (slot_pass != pass) {
    slot_pass = pass;
    slot = slots_taken_.fetch_add(1, std::memory_order_relaxed);
    if (slot >= slots_.size()) throw std::logic_error("more threads ran the mold's pass than its ParallelFor has");
    if (slots_[slot].size() != pre_.size()) slots_[slot].assign(pre_.size(), 0);
  }
  return slots_[slot].data();
}

void CpuMold::gather_slots(ParallelFor& parallel) {
  const std::uint32_t taken = slots_taken_.load(std::memory_order_relaxed);
  const std::size_t cells = pre_.size();
  parallel.run(cells, streaming_grain(cells), [&](std::size_t begin, std::size_t end) {
    for (std::uint32_t k = 0; k < taken; ++k) {
      std::uint32_t* slot = slots_[k].data();
      for (std::size_t c = begin; c < end; ++c) {
        pre_[c] += slot[c];
        slot[c] = 0;
      }
    }
  });
}

void CpuMold::agents_pass_occupancy(ParallelFor& parallel) {
  const SenseParams p = sense_params(settings_, size_);
  const std::uint32_t deposit = deposit_of(settings_);
  const CounterRandom turns(seed_, steps_, mold_random::kTurn);
  const auto claim_key = static_cast<std::uint32_t>(CounterRandom(seed_, steps_, mold_random::kClaim).bits(0));
  const MoldPopulation::Arrays agents = population_.arrays();
  const std::size_t n = population_.count();
  target_.resize(n);
  next_x_.resize(n);
  next_y_.resize(n);
  const auto priority = [claim_key](std::uint32_t id) { return mix32(id ^ claim_key); };

  // First: sense, turn, and move within its own cell or claim a free one. A cell an agent stands
  // on is never claimed, so an agent staying in its cell deposits there alone.
  parallel.run(n, agent_grain(n), [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
      const auto id = static_cast<std::uint32_t>(i);
      const float x = agents.x[i];
      const float y = agents.y[i];
      const Move m = proposed_move(x, y, agents.heading[i], turns.bits32(id, 0), p, trail_.data(), flags_.data());
      const std::uint32_t from = cell_of(x, y, size_.width);
      const std::uint32_t cell = m.cell;
      target_[i] = kNoClaim;
      if (cell == from) {
        agents.x[i] = m.x;
        agents.y[i] = m.y;
        agents.heading[i] = static_cast<std::uint16_t>(m.heading);
        pre_[cell] += deposit;
        continue;
      }
      if ((flags_[cell] & kWallBit) != 0 || agents.occupied[cell] != 0) {
        agents.heading[i] = static_cast<std::uint16_t>(turns.bits32(id, 1) & kHeadingMask);
        continue;
      }
      target_[i] = cell;
      next_x_[i] = m.x;
      next_y_[i] = m.y;
      agents.heading[i] = static_cast<std::uint16_t>(m.heading);
      std::atomic_ref<std::uint32_t> claim(claim_[cell]);
      const std::uint32_t mine = priority(id);
      std::uint32_t seen = claim.load(std::memory_order_relaxed);
      while (mine < seen && !claim.compare_exchange_weak(seen, mine, std::memory_order_relaxed)) {
      }
    }
  });
  // Then: the best claim of each cell moves and deposits; the others stay and take a random
  // heading. The winner clears its cell's claim for the next step (a loser only compares).
  parallel.run(n, agent_grain(n), [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
      const std::uint32_t cell = target_[i];
      if (cell == kNoClaim) continue;
      const auto id = static_cast<std::uint32_t>(i);
      std::atomic_ref<std::uint32_t> claim(claim_[cell]);
      if (claim.load(std::memory_order_relaxed) != priority(id)) {
        agents.heading[i] = static_cast<std::uint16_t>(turns.bits32(id, 1) & kHeadingMask);
        continue;
      }
      claim.store(kNoClaim, std::memory_order_relaxed);
      agents.occupied[cell_of(agents.x[i], agents.y[i], size_.width)] = 0;
      agents.occupied[cell] = 1;
      agents.x[i] = next_x_[i];
      agents.y[i] = next_y_[i];
      pre_[cell] += deposit;
    }
  });
  // Feed visits: every agent where it stands now (serial: one byte read an agent).
  if (visits_.empty()) return;  // no food this step: nothing to count
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint32_t k = flags_[cell_of(agents.x[i], agents.y[i], size_.width)] >> kFeedShift;
    if (k != 0 && k <= visits_.size()) ++visits_[k - 1];
  }
}

void CpuMold::feed_pass() {
  for (const Fed& fed : fed_) pre_[fed.cell] += fed.amount;
}

void CpuMold::diffusion_pass(ParallelFor& parallel) {
  const float mix = std::clamp(settings_.diffusion, 0.0F, 1.0F);
  const float keep = 1.0F - std::clamp(settings_.decay, 0.0F, 1.0F);
  const std::uint32_t w = size_.width;
  const std::uint32_t rows = size_.height;
  parallel.run(rows, kDiffusionRows, [&](std::size_t begin, std::size_t end) {
    std::vector<float> columns(w);
    for (std::size_t yy = begin; yy < end; ++yy) {
      const auto y = static_cast<std::uint32_t>(yy);
      const std::uint32_t* up = pre_.data() + static_cast<std::size_t>(y == 0 ? rows - 1 : y - 1) * w;
      const std::uint32_t* mid = pre_.data() + static_cast<std::size_t>(y) * w;
      const std::uint32_t* down = pre_.data() + static_cast<std::size_t>(y + 1 == rows ? 0 : y + 1) * w;
      for (std::uint32_t x = 0; x < w; ++x) {
        columns[x] = static_cast<float>(up[x]) + static_cast<float>(mid[x]) + static_cast<float>(down[x]);
      }
      std::uint16_t* out = trail_.data() + static_cast<std::size_t>(y) * w;
      std::uint32_t* out_pre = pre_next_.data() + static_cast<std::size_t>(y) * w;
      const std::uint8_t* flags = flags_.data() + static_cast<std::size_t>(y) * w;
      const auto cell_value = [&](std::uint32_t x, float left, float right) {
        const float c = static_cast<float>(mid[x]);
        const float mean = (left + columns[x] + right) * (1.0F / 9.0F);
        const float v = (c + (mean - c) * mix) * keep;
        // Truncation, so a faint trail fades to nothing; walls and repelled cells hold none.
        const std::uint32_t t = v >= static_cast<float>(kTrailOne) ? kTrailOne : static_cast<std::uint32_t>(v);
        return (flags[x] & (kWallBit | kRepelBit)) != 0 ? 0U : t;
      };
      const std::uint32_t first = cell_value(0, columns[w - 1], columns[1]);
      const std::uint32_t last = cell_value(w - 1, columns[w - 2], columns[0]);
      for (std::uint32_t x = 1; x + 1 < w; ++x) {
        const std::uint32_t t = cell_value(x, columns[x - 1], columns[x + 1]);
        out[x] = static_cast<std::uint16_t>(t);
        out_pre[x] = t;
      }
      out[0] = static_cast<std::uint16_t>(first);
      out_pre[0] = first;
      out[w - 1] = static_cast<std::uint16_t>(last);
      out_pre[w - 1] = last;
    }
  });
}

TrailView CpuMold::trail() const { return TrailView{size_, trail_}; }

MoldAgentsView CpuMold::agents() const { return population_.view(); }

}  // namespace meadow::sim
