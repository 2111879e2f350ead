#include "gpu/mold/gpu_mold.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <set>
#include <vector>

#include "gpu/mold/mold_kernels.hpp"
#include "gpu/mold/mold_params.hpp"
#include "gpu/vk_buffer.hpp"
#include "gpu_fixture.hpp"
#include "mold_test_state.hpp"
#include "sim/mold/cpu_mold.hpp"
#include "sim/mold/mold_rules.hpp"
#include "sim/mold/mold_settings.hpp"
#include "sim/mold/network_figures.hpp"
#include "sim/parallel_for.hpp"
#include "sim/random.hpp"

namespace meadow::gpu {
namespace {

using GpuMoldTest = testing::GpuTest;
using testing::copy_agents;
using testing::MoldAgents;
using testing::MoldCell;
using testing::MoldMap;
using testing::moved;
using testing::sensor_cell;

constexpr sim::MapSize kRuleMap{64, 36};
constexpr std::uint32_t kTurn = 128;   // 45° in heading steps: the settings' turn angle
constexpr std::uint32_t kSensor = 64;  // 22.5°: the sensor angle
constexpr std::uint32_t kMask = sim::mold_rules::kHeadingMask;
// Headings of every octant, some on the axes, some between table entries' round numbers.
constexpr std::array<std::uint32_t, 8> kHeadings = {0, 100, 256, 390, 512, 650, 768, 1000};
// The fixed-point deposit of the default 0.04 of a cell: round(0.04 × 4096).
constexpr std::uint16_t kDeposit = 164;

// The numbers these tests are written for (the presets may change; these do not): Jones's
// classic 22.5° sensors, 45° turns, sensors 9 cells out, 0.04 of a cell deposited, 10 % decay,
// full diffusion, occupancy.
sim::MoldSettings rule_settings(std::uint32_t agents) {
  sim::MoldSettings s;
  s.agents = agents;
  s.sensor_angle_deg = 22.5F;
  s.turn_angle_deg = 45.0F;
  s.sensor_distance = 9.0F;
  s.deposit = 0.04F;
  s.decay = 0.1F;
  s.diffusion = 1.0F;
  s.occupancy = true;
  return s;
}

// The rules' settings with nothing else moving the map: no diffusion, no decay (so a deposit
// stays where it fell, exactly), no occupancy unless a test turns it on.
sim::MoldSettings still_settings() {
  sim::MoldSettings s = rule_settings(0);
  s.diffusion = 0.0F;
  s.decay = 0.0F;
  s.occupancy = false;
  return s;
}

// One agent at (x, y) facing `h` on `map`, one step: the agent after it.
struct OneAgent {
  float x, y;
  std::uint32_t heading;
};
OneAgent step_one(GpuMold& mold, float x, float y, std::uint32_t h, const MoldMap& map, std::uint64_t at_step = 0,
                  const sim::MoldInputs& inputs = {}) {
  MoldAgents a;
  a.add(x, y, h);
  mold.restore(a.view(), map.view(), at_step, mold.placements());
  sim::SerialFor serial;
  mold.step(inputs, serial);
  const sim::MoldAgentsView v = mold.agents();
  return {v.x[0], v.y[0], v.heading[0]};
}

// Every cell of both engines' maps and every agent the same, or how many are not.
void expect_same_mold(const sim::MoldEngine& cpu, const sim::MoldEngine& gpu) {
  const sim::TrailView a = cpu.trail();
  const sim::TrailView b = gpu.trail();
  ASSERT_EQ(a.cells.size(), b.cells.size());
  std::size_t cells = 0;
  for (std::size_t c = 0; c < a.cells.size(); ++c) cells += a.cells[c] != b.cells[c] ? 1U : 0U;
  EXPECT_EQ(cells, 0U) << "cells that differ";
  const sim::MoldAgentsView p = cpu.agents();
  const sim::MoldAgentsView q = gpu.agents();
  ASSERT_EQ(p.x.size(), q.x.size());
  std::size_t agents = 0;
  for (std::size_t i = 0; i < p.x.size(); ++i) {
    agents += p.x[i] != q.x[i] || p.y[i] != q.y[i] || p.heading[i] != q.heading[i] ? 1U : 0U;
  }
  EXPECT_EQ(agents, 0U) << "agents that differ";
}

// Both engines the same now, and after one more step of each.
void expect_same_mold_and_a_step_on(sim::MoldEngine& cpu, sim::MoldEngine& gpu) {
  expect_same_mold(cpu, gpu);
  sim::SerialFor serial;
  gpu.step({}, serial);
  cpu.step({}, serial);
  expect_same_mold(cpu, gpu);
}

// --- Sensing and turning ----------------------------------------------------------------------

// What an agent's three sensors read (0: nothing there).
struct Readings {
  std::uint16_t front = 0, left = 0, right = 0;
};

// An agent at (x, y) facing each of kHeadings in turn, on an empty map but for what its sensors
// read, one step with the still settings: it turns by `turn` (0, kTurn, or 0 - kTurn for a right
// turn) and moves one step along its new heading.
void expect_turn(const std::shared_ptr<VulkanContext>& context, float x, float y, Readings readings,
                 std::uint32_t turn) {
  const sim::MoldSettings s = still_settings();
  GpuMold mold(context, 1, kRuleMap, s);
  for (const std::uint32_t h : kHeadings) {
    MoldMap map(kRuleMap, 0);
    const auto read = [&](std::uint32_t sensor, std::uint16_t value) {
      if (value == 0) return;
      const MoldCell c = sensor_cell(x, y, sensor, s.sensor_distance, kRuleMap);
      map.at(c.x, c.y) = value;
    };
    read(h, readings.front);
    read(h + kSensor, readings.left);
    read(h - kSensor, readings.right);
    const OneAgent after = step_one(mold, x, y, h, map);
    EXPECT_EQ(after.heading, (h + turn) & kMask) << h;
    const sim::Vec2 p = moved(x, y, h + turn, kRuleMap);
    EXPECT_EQ(after.x, p.x) << h;
    EXPECT_EQ(after.y, p.y) << h;
  }
}

TEST_F(GpuMoldTest, TheFrontStrongestKeepsTheHeading) {
  expect_turn(context_, 20.5F, 18.5F, {.front = 4096}, 0);
}

TEST_F(GpuMoldTest, TheLeftStrongerTurnsLeft) {
  // Front above the right but under the left: not the strongest, not the weakest.
  expect_turn(context_, 30.5F, 17.5F, {.front = 1000, .left = 2000}, kTurn);
}

TEST_F(GpuMoldTest, TheRightStrongerTurnsRight) {
  expect_turn(context_, 30.5F, 17.5F, {.right = 300}, 0U - kTurn);
}

TEST_F(GpuMoldTest, EqualReadingsKeepTheHeading) {
  const sim::MoldSettings s = still_settings();
  GpuMold mold(context_, 1, kRuleMap, s);
  for (const std::uint32_t h : kHeadings) {
    const OneAgent after = step_one(mold, 30.5F, 17.5F, h, MoldMap(kRuleMap, 700));
    EXPECT_EQ(after.heading, h);
  }
}

// Both sides stronger than the front: a turn either way, by the step's draw.
TEST_F(GpuMoldTest, AWeakestFrontTurnsEitherWayAtRandom) {
  const sim::MoldSettings s = still_settings();
  GpuMold mold(context_, 1, kRuleMap, s);
  const std::uint32_t h = 100;
  MoldMap map(kRuleMap, 0);
  const MoldCell l = sensor_cell(30.5F, 17.5F, h + kSensor, s.sensor_distance, kRuleMap);
  const MoldCell r = sensor_cell(30.5F, 17.5F, h - kSensor, s.sensor_distance, kRuleMap);
  map.at(l.x, l.y) = 1000;
  map.at(r.x, r.y) = 1000;
  int lefts = 0;
  int rights = 0;
  for (std::uint64_t step = 0; step < 64; ++step) {
    const OneAgent after = step_one(mold, 30.5F, 17.5F, h, map, step);
    lefts += after.heading == ((h + kTurn) & kMask) ? 1 : 0;
    rights += after.heading == ((h - kTurn) & kMask) ? 1 : 0;
  }
  EXPECT_EQ(lefts + rights, 64);
  EXPECT_GT(lefts, 16);
  EXPECT_GT(rights, 16);
}

// --- Moving and depositing ----------------------------------------------------------------------

TEST_F(GpuMoldTest, AgentsMoveOneCellAndWrapAtEveryEdge) {
  GpuMold mold(context_, 1, kRuleMap, still_settings());
  MoldAgents a;
  a.add(63.6F, 10.5F, 0);    // off the right edge
  a.add(0.3F, 20.5F, 512);   // off the left
  a.add(30.5F, 35.6F, 256);  // off the bottom (+y)
  a.add(40.5F, 0.2F, 768);   // off the top
  a.add(10.5F, 10.5F, 128);  // a diagonal, inside
  mold.restore(a.view(), MoldMap(kRuleMap, 0).view(), 0, mold.placements());
  sim::SerialFor serial;
  mold.step({}, serial);
  const sim::MoldAgentsView v = mold.agents();
  MoldMap expected(kRuleMap, 0);
  for (std::size_t i = 0; i < a.size(); ++i) {
    const sim::Vec2 p = moved(a.x[i], a.y[i], a.heading[i], kRuleMap);
    EXPECT_EQ(v.x[i], p.x) << i;
    EXPECT_EQ(v.y[i], p.y) << i;
    EXPECT_EQ(v.heading[i], a.heading[i]) << i;
    expected.at(static_cast<std::uint32_t>(p.x), static_cast<std::uint32_t>(p.y)) += kDeposit;
  }
  EXPECT_LT(v.x[0], 1.0F);
  EXPECT_GT(v.x[1], 63.0F);
  EXPECT_LT(v.y[2], 1.0F);
  EXPECT_GT(v.y[3], 35.0F);
  const sim::TrailView t = mold.trail();
  EXPECT_TRUE(std::equal(t.cells.begin(), t.cells.end(), expected.cells.begin()));
}

// Deposits are integer atomic adds: 4,000 agents stepping into one cell leave 4,000 deposits.
TEST_F(GpuMoldTest, EveryDepositIntoOneCellCounts) {
  sim::MoldSettings s = still_settings();
  s.deposit = 1.0F / 4096.0F;  // one unit each, so all of them stay under a full cell
  GpuMold mold(context_, 1, kRuleMap, s);
  MoldAgents a;
  for (int i = 0; i < 4000; ++i) a.add(32.5F, 18.5F, 0);
  mold.restore(a.view(), MoldMap(kRuleMap, 0).view(), 0, mold.placements());
  sim::SerialFor serial;
  mold.step({}, serial);
  const MoldMap after(mold.trail());
  EXPECT_EQ(after.cells[18 * 64 + 33], 4000);
  EXPECT_EQ(after.total(), 4000U);
}

// --- Diffusion ----------------------------------------------------------------------------------

TEST_F(GpuMoldTest, DiffusionKeepsAUniformMapUniform) {
  const sim::MoldSettings s = rule_settings(0);  // diffusion 1, decay 0.1
  GpuMold mold(context_, 1, kRuleMap, s);
  mold.restore(MoldAgents{}.view(), MoldMap(kRuleMap, 2000).view(), 0, mold.placements());
  sim::SerialFor serial;
  mold.step({}, serial);
  const sim::TrailView t = mold.trail();
  const double exact = 2000.0 * 0.9;
  for (const std::uint16_t c : t.cells) {
    ASSERT_EQ(c, t.cells[0]);
    // Truncated, and float rounding (the mean of nine, the decay) a few ULP either way.
    ASSERT_LE(static_cast<double>(c), exact + 0.01);
    ASSERT_GE(static_cast<double>(c), exact - 1.0);
  }
}

TEST_F(GpuMoldTest, DiffusionWithoutDecayKeepsTheTotalWithinTruncation) {
  for (const float mix : {1.0F, 0.5F, 0.2F}) {
    sim::MoldSettings s = still_settings();
    s.diffusion = mix;
    GpuMold mold(context_, 1, kRuleMap, s);
    MoldMap map(kRuleMap, 0);
    for (std::size_t c = 0; c < map.cells.size(); ++c) {
      map.cells[c] = static_cast<std::uint16_t>(sim::mix32(static_cast<std::uint32_t>(c)) % 3000U);
    }
    mold.restore(MoldAgents{}.view(), map.view(), 0, mold.placements());
    sim::SerialFor serial;
    mold.step({}, serial);
    const MoldMap after(mold.trail());
    // Truncation loses less than one a cell; float rounding may lift a rare cell by one.
    EXPECT_LE(after.total(), map.total() + map.cells.size() / 100) << mix;
    EXPECT_GE(after.total() + map.cells.size(), map.total()) << mix;
    // And it did mix: the map is smoother.
    EXPECT_NE(after.cells, map.cells);
  }
}

// --- Occupancy ----------------------------------------------------------------------------------

// The occupancy grid on the device: kCellTaken exactly under the agents.
void expect_grid_matches(VulkanContext& context, const GpuMold& mold) {
  const sim::MapSize size = mold.map_size();
  Buffer grid(context, std::size_t{size.cells()} * sizeof(std::uint32_t), Memory::kShared);
  copy_and_wait(context, mold.kernels().occupancy(), grid, grid.bytes());
  std::vector<std::uint32_t> expected(size.cells(), kCellFree);
  const sim::MoldAgentsView v = mold.agents();
  for (std::size_t i = 0; i < v.x.size(); ++i) expected[testing::mold_cell_index(v.x[i], v.y[i], size)] = kCellTaken;
  const std::span<const std::uint32_t> got = grid.as<const std::uint32_t>();
  EXPECT_TRUE(std::equal(expected.begin(), expected.end(), got.begin()));
}

TEST_F(GpuMoldTest, OccupancyNeverPutsTwoAgentsInOneCell) {
  sim::MoldSettings s = rule_settings(1000);  // occupancy on; 1,000 of 2,304 cells
  GpuMold mold(context_, 3, kRuleMap, s);
  ASSERT_EQ(mold.agents().x.size(), 1000U);
  sim::SerialFor serial;
  for (int step = 1; step <= 300; ++step) {
    mold.step({}, serial);
    if (step % 10 != 0) continue;
    const sim::MoldAgentsView v = mold.agents();
    std::set<std::uint32_t> cells;
    for (std::size_t i = 0; i < v.x.size(); ++i) cells.insert(testing::mold_cell_index(v.x[i], v.y[i], kRuleMap));
    ASSERT_EQ(cells.size(), v.x.size()) << "two agents in one cell after step " << step;
  }
  expect_grid_matches(context(), mold);
}

// Two agents claim one free cell: one moves and deposits, the other stays, takes a random heading
// and leaves nothing; an agent whose cell ahead was taken at the step's start stays too, even
// though that cell's agent moves away in the same step.
TEST_F(GpuMoldTest, ABlockedAgentStaysAndDoesNotDeposit) {
  sim::MoldSettings s = still_settings();
  s.occupancy = true;
  GpuMold mold(context_, 5, kRuleMap, s);
  MoldAgents a;
  a.add(10.5F, 10.5F, 0);    // A → (11, 10)
  a.add(12.5F, 10.5F, 512);  // B → (11, 10)
  a.add(20.5F, 10.5F, 0);    // C → (21, 10), D's cell
  a.add(21.5F, 10.5F, 256);  // D → (21, 11)
  mold.restore(a.view(), MoldMap(kRuleMap, 0).view(), 0, mold.placements());
  sim::SerialFor serial;
  mold.step({}, serial);
  const sim::MoldAgentsView v = mold.agents();
  const bool a_won = v.x[0] == 11.5F;
  const bool b_won = v.x[1] == 11.5F;
  EXPECT_NE(a_won, b_won) << "exactly one of A and B moves";
  const std::size_t loser = a_won ? 1 : 0;
  EXPECT_EQ(v.x[loser], a.x[loser]);
  EXPECT_EQ(v.y[loser], a.y[loser]);
  EXPECT_EQ(v.x[2], 20.5F);  // C stays
  EXPECT_EQ(v.y[2], 10.5F);
  EXPECT_EQ(v.y[3], 11.5F);  // D moves
  const MoldMap t(mold.trail());
  EXPECT_EQ(t.cells[10 * 64 + 11], kDeposit);
  EXPECT_EQ(t.cells[11 * 64 + 21], kDeposit);
  EXPECT_EQ(t.total(), 2U * kDeposit) << "the blocked agents left nothing";
  // The same outcome as the CPU engine's (the same priorities and draws).
  sim::CpuMold cpu(5, kRuleMap, s);
  cpu.restore(a.view(), MoldMap(kRuleMap, 0).view(), 0, cpu.placements());
  cpu.step({}, serial);
  expect_same_mold(cpu, mold);
  expect_grid_matches(context(), mold);
}

// --- Walls --------------------------------------------------------------------------------------

std::vector<sim::CellKind> band_walls(sim::MapSize size) {
  std::vector<sim::CellKind> walls(size.cells(), sim::CellKind::open);
  for (std::uint32_t y = 0; y < size.height; ++y) {
    for (std::uint32_t x = 0; x < size.width; ++x) {
      if ((x >= 30 && x < 33) || (y >= 12 && y < 14 && x < 20)) walls[y * size.width + x] = sim::CellKind::wall;
    }
  }
  return walls;
}

TEST_F(GpuMoldTest, WallsAreNeverEntered) {
  for (const bool occupancy : {true, false}) {
    sim::MoldSettings s = rule_settings(800);
    s.occupancy = occupancy;
    GpuMold mold(context_, 7, kRuleMap, s);
    const std::vector<sim::CellKind> walls = band_walls(kRuleMap);
    mold.set_walls(walls);
    sim::SerialFor serial;
    for (int step = 0; step <= 300; ++step) {
      if (step % 10 == 0) {
        const sim::MoldAgentsView v = mold.agents();
        for (std::size_t i = 0; i < v.x.size(); ++i) {
          ASSERT_EQ(walls[testing::mold_cell_index(v.x[i], v.y[i], kRuleMap)], sim::CellKind::open)
              << "agent " << i << " in a wall at step " << step << (occupancy ? " with" : " without") << " occupancy";
        }
        const sim::TrailView t = mold.trail();
        for (std::size_t c = 0; c < walls.size(); ++c) {
          if (walls[c] == sim::CellKind::wall) {
            ASSERT_EQ(t.cells[c], 0) << c;
          }
        }
      }
      mold.step({}, serial);
    }
    // The walls hold the agents back: a map of trail elsewhere.
    EXPECT_GT(MoldMap(mold.trail()).total(), 0U);
  }
}

// Like the CPU engine: agents under a new wall are placed anew, and the walls' trail goes.
TEST_F(GpuMoldTest, NewWallsMoveTheAgentsAndClearTheTrailAsTheCpuEngineDoes) {
  const sim::MoldSettings s = rule_settings(900);
  GpuMold gpu(context_, 9, kRuleMap, s);
  sim::CpuMold cpu(9, kRuleMap, s);
  expect_same_mold(cpu, gpu);  // placed alike
  sim::SerialFor serial;
  for (int i = 0; i < 5; ++i) gpu.step({}, serial);
  cpu.restore(gpu.agents(), gpu.trail(), gpu.steps(), gpu.placements());
  const std::vector<sim::CellKind> walls = band_walls(kRuleMap);
  gpu.set_walls(walls);
  cpu.set_walls(walls);
  expect_same_mold_and_a_step_on(cpu, gpu);
}

// --- The tools ----------------------------------------------------------------------------------

TEST_F(GpuMoldTest, FeedRaisesTheMapAroundItAndCountsItsVisitors) {
  sim::MoldSettings s = rule_settings(0);
  s.occupancy = false;
  s.deposit = 0.0F;
  GpuMold mold(context_, 1, kRuleMap, s);
  MoldAgents a;
  for (int i = 0; i < 5; ++i) a.add(32.0F, 18.0F, static_cast<std::uint32_t>(200 * i));  // at the food
  a.add(6.5F, 30.5F, 0);
  a.add(6.5F, 30.5F, 512);  // at a second, across the left edge
  a.add(50.5F, 5.5F, 0);    // at none
  mold.restore(a.view(), MoldMap(kRuleMap, 0).view(), 0, mold.placements());
  const std::array<sim::MoldDisc, 2> feed = {sim::MoldDisc{{32.0F, 18.0F}, 4.0F, 2048},
                                             sim::MoldDisc{{1.0F, 30.5F}, 7.0F, 1024}};
  sim::SerialFor serial;
  mold.step({feed, {}}, serial);
  const std::span<const std::uint32_t> visits = mold.feed_visits();
  ASSERT_EQ(visits.size(), 2U);
  EXPECT_EQ(visits[0], 5U);
  EXPECT_EQ(visits[1], 2U);
  const MoldMap t(mold.trail());
  for (std::uint32_t y = 0; y < kRuleMap.height; ++y) {
    for (std::uint32_t x = 0; x < kRuleMap.width; ++x) {
      const float dx = static_cast<float>(x) + 0.5F - 32.0F;
      const float dy = static_cast<float>(y) + 0.5F - 18.0F;
      const float d = std::sqrt(dx * dx + dy * dy);
      const std::uint16_t v = t.cells[y * kRuleMap.width + x];
      if (d <= 3.0F) {
        EXPECT_GT(v, 1000) << x << "," << y;  // fed, and mostly its neighbours too
      } else if (d > 4.0F && d < 5.5F) {
        EXPECT_GT(v, 0) << x << "," << y;  // diffusion spreads it a cell
      } else if (d > 7.0F && x > 20 && x < 50) {
        EXPECT_EQ(v, 0) << x << "," << y;  // nothing further (the second disc lies across x = 0)
      }
    }
  }
  EXPECT_GT(t.cells[30 * 64 + 63], 500) << "the second disc feeds across the wrap";
  // The map is the CPU engine's.
  sim::CpuMold cpu(1, kRuleMap, s);
  cpu.restore(a.view(), MoldMap(kRuleMap, 0).view(), 0, cpu.placements());
  cpu.step({feed, {}}, serial);
  expect_same_mold(cpu, mold);
}

TEST_F(GpuMoldTest, RepelIsAvoided) {
  const sim::MoldSettings s = still_settings();
  GpuMold mold(context_, 1, kRuleMap, s);
  const MoldMap empty(kRuleMap, 0);
  // Ahead: the front reads far below the sides, so the agent turns, either way.
  const MoldCell f = sensor_cell(20.5F, 18.5F, 0, s.sensor_distance, kRuleMap);
  const std::array<sim::MoldDisc, 1> ahead = {
      sim::MoldDisc{{static_cast<float>(f.x) + 0.5F, static_cast<float>(f.y) + 0.5F}, 1.5F, 0}};
  for (std::uint64_t step = 0; step < 8; ++step) {
    const OneAgent after = step_one(mold, 20.5F, 18.5F, 0, empty, step, {{}, ahead});
    EXPECT_TRUE(after.heading == kTurn || after.heading == 1024 - kTurn) << after.heading;
  }
  // On the left: it turns right.
  const MoldCell l = sensor_cell(20.5F, 18.5F, kSensor, s.sensor_distance, kRuleMap);
  const std::array<sim::MoldDisc, 1> left = {
      sim::MoldDisc{{static_cast<float>(l.x) + 0.5F, static_cast<float>(l.y) + 0.5F}, 0.6F, 0}};
  EXPECT_EQ(step_one(mold, 20.5F, 18.5F, 0, empty, 0, {{}, left}).heading, 1024 - kTurn);
}

TEST_F(GpuMoldTest, RepelClearsItsCellsAndKeepsAgentsOut) {
  const sim::MoldSettings s = rule_settings(600);  // occupancy keeps them spread over the map
  constexpr float kRadius = 9.0F;
  const std::array<sim::MoldDisc, 1> repel = {sim::MoldDisc{{32.0F, 18.0F}, kRadius, 0}};
  const auto inside = [](float x, float y) {
    const float dx = std::floor(x) + 0.5F - 32.0F;
    const float dy = std::floor(y) + 0.5F - 18.0F;
    return dx * dx + dy * dy <= kRadius * kRadius;
  };
  // The share of agents standing in the disc over steps 100 … 300, with and without it held.
  const auto share_inside = [&](bool held) {
    GpuMold mold(context_, 2, kRuleMap, s);
    const MoldAgents placed = copy_agents(mold.agents());
    mold.restore(placed.view(), MoldMap(kRuleMap, 1000).view(), 0, mold.placements());
    const sim::MoldInputs inputs = held ? sim::MoldInputs{{}, repel} : sim::MoldInputs{};
    sim::SerialFor serial;
    mold.step(inputs, serial);
    if (held) {
      const sim::TrailView t = mold.trail();
      for (std::uint32_t c = 0; c < t.cells.size(); ++c) {
        if (inside(static_cast<float>(c % 64), static_cast<float>(c / 64))) {
          EXPECT_EQ(t.cells[c], 0) << c;
        } else if (c % 64 < 18 || c % 64 > 46) {
          EXPECT_GT(t.cells[c], 800) << c;  // far from it, the map only decays (and gains)
        }
      }
    }
    std::size_t in_disc = 0;
    std::size_t samples = 0;
    for (int step = 1; step < 300; ++step) {
      mold.step(inputs, serial);
      if (step < 100 || step % 10 != 0) continue;
      const sim::MoldAgentsView v = mold.agents();
      for (std::size_t i = 0; i < v.x.size(); ++i) in_disc += inside(v.x[i], v.y[i]) ? 1U : 0U;
      samples += v.x.size();
    }
    return static_cast<double>(in_disc) / static_cast<double>(samples);
  };
  const double held = share_inside(true);
  const double free = share_inside(false);
  std::printf("agents in the disc: %.3f held, %.3f not\n", held, free);
  EXPECT_LT(held, free / 3.0);
}

// --- Against the CPU engine -----------------------------------------------------------------------

// The kernels sense, turn, draw and diffuse with the CPU engine's numbers and operations (IEEE
// adds and multiplies, which Vulkan rounds correctly; `precise` keeps them unfused), and claims
// and deposits do not depend on the device's order: from the same start the same steps.
TEST_F(GpuMoldTest, StepsLikeTheCpuEngine) {
  for (const bool occupancy : {true, false}) {
    sim::MoldSettings s = rule_settings(1500);
    s.occupancy = occupancy;
    const sim::MapSize size{96, 54};
    sim::CpuMold cpu(21, size, s);
    GpuMold gpu(context_, 21, size, s);
    expect_same_mold(cpu, gpu);
    const std::vector<sim::CellKind> walls = band_walls(size);
    cpu.set_walls(walls);
    gpu.set_walls(walls);
    const std::array<sim::MoldDisc, 2> feed = {sim::MoldDisc{{70.0F, 40.0F}, 5.0F, 1024},
                                               sim::MoldDisc{{2.0F, 50.0F}, 3.5F, 512}};
    const std::array<sim::MoldDisc, 1> repel = {sim::MoldDisc{{50.0F, 10.0F}, 8.0F, 0}};
    sim::SerialFor serial;
    for (int step = 0; step < 40; ++step) {
      const sim::MoldInputs inputs = step % 2 == 0 ? sim::MoldInputs{feed, repel} : sim::MoldInputs{};
      cpu.step(inputs, serial);
      gpu.step(inputs, serial);
      if (step % 2 == 0) {
        EXPECT_TRUE(std::equal(cpu.feed_visits().begin(), cpu.feed_visits().end(), gpu.feed_visits().begin()));
      }
    }
    expect_same_mold(cpu, gpu);
    EXPECT_EQ(cpu.steps(), gpu.steps());
  }
}

// From the same start, after 600 steps of the default settings: the same kind of network (its
// figures within what two CPU engines of different seeds differ by).
TEST_F(GpuMoldTest, AgreesWithTheCpuEngineStatistically) {
  const sim::MapSize size{128, 72};
  const sim::MoldSettings s = sim::default_mold_settings(3000);
  const sim::CpuMold start(11, size, s);
  const MoldAgents agents = copy_agents(start.agents());
  const MoldMap empty(size, 0);
  sim::CpuMold cpu(11, size, s);
  sim::CpuMold other_cpu(12, size, s);  // another seed: how much figures vary by chance alone
  GpuMold gpu(context_, 11, size, s);
  cpu.restore(agents.view(), empty.view(), 0, cpu.placements());
  other_cpu.restore(agents.view(), empty.view(), 0, other_cpu.placements());
  gpu.restore(agents.view(), empty.view(), 0, gpu.placements());
  sim::SerialFor serial;
  for (int step = 0; step < 600; ++step) {
    cpu.step({}, serial);
    other_cpu.step({}, serial);
    gpu.step({}, serial);
  }
  const sim::NetworkFigures c = sim::measure_network(cpu.trail());
  const sim::NetworkFigures o = sim::measure_network(other_cpu.trail());
  const sim::NetworkFigures g = sim::measure_network(gpu.trail());
  std::printf("cpu:       mean %.4f coverage %.4f components %u holes %u junctions %u\n", c.mean, c.coverage,
              c.components, c.holes, c.junctions);
  std::printf("cpu other: mean %.4f coverage %.4f components %u holes %u junctions %u\n", o.mean, o.coverage,
              o.components, o.holes, o.junctions);
  std::printf("gpu:       mean %.4f coverage %.4f components %u holes %u junctions %u\n", g.mean, g.coverage,
              g.components, g.holes, g.junctions);
  // The mean is set by the deposits and decay alone (every agent that moves deposits): tight.
  EXPECT_NEAR(g.mean, c.mean, 0.05 * c.mean);
  EXPECT_NEAR(g.coverage, c.coverage, 0.05);
  const auto near_count = [](std::uint32_t a, std::uint32_t b) {
    return std::abs(static_cast<double>(a) - static_cast<double>(b)) <= 0.35 * static_cast<double>(std::max(a, b)) + 3.0;
  };
  EXPECT_TRUE(near_count(g.holes, c.holes)) << g.holes << " holes against " << c.holes;
  EXPECT_TRUE(near_count(g.junctions, c.junctions)) << g.junctions << " junctions against " << c.junctions;
  EXPECT_TRUE(near_count(g.components, c.components)) << g.components << " components against " << c.components;
}

// --- The host's copies -------------------------------------------------------------------------

TEST_F(GpuMoldTest, TheMapIsReadBackOnlyWhenAskedAndOnceAStep) {
  GpuMold mold(context_, 4, kRuleMap, rule_settings(500));
  sim::SerialFor serial;
  for (int i = 0; i < 10; ++i) mold.step({}, serial);
  EXPECT_EQ(mold.trail_reads(), 0U);
  EXPECT_EQ(mold.agent_reads(), 0U);
  (void)mold.trail();
  (void)mold.trail();
  (void)mold.agents();
  (void)mold.agents();
  EXPECT_EQ(mold.trail_reads(), 1U);
  EXPECT_EQ(mold.agent_reads(), 1U);
  mold.step({}, serial);
  (void)mold.trail();
  EXPECT_EQ(mold.trail_reads(), 2U);
  // Once a second (GpuMold::kHostCopyEvery steps) both are read for a fallback.
  for (std::uint64_t s = mold.steps(); s < GpuMold::kHostCopyEvery; ++s) mold.step({}, serial);
  EXPECT_EQ(mold.trail_reads(), 3U);
  EXPECT_EQ(mold.agent_reads(), 2U);
}

// A new count adds agents by the CPU engine's placement (free open cells) or drops the newest.
TEST_F(GpuMoldTest, ACountChangeAddsAndDropsAgentsAsTheCpuEngineDoes) {
  sim::MoldSettings s = rule_settings(600);
  GpuMold gpu(context_, 8, kRuleMap, s);
  sim::SerialFor serial;
  for (int i = 0; i < 20; ++i) gpu.step({}, serial);
  sim::CpuMold cpu(8, kRuleMap, s);
  cpu.restore(gpu.agents(), gpu.trail(), gpu.steps(), gpu.placements());
  for (const std::uint32_t count : {900U, 250U, 1152U, 5000U}) {
    s.agents = count;
    gpu.set_settings(s);
    cpu.set_settings(s);
    EXPECT_EQ(gpu.settings().agents, cpu.settings().agents);
    expect_same_mold_and_a_step_on(cpu, gpu);
  }
  EXPECT_EQ(gpu.agents().x.size(), kRuleMap.cells() / 2) << "occupancy: at most half the cells";
  expect_grid_matches(context(), gpu);
  // Dropping keeps the oldest.
  const MoldAgents before = copy_agents(gpu.agents());
  s.agents = 100;
  gpu.set_settings(s);
  cpu.set_settings(s);
  const sim::MoldAgentsView kept = gpu.agents();
  ASSERT_EQ(kept.x.size(), 100U);
  EXPECT_TRUE(std::equal(kept.x.begin(), kept.x.end(), before.x.begin()));
  EXPECT_TRUE(std::equal(kept.heading.begin(), kept.heading.end(), before.heading.begin()));
  // Occupancy off and on again: agents sharing a cell are placed anew, as on the CPU.
  s.occupancy = false;
  s.agents = 2000;
  gpu.set_settings(s);
  cpu.set_settings(s);
  for (int i = 0; i < 5; ++i) {
    gpu.step({}, serial);
    cpu.step({}, serial);
  }
  s.occupancy = true;
  gpu.set_settings(s);
  cpu.set_settings(s);
  expect_same_mold_and_a_step_on(cpu, gpu);
  expect_grid_matches(context(), gpu);
}

}  // namespace
}  // namespace meadow::gpu
