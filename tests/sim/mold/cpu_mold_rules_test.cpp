// Each rule of the mold's CPU engine as a property (docs/mold.md "The model").
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <numeric>
#include <set>
#include <vector>

#include "app/worker_pool.hpp"
#include "sim/mold/cpu_mold.hpp"
#include "sim/mold/mold_directions.hpp"

namespace meadow::sim {
namespace {

using mold_rules::kHeadingSteps;
using mold_rules::kTrailOne;

constexpr MapSize kMap{64, 36};

// Settings where sensing decides alone: no deposit, no diffusion, no decay, no occupancy.
MoldSettings quiet(std::uint32_t agents = 0) {
  MoldSettings s;
  s.agents = agents;
  s.deposit = 0.0F;
  s.decay = 0.0F;
  s.diffusion = 0.0F;
  s.occupancy = false;
  s.sensor_distance = 9.0F;  // Jones's: far enough that the sensors below lie in distinct cells
  return s;
}

struct Agents {
  std::vector<float> x, y;
  std::vector<std::uint16_t> heading;
  void add(float ax, float ay, std::uint32_t h) {
    x.push_back(ax);
    y.push_back(ay);
    heading.push_back(static_cast<std::uint16_t>(h));
  }
  [[nodiscard]] MoldAgentsView view() const { return MoldAgentsView{x, y, heading}; }
};

std::uint32_t cell(std::uint32_t x, std::uint32_t y) { return y * kMap.width + x; }

// A mold of `agents` on `trail` (kMap), with `settings`.
std::unique_ptr<CpuMold> mold_with(const Agents& agents, const std::vector<std::uint16_t>& trail,
                                   const MoldSettings& settings) {
  auto m = std::make_unique<CpuMold>(7, kMap, settings);
  m->restore(agents.view(), TrailView{kMap, trail}, 0, m->placements());
  return m;
}

// A mold of `agents` on an empty map after one step (one thread, no tools).
std::unique_ptr<CpuMold> stepped_once(const Agents& agents, const MoldSettings& settings) {
  auto m = mold_with(agents, std::vector<std::uint16_t>(kMap.cells(), 0), settings);
  SerialFor serial;
  m->step({}, serial);
  return m;
}

// The cell a sensor of an agent at (x, y) with heading h reads, at distance d.
std::uint32_t sensor_cell(float x, float y, std::uint32_t h, float d) {
  const MoldDirections& dir = mold_directions();
  const auto wrap = [](float p, std::uint32_t extent) {
    const auto e = static_cast<float>(extent);
    return static_cast<std::uint32_t>(p < 0.0F ? p + e : (p >= e ? p - e : p));
  };
  return cell(wrap(x + dir.cos[h % kHeadingSteps] * d, kMap.width), wrap(y + dir.sin[h % kHeadingSteps] * d, kMap.height));
}

const std::uint32_t kSa = heading_steps_of(22.5F);
const std::uint32_t kTa = heading_steps_of(45.0F);

TEST(CpuMoldRules, FrontStrongestKeepsTheHeading) {
  Agents a;
  a.add(20.5F, 18.5F, 0);
  std::vector<std::uint16_t> trail(kMap.cells(), 0);
  trail[sensor_cell(20.5F, 18.5F, 0, 9.0F)] = kTrailOne;
  const auto m_made = mold_with(a, trail, quiet());
  CpuMold& m = *m_made;
  SerialFor serial;
  m.step({}, serial);
  EXPECT_EQ(m.agents().heading[0], 0);
  EXPECT_FLOAT_EQ(m.agents().x[0], 21.5F);
  EXPECT_FLOAT_EQ(m.agents().y[0], 18.5F);
}

TEST(CpuMoldRules, LeftStrongerTurnsLeftAndRightStrongerTurnsRight) {
  for (const bool left : {true, false}) {
    Agents a;
    a.add(20.5F, 18.5F, 0);
    std::vector<std::uint16_t> trail(kMap.cells(), 0);
    trail[sensor_cell(20.5F, 18.5F, left ? kSa : kHeadingSteps - kSa, 9.0F)] = kTrailOne;
    const auto m_made = mold_with(a, trail, quiet());
    CpuMold& m = *m_made;
    SerialFor serial;
    m.step({}, serial);
    EXPECT_EQ(m.agents().heading[0], left ? kTa : kHeadingSteps - kTa) << (left ? "left" : "right");
  }
}

TEST(CpuMoldRules, BothSidesStrongerTurnsBothWaysAboutEquallyOften) {
  // A bright map with a dark cell at each agent's front sensor.
  std::vector<std::uint16_t> trail(kMap.cells(), kTrailOne);
  Agents a;
  for (std::uint32_t y = 1; y < kMap.height; y += 3) {
    for (std::uint32_t x = 1; x + 10 < kMap.width; x += 2) {
      a.add(static_cast<float>(x) + 0.5F, static_cast<float>(y) + 0.5F, 0);
      trail[sensor_cell(static_cast<float>(x) + 0.5F, static_cast<float>(y) + 0.5F, 0, 9.0F)] = 0;
    }
  }
  // The dark cells must not be any agent's side sensors.
  for (std::size_t i = 0; i < a.x.size(); ++i) {
    ASSERT_EQ(trail[sensor_cell(a.x[i], a.y[i], kSa, 9.0F)], kTrailOne);
    ASSERT_EQ(trail[sensor_cell(a.x[i], a.y[i], kHeadingSteps - kSa, 9.0F)], kTrailOne);
  }
  std::size_t lefts = 0;
  std::size_t rights = 0;
  for (std::uint64_t round = 0; round < 4; ++round) {
    CpuMold m(round, kMap, quiet());
    m.restore(a.view(), TrailView{kMap, trail}, round * 1000, m.placements());
    SerialFor serial;
    m.step({}, serial);
    for (const std::uint16_t h : m.agents().heading) {
      if (h == kTa) ++lefts;
      if (h == kHeadingSteps - kTa) ++rights;
    }
  }
  const std::size_t n = a.x.size() * 4;
  EXPECT_EQ(lefts + rights, n);
  EXPECT_NEAR(static_cast<double>(lefts) / static_cast<double>(n), 0.5, 0.05) << lefts << " of " << n;
}

TEST(CpuMoldRules, AMoveIsOneCellAndWrapsAtEveryEdge) {
  Agents a;
  a.add(63.5F, 10.5F, 0);                        // east edge, heading +x
  a.add(0.5F, 20.5F, kHeadingSteps / 2);        // west edge, heading −x
  a.add(30.5F, 35.5F, kHeadingSteps / 4);       // bottom edge, heading +y
  a.add(40.5F, 0.5F, 3 * kHeadingSteps / 4);    // top edge, heading −y
  a.add(10.5F, 10.5F, kHeadingSteps / 8);       // diagonal, inside
  const auto m_made = mold_with(a, std::vector<std::uint16_t>(kMap.cells(), 0), quiet());
  CpuMold& m = *m_made;
  SerialFor serial;
  m.step({}, serial);
  const MoldAgentsView v = m.agents();
  EXPECT_NEAR(v.x[0], 0.5F, 1e-4F);
  EXPECT_NEAR(v.y[0], 10.5F, 1e-4F);
  EXPECT_NEAR(v.x[1], 63.5F, 1e-4F);
  EXPECT_NEAR(v.y[2], 0.5F, 1e-4F);
  EXPECT_NEAR(v.y[3], 35.5F, 1e-4F);
  EXPECT_NEAR(v.x[4], 10.5F + 0.70710678F, 1e-4F);
  EXPECT_NEAR(v.y[4], 10.5F + 0.70710678F, 1e-4F);
  for (std::size_t i = 0; i < v.x.size(); ++i) {
    EXPECT_GE(v.x[i], 0.0F);
    EXPECT_LT(v.x[i], 64.0F);
    EXPECT_GE(v.y[i], 0.0F);
    EXPECT_LT(v.y[i], 36.0F);
  }
}

TEST(CpuMoldRules, DiffusionKeepsAUniformMapUniformTimesTheDecay) {
  MoldSettings s = quiet();
  s.diffusion = 1.0F;
  s.decay = 0.1F;
  const auto m_made = mold_with(Agents{}, std::vector<std::uint16_t>(kMap.cells(), 2000), s);
  CpuMold& m = *m_made;
  SerialFor serial;
  m.step({}, serial);
  for (const std::uint16_t c : m.trail().cells) ASSERT_EQ(c, 1800);
}

TEST(CpuMoldRules, DiffusionConservesTheTotalWithoutDecayOrClamping) {
  std::vector<std::uint16_t> trail(kMap.cells());
  for (std::size_t i = 0; i < trail.size(); ++i) trail[i] = static_cast<std::uint16_t>((i * 2654435761U) % 400U);
  MoldSettings s = quiet();
  s.diffusion = 0.7F;
  const auto m_made = mold_with(Agents{}, trail, s);
  CpuMold& m = *m_made;
  SerialFor serial;
  const std::uint64_t before = std::accumulate(trail.begin(), trail.end(), std::uint64_t{0});
  for (int i = 0; i < 5; ++i) {
    const TrailView t0 = m.trail();
    const std::uint64_t start = std::accumulate(t0.cells.begin(), t0.cells.end(), std::uint64_t{0});
    m.step({}, serial);
    const TrailView t = m.trail();
    const std::uint64_t after = std::accumulate(t.cells.begin(), t.cells.end(), std::uint64_t{0});
    // Each cell's truncation loses less than one unit of the fixed point; nothing else is lost.
    EXPECT_LE(after, start);
    EXPECT_LT(start - after, kMap.cells());
  }
  EXPECT_GT(before, 0U);
}

TEST(CpuMoldRules, EveryDepositIntoOneCellCounts) {
  for (const std::size_t threads : {std::size_t{1}, std::size_t{2}}) {
    Agents a;
    // 40 000 agents all stepping into cell (31, 18): on two threads their adds meet.
    for (int i = 0; i < 40000; ++i) a.add(30.5F, 18.5F, 0);
    MoldSettings s = quiet();
    s.deposit = 1.0F / static_cast<float>(kTrailOne);  // one fixed-point unit a deposit
    // No diffusion, no decay: the cell keeps every deposit until the clamp.
    const auto m_made = mold_with(a, std::vector<std::uint16_t>(kMap.cells(), 0), s);
    CpuMold& m = *m_made;
    app::WorkerPool pool(threads);
    m.step({}, pool);
    // 40 000 units is past the clamp; check it through a second mold of 3 000.
    EXPECT_EQ(m.trail().at(31, 18), kTrailOne);
    Agents b;
    for (int i = 0; i < 3000; ++i) b.add(30.5F, 18.5F, 0);
    const auto m2_made = mold_with(b, std::vector<std::uint16_t>(kMap.cells(), 0), s);
    CpuMold& m2 = *m2_made;
    m2.step({}, pool);
    EXPECT_EQ(m2.trail().at(31, 18), 3000) << threads << " threads";
  }
}

TEST(CpuMoldRules, OccupancyNeverPutsTwoAgentsInOneCell) {
  MoldSettings s = default_mold_settings(kMap.cells() / 3);
  CpuMold m(3, kMap, s);
  app::WorkerPool pool(2);
  for (int step = 0; step < 300; ++step) {
    m.step({}, pool);
    std::set<std::uint32_t> cells;
    const MoldAgentsView v = m.agents();
    for (std::size_t i = 0; i < v.x.size(); ++i) {
      ASSERT_TRUE(cells.insert(cell(static_cast<std::uint32_t>(v.x[i]), static_cast<std::uint32_t>(v.y[i]))).second)
          << "two agents in one cell at step " << step;
    }
  }
}

TEST(CpuMoldRules, ABlockedAgentStaysDoesNotDepositAndTurnsAtRandom) {
  // Two agents facing each other in neighbouring cells: each target is taken.
  Agents a;
  a.add(10.5F, 10.5F, 0);
  a.add(11.5F, 10.5F, kHeadingSteps / 2);
  MoldSettings s = quiet();
  s.occupancy = true;
  s.deposit = 0.5F;
  const auto m_made = stepped_once(a, s);
  const CpuMold& m = *m_made;
  const MoldAgentsView v = m.agents();
  EXPECT_FLOAT_EQ(v.x[0], 10.5F);
  EXPECT_FLOAT_EQ(v.x[1], 11.5F);
  for (const std::uint16_t c : m.trail().cells) ASSERT_EQ(c, 0) << "a blocked agent deposited";
}

TEST(CpuMoldRules, TwoAgentsClaimingOneCellGiveItToExactlyOne) {
  Agents a;
  a.add(10.5F, 10.5F, 0);                   // → (11, 10)
  a.add(12.5F, 10.5F, kHeadingSteps / 2);   // → (11, 10)
  MoldSettings s = quiet();
  s.occupancy = true;
  s.deposit = 0.5F;
  const auto m_made = stepped_once(a, s);
  const CpuMold& m = *m_made;
  const MoldAgentsView v = m.agents();
  const int in_target = (static_cast<int>(v.x[0]) == 11 ? 1 : 0) + (static_cast<int>(v.x[1]) == 11 ? 1 : 0);
  EXPECT_EQ(in_target, 1);
  EXPECT_EQ(m.trail().at(11, 10), kTrailOne / 2);
  std::uint64_t total = 0;
  for (const std::uint16_t c : m.trail().cells) total += c;
  EXPECT_EQ(total, kTrailOne / 2) << "only the winner deposits";
}

TEST(CpuMoldRules, WallsAreNeverEnteredAndHoldNoTrail) {
  std::vector<CellKind> walls(kMap.cells(), CellKind::open);
  for (std::uint32_t y = 0; y < kMap.height; ++y) walls[cell(32, y)] = walls[cell(33, y)] = CellKind::wall;
  for (const bool occupancy : {false, true}) {
    MoldSettings s = default_mold_settings(600);
    s.occupancy = occupancy;
    CpuMold m(5, kMap, s);
    m.set_walls(walls);
    app::WorkerPool pool(2);
    for (int step = 0; step < 400; ++step) {
      m.step({}, pool);
      const MoldAgentsView v = m.agents();
      for (std::size_t i = 0; i < v.x.size(); ++i) {
        const auto x = static_cast<std::uint32_t>(v.x[i]);
        ASSERT_TRUE(x != 32 && x != 33) << "an agent entered a wall at step " << step;
      }
    }
    for (std::uint32_t y = 0; y < kMap.height; ++y) EXPECT_EQ(m.trail().at(32, y), 0);
  }
}

TEST(CpuMoldRules, AgentsUnderANewWallMoveOff) {
  CpuMold m(5, kMap, default_mold_settings(800));
  m.set_walls(std::vector<CellKind>(kMap.cells(), CellKind::open));
  std::vector<CellKind> walls(kMap.cells(), CellKind::open);
  for (std::uint32_t y = 0; y < kMap.height; ++y) {
    for (std::uint32_t x = 0; x < 32; ++x) walls[cell(x, y)] = CellKind::wall;
  }
  m.set_walls(walls);
  EXPECT_EQ(m.agents().x.size(), 800U);
  for (const float x : m.agents().x) EXPECT_GE(x, 32.0F);
}

TEST(CpuMoldRules, FeedRaisesTheMapAroundItAndNotFarAway) {
  const std::vector<MoldDisc> feed = {MoldDisc{Vec2{20.0F, 20.0F}, 3.0F, kTrailOne / 4}};
  MoldSettings s = quiet();
  s.diffusion = 1.0F;
  s.decay = 0.1F;
  const auto m_made = mold_with(Agents{}, std::vector<std::uint16_t>(kMap.cells(), 0), s);
  CpuMold& m = *m_made;
  SerialFor serial;
  for (int i = 0; i < 30; ++i) m.step(MoldInputs{feed, {}}, serial);
  EXPECT_GT(m.trail().at(20, 20), kTrailOne / 2);
  EXPECT_GT(m.trail().at(24, 20), 0);
  EXPECT_EQ(m.trail().at(50, 5), 0);
  ASSERT_EQ(m.feed_visits().size(), 1U);
}

TEST(CpuMoldRules, FeedVisitsCountTheAgentsStandingInTheDisc) {
  Agents a;
  for (int i = 0; i < 5; ++i) a.add(19.5F, 20.5F + 0.1F * static_cast<float>(i), 0);  // step into (20, 20)
  a.add(50.5F, 5.5F, 0);
  const std::vector<MoldDisc> feed = {MoldDisc{Vec2{20.5F, 20.5F}, 2.0F, 1}};
  const auto m_made = mold_with(a, std::vector<std::uint16_t>(kMap.cells(), 0), quiet());
  CpuMold& m = *m_made;
  SerialFor serial;
  m.step(MoldInputs{feed, {}}, serial);
  ASSERT_EQ(m.feed_visits().size(), 1U);
  EXPECT_EQ(m.feed_visits()[0], 5U);
}

TEST(CpuMoldRules, AgentsTurnAwayFromARepellentAndItsCellsLoseTheirTrail) {
  Agents a;
  a.add(20.5F, 18.5F, 0);
  std::vector<std::uint16_t> trail(kMap.cells(), 1000);
  const std::vector<MoldDisc> repel = {MoldDisc{Vec2{29.5F, 18.5F}, 1.5F, 0}};
  const auto m_made = mold_with(a, trail, quiet());
  CpuMold& m = *m_made;
  SerialFor serial;
  m.step(MoldInputs{{}, repel}, serial);
  const std::uint16_t h = m.agents().heading[0];
  EXPECT_TRUE(h == kTa || h == kHeadingSteps - kTa) << h;
  EXPECT_EQ(m.trail().at(29, 18), 0);
  EXPECT_EQ(m.trail().at(5, 5), 1000);
}

TEST(CpuMoldRules, OccupancyCapsTheAgentsAtHalfTheCells) {
  MoldSettings s = default_mold_settings(kMap.cells());
  CpuMold m(1, kMap, s);
  EXPECT_EQ(m.agents().x.size(), kMap.cells() / 2);
  EXPECT_EQ(m.settings().agents, kMap.cells() / 2);
  s.occupancy = false;
  m.set_settings(s);
  EXPECT_EQ(m.agents().x.size(), kMap.cells());
  s.occupancy = true;
  m.set_settings(s);
  // Back on: one agent a cell, as many as fit.
  std::set<std::uint32_t> cells;
  for (std::size_t i = 0; i < m.agents().x.size(); ++i) {
    EXPECT_TRUE(cells.insert(cell(static_cast<std::uint32_t>(m.agents().x[i]), static_cast<std::uint32_t>(m.agents().y[i])))
                    .second);
  }
  EXPECT_LE(m.agents().x.size(), kMap.cells() / 2);
}

}  // namespace
}  // namespace meadow::sim
