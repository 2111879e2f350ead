// The mold's network on a wall (docs/mold.md "On the wall"): how wide its strands are in screen
// pixels, measured as the viewer draws the light the server sends (mold_on_screen.hpp). The
// gallery's wall is 1920 × 1080; the old default (10,240 agents on 256 × 144) drew bands there
// whose bright runs along a row had a median of 92 px (quartiles 56–155) a minute in, a honeycomb
// of round holes in thick strands; the default made for the wall draws veins.
#include "mold_on_screen.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "app/worker_pool.hpp"
#include "sim/mold/mold_rules.hpp"
#include "sim/mold/mold_settings.hpp"

namespace meadow::stream::on_screen {
namespace {

constexpr Screen kWall{1920, 1080};

// --- The measure ------------------------------------------------------------------------------

TEST(MoldOnScreen, AFullRasterIsOneRunARowOverTheWholeScreen) {
  const std::vector<std::uint8_t> raster(16 * 9, 255);
  const BrightRuns r = bright_runs_on_screen(raster, 16, 9, kWall);
  EXPECT_EQ(r.runs, kWall.height);
  EXPECT_DOUBLE_EQ(r.median_px, kWall.width);
  EXPECT_DOUBLE_EQ(r.coverage, 1.0);
}

TEST(MoldOnScreen, LightUnderHalfTheRampsLuminanceIsNotBright) {
  const std::vector<std::uint8_t> raster(16 * 9, static_cast<std::uint8_t>(kBrightLevel - 1.0F));
  const BrightRuns r = bright_runs_on_screen(raster, 16, 9, kWall);
  EXPECT_EQ(r.runs, 0U);
  EXPECT_DOUBLE_EQ(r.coverage, 0.0);
}

TEST(MoldOnScreen, OneBrightColumnIsAsWideAsTheLinearFilterDrawsIt) {
  // A column of full texels among dark ones, 120 screen pixels a texel: the filter ramps from 0
  // at the neighbours' centres to 255 at its own, so it is bright within (1 − 131/255) of a
  // texel either side of its centre: 2 × 0.486 × 120 = 116.7 px.
  std::vector<std::uint8_t> raster(16 * 9, 0);
  for (std::uint32_t y = 0; y < 9; ++y) raster[y * 16 + 5] = 255;
  const BrightRuns r = bright_runs_on_screen(raster, 16, 9, kWall);
  const double expected = 2.0 * (1.0 - kBrightLevel / 255.0) * 120.0;
  EXPECT_EQ(r.runs, kWall.height);
  EXPECT_NEAR(r.median_px, expected, 1.0);
  EXPECT_NEAR(r.lower_quartile_px, expected, 1.0);
  EXPECT_NEAR(r.upper_quartile_px, expected, 1.0);
  EXPECT_NEAR(r.coverage, expected / kWall.width, 1.0 / kWall.width);
}

TEST(MoldOnScreen, RefusesARasterOfAnotherSizeOrAScreenOfAnotherShape) {
  const std::vector<std::uint8_t> raster(16 * 9, 0);
  EXPECT_THROW((void)bright_runs_on_screen(raster, 16, 8, kWall), std::invalid_argument);
  EXPECT_THROW((void)bright_runs_on_screen(raster, 16, 9, Screen{1920, 1200}), std::invalid_argument);
}

// --- The defaults on the wall -----------------------------------------------------------------

// Steps the mold grows before it is measured: 20 s of meadow, where the network has formed
// (holes open within a few hundred steps) and keeps coarsening only slowly; the figures at a
// minute, ten and sixty are in docs/mold.md "On the wall". Short enough for the sanitizers' build.
constexpr int kWallSteps = 1200;

// The bounds, on a 1920 × 1080 screen. The default measured a median of 28 px (quartiles 22–46)
// and 32.9 % of the screen at kWallSteps, on seeds 1, 2 and 3 alike (28 px and 28.6 % ten minutes
// in). The bounds allow about a third more width and five points more of the screen, for a change
// of the rules that moves them a little, and stay well under the bands the old default drew
// (76 px, 47.4 % here).
constexpr double kFineMedianPx = 36.0;
constexpr double kFineUpperQuartilePx = 60.0;
constexpr double kFineCoverage = 0.38;
// Fewer bright pixels than this would be no network but a few specks.
constexpr double kLeastCoverage = 0.2;
// The old default, and what it must still measure here for the measure to tell bands from veins.
constexpr std::uint32_t kOldMapWidth = 256;  // cells
constexpr std::uint32_t kOldAgents = 10240;
constexpr double kBandMedianPx = 60.0;
constexpr double kBandCoverage = 0.42;

BrightRuns on_the_wall(std::uint32_t map_width, std::uint32_t agents) {
  app::WorkerPool pool(2);
  const StreamedLight light =
      streamed_light(GrownMold{map_width, sim::default_mold_settings(agents), kWallSteps, 1}, pool);
  const BrightRuns runs = bright_runs_on_screen(light.pixels, light.width, light.height, kWall);
  std::printf("%u x %u cells, %u agents, %d steps on %u x %u: bright runs median %.0f px (quartiles %.0f-%.0f), "
              "%.1f %% of the screen\n",
              light.width, light.height, agents, kWallSteps, kWall.width, kWall.height, runs.median_px,
              runs.lower_quartile_px, runs.upper_quartile_px, 100.0 * runs.coverage);
  return runs;
}

// The default draws veins a few cells wide round open holes: a third of the screen bright.
TEST(MoldOnTheWall, TheDefaultDrawsFineVeins) {
  const BrightRuns r = on_the_wall(sim::mold_rules::kCpuMapWidth, sim::mold_rules::kCpuAgents);
  EXPECT_LE(r.median_px, kFineMedianPx);
  EXPECT_LE(r.upper_quartile_px, kFineUpperQuartilePx);
  EXPECT_LE(r.coverage, kFineCoverage);
  EXPECT_GE(r.coverage, kLeastCoverage) << "a network, not a few specks";
}

// The measure tells bands from veins: the old default (10,240 agents on 256 × 144), which the
// gallery saw as wide bright bands, measures 76 px (quartiles 51–140) and 47.4 % here (92 px,
// quartiles 56–155, a minute in: the gallery's figures).
TEST(MoldOnTheWall, TheOldDefaultDrewBands) {
  const BrightRuns r = on_the_wall(kOldMapWidth, kOldAgents);
  EXPECT_GE(r.median_px, kBandMedianPx);
  EXPECT_GE(r.coverage, kBandCoverage);
}

// By hand, for other maps, agents and steps (not run with the others; docs/mold.md "On the wall"
// has its figures): MOLD_ON_SCREEN="WIDTH:AGENTS:STEPS[:SEED],…" meadow_stream_tests
// --gtest_also_run_disabled_tests --gtest_filter='*ByHand'
TEST(MoldOnTheWall, DISABLED_ByHand) {
  const char* cases = std::getenv("MOLD_ON_SCREEN");
  if (cases == nullptr) GTEST_SKIP() << "MOLD_ON_SCREEN=WIDTH:AGENTS:STEPS[:SEED],… says what to measure";
  std::stringstream list(cases);
  std::string one;
  app::WorkerPool pool(2);
  while (std::getline(list, one, ',')) {
    std::stringstream fields(one);
    std::string field;
    std::vector<std::uint64_t> v;
    while (std::getline(fields, field, ':')) v.push_back(std::stoull(field));
    ASSERT_GE(v.size(), 3U) << one;
    const auto agents = static_cast<std::uint32_t>(v[1]);
    const GrownMold mold{static_cast<std::uint32_t>(v[0]), sim::default_mold_settings(agents), static_cast<int>(v[2]),
                         v.size() > 3 ? v[3] : 1};
    const StreamedLight light = streamed_light(mold, pool);
    for (const Screen screen : {kWall, Screen{3840, 2160}}) {
      const BrightRuns r = bright_runs_on_screen(light.pixels, light.width, light.height, screen);
      std::printf("%s on %u x %u: median %.0f px (quartiles %.0f-%.0f), %.1f %% bright; %u holes, %u pieces\n",
                  one.c_str(), screen.width, screen.height, r.median_px, r.lower_quartile_px, r.upper_quartile_px,
                  100.0 * r.coverage, light.figures.holes, light.figures.components);
    }
  }
}

}  // namespace
}  // namespace meadow::stream::on_screen
