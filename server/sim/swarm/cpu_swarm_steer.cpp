// The CPU swarm's steer stage (docs/rules.md "The swarm · Neighbours on the CPU"): bands of cells,
// top to bottom, in chunks of bands that hold about as many fireflies each. A chunk builds the
// square sums of the bands it reads into its own rolling window (the bands kBandsAhead above its
// first band are built again by each chunk: the price of independent chunks), then steers the
// fireflies of each band cell by cell.
#include <algorithm>
#include <bit>
#include <cassert>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

#include "sim/swarm/cpu_swarm.hpp"
#include "sim/swarm/avx2_path.hpp"
#include "sim/swarm/cpu_swarm_scratch.hpp"
#include "sim/swarm/square_sums.hpp"
#include "sim/swarm/steering.hpp"
#include "sim/swarm/steering_lanes.hpp"
#include "sim/swarm/swarm_measures.hpp"
#include "sim/swarm/swarm_rules.hpp"
#include "sim/swarm/swarm_random.hpp"

namespace meadow::sim {

namespace {

namespace sq = squares;
namespace r = swarm_rules;

static_assert(r::kCellSize == 2.0F * sq::kSquareSize, "a cell is 2 × 2 squares");

// Chunks of the steer stage, as the fireflies before each (CellGrid::rows_cut_at), biggest first:
// each takes a quarter of the fireflies still left, down to the smallest share, a 48th of the
// swarm or 16 bands' worth (each chunk builds 2 × kBandsAhead bands of square sums besides its
// own, which its neighbours build again). Threads take the chunks in order as they come free, so
// at the end one waits on the other only as long as a small chunk takes: with six equal chunks
// one of two threads sat idle 5–6 % of the stage at 500,000 fireflies, with these about 1 %
// (chunks timed one by one). Depends only on the count and the bands, never on threads.
constexpr std::size_t kSteerShareOfLeft = 4;    // each chunk: a quarter of what is left
constexpr std::size_t kSteerSmallestShare = 48; // but at least a 48th of the swarm
constexpr std::size_t kSteerSmallestBands = 16; // and 16 bands' worth of fireflies
std::vector<std::uint32_t> steer_chunk_starts(std::size_t n, std::size_t bands) {
  const std::size_t smallest = std::max(
      {n / kSteerSmallestShare, n * kSteerSmallestBands / std::max<std::size_t>(bands, 1), std::size_t{1}});
  std::vector<std::uint32_t> starts{0};
  for (std::size_t done = std::min(std::max(n / kSteerShareOfLeft, smallest), n); done < n;) {
    starts.push_back(static_cast<std::uint32_t>(done));
    const std::size_t left = n - done;
    const std::size_t take = std::max(left / kSteerShareOfLeft, smallest);
    // No sliver of a chunk at the end.
    done = left < take + smallest / 2 ? n : done + take;
  }
  return starts;
}

// The rocks that can push a firefly of band [top, bottom) (units); the first and last bands also
// hold the fireflies above and below the world.
void rocks_near(std::span<const Rock> all, float top, float bottom, std::vector<Rock>& near) {
  near.clear();
  for (const Rock& rock : all) {
    const float reach = rock.radius + r::kRockReach;
    if (rock.center.y + reach >= top && rock.center.y - reach <= bottom) near.push_back(rock);
  }
}

}  // namespace

std::unique_ptr<CpuSwarm::Scratch> CpuSwarm::take_scratch() {
  const std::lock_guard lock(scratch_mutex_);
  if (free_scratch_.empty()) return std::make_unique<Scratch>();
  std::unique_ptr<Scratch> s = std::move(free_scratch_.back());
  free_scratch_.pop_back();
  return s;
}

void CpuSwarm::give_back(std::unique_ptr<Scratch> scratch) {
  const std::lock_guard lock(scratch_mutex_);
  free_scratch_.push_back(std::move(scratch));
}

// One band of cells [begin, end): first every firefly's chords of the squares (square_reads.hpp:
// why apart), then every firefly's neighbour sums, cell by cell (the fireflies of a cell share the
// separation candidates), into the band's lanes; then the rules, eight fireflies at a time.
// kAvx2: the square reads' AVX2 version, inlined (the caller is compiled for AVX2).
template <bool kAvx2>
[[gnu::always_inline]] inline void CpuSwarm::steer_band_body(Scratch& scratch, const SortedFireflies& sorted,
                                                             std::uint32_t band, std::uint32_t begin, std::uint32_t end,
                                                             const steering::StepRules& rules, MeasureLanes& measures) {
  using Sum = square_reads::Sum;
  const SquareWindow& window = scratch.window;
  SeparationWalk& walk = scratch.walk;
  BandLanes& b = scratch.band;
  const std::uint32_t count = end - begin;
  b.reserve_band(count);
  const std::size_t row_base = std::size_t{band} * grid_.columns();
  walk.prepare_band(sorted, grid_, band);
  const std::uint32_t* const columns = grid_.sorted_columns().data();
  BandLanes::Sums* const band_sums = b.sums.data();
  BandLanes::Pushes* const band_pushes = b.pushes.data();
  square_reads::Chords* const chords = b.chords.data();
  // Plain pointers and the window's, taken once: the stores below are byte copies, after which
  // the compiler would load members again.
  const float* const xs = f_.x.data();
  const float* const ys = f_.y.data();
  const square_reads::Window reads = window.reads_window();
  for (std::uint32_t i = begin; i < end; ++i) {
    if constexpr (kAvx2) {
      window.chords_avx2(xs[i], ys[i], chords[i - begin]);
    } else {
      window.chords_portable(xs[i], ys[i], chords[i - begin]);
    }
  }
  for (std::uint32_t i = begin; i < end;) {
    const std::uint32_t column = columns[i];
    const std::uint32_t cell_end = grid_.start(row_base + column + 1);
    assert(cell_end > i);
    const SeparationWalk::Run run = walk.gather(column);
    for (; i < cell_end; ++i) {
      const float px = xs[i];
      const float py = ys[i];
      // The squares seen, the firefly itself among them (taken off eight at a time below).
      Sum t;
      if constexpr (kAvx2) {
        square_reads::totals_avx2(reads, chords[i - begin], t);
      } else {
        square_reads::totals_portable(reads, chords[i - begin], t);
      }
      std::memcpy(&band_sums[i - begin], &t, sizeof t);
      // (+0 turns a −0 sum into +0, as adding it to zeroed NeighbourSums does.)
      lanes::F4 pushes;
      if constexpr (kAvx2) {
        pushes = SeparationWalk::pushes_avx2(run, px, py);
      } else {
        pushes = SeparationWalk::pushes(run, px, py);
      }
      pushes += lanes::F4{};
      std::memcpy(&band_pushes[i - begin], &pushes, sizeof pushes);
    }
  }
  // Plain pointers, taken once (FireflyArrays::pointers(): vector stores are byte copies too).
  const std::size_t n = f_.size();
  const FireflyArrays::ConstPointers fireflies = std::as_const(f_).pointers();
  float* const out_vx = next_vx_.data();
  float* const out_vy = next_vy_.data();
  constexpr int kWide = lanes::kWideWidth;
  for (std::uint32_t k = 0; k < count; k += kWide) {
    const int live = static_cast<int>(std::min<std::uint32_t>(kWide, count - k));
    steering::FireflyLanes f;
    std::uint32_t id[kWide];
    // Positions and velocities straight from the arrays; past the band's end the lanes hold the
    // next band's fireflies (their results are dropped), past the arrays' end copies of the last
    // firefly.
    const std::size_t at = begin + k;
    if (at + kWide <= n) {
      std::memcpy(&f.x, fireflies.x + at, sizeof f.x);
      std::memcpy(&f.y, fireflies.y + at, sizeof f.y);
      std::memcpy(&f.vx, fireflies.vx + at, sizeof f.vx);
      std::memcpy(&f.vy, fireflies.vy + at, sizeof f.vy);
      std::memcpy(id, fireflies.id + at, sizeof id);
    } else {
      for (int l = 0; l < kWide; ++l) {
        const std::size_t j = std::min(at + static_cast<std::size_t>(l), n - 1);
        f.x[l] = fireflies.x[j];
        f.y[l] = fireflies.y[j];
        f.vx[l] = fireflies.vx[j];
        f.vy[l] = fireflies.vy[j];
        id[l] = fireflies.id[j];
      }
    }
    // Each four fireflies' sums become four lanes of each sum (a transpose of their first four
    // fields, and the fifth gathered from their second halves), likewise their pushes.
    lanes::I4 seen_half[2], sum_vx_half[2], sum_vy_half[2], sum_dx_half[2], sum_dy_half[2];
    lanes::F4 separate_x_half[2], separate_y_half[2], personal_x_half[2], personal_y_half[2];
    for (int h = 0; h < 2; ++h) {
      const std::uint32_t q = k + static_cast<std::uint32_t>(h * lanes::kWidth);
      lanes::I4 first[lanes::kWidth];
      lanes::I4 second[lanes::kWidth];
      for (std::uint32_t l = 0; l < lanes::kWidth; ++l) {
        std::memcpy(&first[l], &band_sums[q + l], sizeof first[l]);
        std::memcpy(&second[l], &band_sums[q + l].lanes[lanes::kWidth], sizeof second[l]);
      }
      lanes::transpose(first[0], first[1], first[2], first[3]);
      seen_half[h] = first[0];
      sum_vx_half[h] = first[1];
      sum_vy_half[h] = first[2];
      sum_dx_half[h] = first[3];
      sum_dy_half[h] = __builtin_shufflevector(__builtin_shufflevector(second[0], second[1], 0, 4, 0, 4),
                                               __builtin_shufflevector(second[2], second[3], 0, 4, 0, 4), 0, 1, 4, 5);
      separate_x_half[h] = lanes::load(band_pushes[q].lanes);
      separate_y_half[h] = lanes::load(band_pushes[q + 1].lanes);
      personal_x_half[h] = lanes::load(band_pushes[q + 2].lanes);
      personal_y_half[h] = lanes::load(band_pushes[q + 3].lanes);
      lanes::transpose(separate_x_half[h], separate_y_half[h], personal_x_half[h], personal_y_half[h]);
    }
    // The nudge: signed_unit_float32 of rules.nudge.bits32(id, 0) and (id, 1), eight at a time.
    lanes::U32x8 ids;
    std::memcpy(&ids, id, sizeof ids);
    for (std::uint32_t draw = 0; draw < 2; ++draw) {
      lanes::U32x8 bits;
      rules.nudge.bits32_lanes(ids, draw, bits);
      (draw == 0 ? f.nudge_x : f.nudge_y) = signed_unit_floats<lanes::F8>(reinterpret_cast<lanes::I8>(bits >> 8U));
    }
    // Each firefly takes itself off what it read (exact: integers modulo 2³²): once from the count
    // and the velocity sums if it saw its own square (only one outside the world can fail to),
    // and its position once per firefly seen, so that the position sums are of the others' offsets
    // from it: Σ(their x − own x) = Σx − n·own x, itself among the n or not.
    const SquareWindow::OwnLanes own = window.own_lanes(f.x, f.y, f.vx, f.vy);
    const auto modular = [](lanes::I8 v) __attribute__((always_inline)) { return std::bit_cast<lanes::U32x8>(v); };
    const auto as_int = [](lanes::U32x8 v) __attribute__((always_inline)) { return std::bit_cast<lanes::I8>(v); };
    const lanes::U32x8 read_count = modular(lanes::join(seen_half[0], seen_half[1]));
    const lanes::U32x8 counted = modular(own.sees_own);  // all ones or zero
    const lanes::I8 seen_counts = as_int(read_count + counted);  // + (−1) where it saw itself
    const lanes::I8 sum_vx = as_int(modular(lanes::join(sum_vx_half[0], sum_vx_half[1])) - (modular(own.vx) & counted));
    const lanes::I8 sum_vy = as_int(modular(lanes::join(sum_vy_half[0], sum_vy_half[1])) - (modular(own.vy) & counted));
    const lanes::I8 sum_dx = as_int(modular(lanes::join(sum_dx_half[0], sum_dx_half[1])) - read_count * modular(own.x));
    const lanes::I8 sum_dy = as_int(modular(lanes::join(sum_dy_half[0], sum_dy_half[1])) - read_count * modular(own.y));
    f.seen = lanes::to_float(seen_counts);
    f.sum_vx = lanes::to_float(sum_vx) * (1.0F / sq::kVelocityScale);
    f.sum_vy = lanes::to_float(sum_vy) * (1.0F / sq::kVelocityScale);
    f.sum_dx = lanes::to_float(sum_dx) * (1.0F / sq::kPositionScale);
    f.sum_dy = lanes::to_float(sum_dy) * (1.0F / sq::kPositionScale);
    f.separate_x = lanes::join(separate_x_half[0], separate_x_half[1]);
    f.separate_y = lanes::join(separate_y_half[0], separate_y_half[1]);
    f.personal_x = lanes::join(personal_x_half[0], personal_x_half[1]);
    f.personal_y = lanes::join(personal_y_half[0], personal_y_half[1]);
    bool transit = false;
    if (live == kWide) {
      std::uint64_t eight_flags;
      std::memcpy(&eight_flags, fireflies.flags + at, sizeof eight_flags);
      transit = eight_flags != 0;
    } else {
      for (int l = 0; l < live; ++l) transit |= fireflies.flags[at + static_cast<std::size_t>(l)] != 0;
    }
    lanes::F8 next_vx;
    lanes::F8 next_vy;
    if (!transit) {
      steering::next_velocities(f, rules, next_vx, next_vy);
    } else {
      for (int l = 0; l < live; ++l) {
        const std::size_t i = at + static_cast<std::size_t>(l);
        const steering::NeighbourSums sums{f.seen[l],       f.sum_vx[l],     f.sum_vy[l],     f.sum_dx[l],     f.sum_dy[l],
                                           f.separate_x[l], f.separate_y[l], f.personal_x[l], f.personal_y[l]};
        const Vec2 next = steering::next_velocity(sums, {f.x[l], f.y[l]}, {f.vx[l], f.vy[l]}, fireflies.id[i], fireflies.flags[i], rules);
        next_vx[l] = next.x;
        next_vy[l] = next.y;
      }
    }
    // Only the band's own lanes are written: the next band may belong to another thread.
    if (live == kWide) {
      std::memcpy(out_vx + at, &next_vx, sizeof next_vx);
      std::memcpy(out_vy + at, &next_vy, sizeof next_vy);
    } else {
      for (int l = 0; l < live; ++l) {
        out_vx[at + static_cast<std::size_t>(l)] = next_vx[l];
        out_vy[at + static_cast<std::size_t>(l)] = next_vy[l];
      }
    }
    measures.add(f.vx, f.vy, seen_counts, f.sum_vx, f.sum_vy, live);
  }
}

// Both versions take the whole band in (flatten): the square reads, the separation walk and the
// rules become one loop body, compiled for the version's instruction set.
[[gnu::flatten]] void CpuSwarm::steer_band(Scratch& scratch, const SortedFireflies& sorted, std::uint32_t band,
                                           std::uint32_t begin, std::uint32_t end, const steering::StepRules& rules,
                                           MeasureLanes& measures) {
  steer_band_body<false>(scratch, sorted, band, begin, end, rules, measures);
}

[[gnu::flatten]] MEADOW_TARGET_AVX2 void CpuSwarm::steer_band_avx2(Scratch& scratch, const SortedFireflies& sorted,
                                                                   std::uint32_t band, std::uint32_t begin,
                                                                   std::uint32_t end, const steering::StepRules& rules,
                                                                   MeasureLanes& measures) {
  steer_band_body<true>(scratch, sorted, band, begin, end, rules, measures);
}

void CpuSwarm::steer(const Land& land, const SwarmInputs& inputs, ParallelFor& parallel) {
  const std::size_t n = f_.size();
  next_vx_.resize(n);
  next_vy_.resize(n);
  const SortedFireflies sorted{f_.x, f_.y, f_.vx, f_.vy};
  const Rect world = land.world();
  const std::span<const Rock> rocks = land.rocks();
  const std::uint32_t columns = grid_.columns();
  const auto bands = static_cast<std::int32_t>(grid_.rows());
  // Chunks cut by count of fireflies (most of a chunk's work): cut into equal numbers of bands
  // instead, the six chunks of a flocked 100,000 swarm held 12,400 to 19,600 fireflies (by count:
  // 16,300 to 16,800), and on two threads the step waited on the chunk that held a flock. The
  // measures are folded chunk by chunk, so their rounding follows the cuts: where the fireflies
  // are, never the thread count.
  const std::vector<std::uint32_t> first_bands =
      grid_.rows_cut_at(steer_chunk_starts(n, static_cast<std::size_t>(bands)));
  const std::size_t chunks = first_bands.size() - 1;
  std::vector<MeasureSums> chunk_measures(chunks);
  const steering::StepRules step_rules{weights_, CounterRandom(seed_, steps_, swarm_random::kNudge), {},
                                       world, steering::any_tools(inputs) ? &inputs : nullptr};

  parallel.run(chunks, 1, [&](std::size_t chunk_begin, std::size_t chunk_end) {
    std::unique_ptr<Scratch> scratch = take_scratch();
    SquareWindow& window = scratch->window;
    steering::StepRules rules = step_rules;
    for (std::size_t chunk = chunk_begin; chunk < chunk_end; ++chunk) {
      MeasureLanes measures;
      const auto first_band = static_cast<std::int32_t>(first_bands[chunk]);
      const auto last_band = static_cast<std::int32_t>(first_bands[chunk + 1]);
      window.reset(grid_.origin(), 2 * columns, 2 * grid_.rows());
      std::int32_t built = std::max(first_band - SquareWindow::kBandsAhead, 0);
      for (std::int32_t band = first_band; band < last_band; ++band) {
        for (; built <= std::min(band + SquareWindow::kBandsAhead, bands - 1); ++built) {
          const std::uint32_t b = grid_.start(static_cast<std::size_t>(built) * columns);
          const std::uint32_t e = grid_.start(static_cast<std::size_t>(built + 1) * columns);
          window.build({built, sorted.x.subspan(b, e - b), sorted.y.subspan(b, e - b), sorted.vx.subspan(b, e - b),
                        sorted.vy.subspan(b, e - b)});
        }
        const std::size_t row_base = static_cast<std::size_t>(band) * columns;
        const std::uint32_t band_begin = grid_.start(row_base);
        const std::uint32_t band_end = grid_.start(row_base + columns);
        if (band_begin == band_end) continue;
        window.prepare(band);
        const float top = band == 0 ? -1e30F : world.y + static_cast<float>(band) * r::kCellSize;
        const float bottom = band == bands - 1 ? 1e30F : world.y + static_cast<float>(band + 1) * r::kCellSize;
        rocks_near(rocks, top, bottom, scratch->rocks);
        rules.rocks = scratch->rocks;
        if (avx2_) {
          steer_band_avx2(*scratch, sorted, static_cast<std::uint32_t>(band), band_begin, band_end, rules, measures);
        } else {
          steer_band(*scratch, sorted, static_cast<std::uint32_t>(band), band_begin, band_end, rules, measures);
        }
      }
      measures.fold(chunk_measures[chunk]);
    }
    give_back(std::move(scratch));
  });

  MeasureSums total;
  for (const MeasureSums& m : chunk_measures) total.add(m);
  measures_ = total.finish(static_cast<double>(world.width) * static_cast<double>(world.height));
}

}  // namespace meadow::sim
