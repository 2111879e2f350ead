// The mold study: its points from the command line's words, the verdict rule on hand-made
// figures, and a tiny real run with its reports and images.
#include "study/mold/mold_study.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "sim/mold/mold_rules.hpp"
#include "sim/mold/mold_settings.hpp"

namespace meadow::study {
namespace {

// The message mold_points throws for `args` ("" when it does not throw).
std::string error_of(const MoldPointArgs& args) {
  try {
    (void)mold_points(args);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

bool mentions(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(MoldStudyPoints, NoSweepIsOnePointOfTheDefaultsAtTheDefaultDensity) {
  const auto points = mold_points({});
  ASSERT_EQ(points.size(), 1U);
  EXPECT_EQ(points[0].label, "defaults");
  EXPECT_EQ(points[0].settings, sim::default_mold_settings(sim::mold_rules::kCpuAgents));
  EXPECT_EQ(mold_default_agents(sim::mold_rules::kCpuMapWidth), sim::mold_rules::kCpuAgents);
  EXPECT_EQ(mold_default_agents(512), 20480U);
  EXPECT_EQ(mold_default_agents(128), 1280U);  // 128 × 72: a sixteenth of the cells
  MoldPointArgs small;
  small.width = 128;
  EXPECT_EQ(mold_points(small)[0].settings.agents, 1280U);
}

TEST(MoldStudyPoints, PresetAgentsAndSetsMakeTheBase) {
  MoldPointArgs args;
  args.preset = "veins";
  args.agents = 5000;
  args.sets = {"decay=0.2", "occupancy=0"};
  const auto points = mold_points(args);
  ASSERT_EQ(points.size(), 1U);
  sim::MoldSettings expected = sim::with_preset(*sim::mold_preset("veins"), 5000);
  expected.decay = 0.2F;
  expected.occupancy = false;
  EXPECT_EQ(points[0].settings, expected);
  EXPECT_EQ(points[0].label, "veins agents=5000 decay=0.2 occupancy=0");
}

TEST(MoldStudyPoints, OneSweepIsOnePointPerValueInOrder) {
  MoldPointArgs args;
  args.sets = {"deposit=0.5"};
  args.sweeps = {"sensor_distance=5,9,21"};
  const auto points = mold_points(args);
  ASSERT_EQ(points.size(), 3U);
  EXPECT_EQ(points[0].label, "sensor_distance=5 deposit=0.5");
  EXPECT_EQ(points[2].label, "sensor_distance=21 deposit=0.5");
  EXPECT_FLOAT_EQ(points[1].settings.sensor_distance, 9.0F);
  for (const MoldPoint& p : points) EXPECT_FLOAT_EQ(p.settings.deposit, 0.5F);
}

TEST(MoldStudyPoints, TwoSweepsMakeTheirGridFirstSweepOuter) {
  MoldPointArgs args;
  args.sweeps = {"sensor_angle=11.25,22.5,45,67.5", "turn_angle=22.5,45,67.5"};
  const auto points = mold_points(args);
  ASSERT_EQ(points.size(), 12U);
  EXPECT_EQ(points[0].label, "sensor_angle=11.25 turn_angle=22.5");
  EXPECT_EQ(points[1].label, "sensor_angle=11.25 turn_angle=45");
  EXPECT_EQ(points[11].label, "sensor_angle=67.5 turn_angle=67.5");
  EXPECT_FLOAT_EQ(points[4].settings.sensor_angle_deg, 22.5F);
  EXPECT_FLOAT_EQ(points[4].settings.turn_angle_deg, 45.0F);
  EXPECT_EQ(points[4].settings.agents, sim::mold_rules::kCpuAgents);
}

TEST(MoldStudyPoints, BadWordsGiveClearErrors) {
  MoldPointArgs unknown;
  unknown.sets = {"speed=2"};
  const std::string e = error_of(unknown);
  EXPECT_TRUE(mentions(e, "unknown key 'speed'")) << e;
  EXPECT_TRUE(mentions(e, "agents, sensor_angle, turn_angle, sensor_distance, deposit, decay, diffusion, occupancy"))
      << e;

  MoldPointArgs a;
  a.sweeps = {"bogus=1,2"};
  EXPECT_TRUE(mentions(error_of(a), "--sweep bogus=1,2: unknown key 'bogus'")) << error_of(a);
  a.sweeps = {"decay=0.1,abc"};
  EXPECT_TRUE(mentions(error_of(a), "'abc' is not a number")) << error_of(a);
  a.sweeps = {"decay=0.1,,0.2"};
  EXPECT_TRUE(mentions(error_of(a), "'' is not a number")) << error_of(a);
  a.sweeps = {"sensor_angle=45,120"};
  EXPECT_TRUE(mentions(error_of(a), "sensor_angle must be 0 to 90")) << error_of(a);
  a.sweeps = {"decay"};
  EXPECT_TRUE(mentions(error_of(a), "expected KEY=V1,V2,...")) << error_of(a);
  a.sweeps = {"decay=0.1", "decay=0.2"};
  EXPECT_TRUE(mentions(error_of(a), "decay is swept twice")) << error_of(a);
  a.sweeps = {"decay=0.1", "deposit=0.2", "diffusion=1"};
  EXPECT_TRUE(mentions(error_of(a), "at most two --sweep")) << error_of(a);

  MoldPointArgs b;
  b.sets = {"occupancy=2"};
  EXPECT_TRUE(mentions(error_of(b), "occupancy must be a whole number from 0 to 1")) << error_of(b);
  b.sets = {"agents=100.5"};
  EXPECT_TRUE(mentions(error_of(b), "agents must be a whole number")) << error_of(b);
  b.sets = {"=3"};
  EXPECT_TRUE(mentions(error_of(b), "expected KEY=VALUE")) << error_of(b);
  b.sets = {"decay=nan"};
  EXPECT_TRUE(mentions(error_of(b), "'nan' is not a number")) << error_of(b);

  MoldPointArgs c;
  c.preset = "moss";
  EXPECT_TRUE(mentions(error_of(c), "unknown preset 'moss'; the presets are lace, threads, web, veins"))
      << error_of(c);
  c.preset.clear();
  c.agents = 0;
  EXPECT_TRUE(mentions(error_of(c), "agents must be a whole number from 1")) << error_of(c);
}

// Hand-made figures: coverage, components, holes, junctions (the mean does not matter here).
sim::NetworkFigures figures(std::uint32_t components, std::uint32_t holes, std::uint32_t junctions) {
  return sim::NetworkFigures{0.4, components, holes, junctions, 0.1};
}

TEST(MoldStudyVerdict, OneMeasureIsANetworkByTheDocumentedRule) {
  EXPECT_TRUE(is_network(figures(1, 20, 40)));   // a honeycomb: 2 junctions a hole
  EXPECT_TRUE(is_network(figures(10, 8, 8)));    // the edges: 10 pieces, 8 holes, 1 a hole
  EXPECT_TRUE(is_network(figures(1, 8, 40)));    // 5 a hole
  EXPECT_FALSE(is_network(figures(11, 20, 40)));  // in pieces
  EXPECT_FALSE(is_network(figures(1, 7, 14)));    // too few holes
  EXPECT_FALSE(is_network(figures(1, 10, 9)));    // fewer junctions than holes (rings)
  EXPECT_FALSE(is_network(figures(1, 10, 51)));   // a tree of spurs
  EXPECT_FALSE(is_network(figures(0, 0, 0)));
  EXPECT_DOUBLE_EQ(junctions_per_hole(figures(1, 0, 7)), 0.0);
  EXPECT_DOUBLE_EQ(junctions_per_hole(figures(1, 4, 10)), 2.5);
}

TEST(MoldStudyVerdict, ASteadyNetworkIsANetwork) {
  // It grows from blobs, then holds: the second half (the last 3 of 6) is all network.
  const std::vector<sim::NetworkFigures> series = {figures(30, 2, 5),  figures(8, 12, 20), figures(3, 20, 42),
                                                   figures(2, 22, 45), figures(1, 24, 50), figures(1, 25, 52)};
  EXPECT_EQ(mold_verdict(series), MoldVerdict::network);
  EXPECT_EQ(verdict_name(MoldVerdict::network), "network");
}

TEST(MoldStudyVerdict, ANetworkThatFlickersOnceInItsSecondHalfStillCounts) {
  // Second half: 4 measures, 3 of them network (kSteadyShare = 3/4), the last one too.
  const std::vector<sim::NetworkFigures> series = {figures(5, 10, 20), figures(5, 10, 20), figures(5, 10, 20),
                                                   figures(5, 10, 20), figures(5, 10, 20), figures(12, 10, 20),
                                                   figures(5, 10, 20), figures(5, 10, 20)};
  EXPECT_EQ(mold_verdict(series), MoldVerdict::network);
  // Two flickers of four are too many.
  std::vector<sim::NetworkFigures> unsteady = series;
  unsteady[4] = figures(1, 3, 2);
  EXPECT_EQ(mold_verdict(unsteady), MoldVerdict::blobs_or_bands);
}

TEST(MoldStudyVerdict, ANetworkThatCoarsensIntoBlobsIsNot) {
  // Holes merge until a few remain: the last measure is no network.
  const std::vector<sim::NetworkFigures> series = {figures(1, 40, 90), figures(1, 30, 66), figures(1, 20, 44),
                                                   figures(1, 12, 26), figures(2, 7, 14), figures(3, 4, 7)};
  EXPECT_EQ(mold_verdict(series), MoldVerdict::blobs_or_bands);
  // Bands round the torus: one or two components, no counted holes.
  EXPECT_EQ(mold_verdict({figures(2, 0, 0), figures(2, 0, 0)}), MoldVerdict::blobs_or_bands);
  EXPECT_EQ(verdict_name(MoldVerdict::blobs_or_bands), "blobs or bands");
}

TEST(MoldStudyVerdict, NoComponentAtTheEndIsNoStructure) {
  EXPECT_EQ(mold_verdict({figures(1, 20, 40), figures(0, 0, 0)}), MoldVerdict::no_structure);
  EXPECT_EQ(mold_verdict({figures(0, 0, 0)}), MoldVerdict::no_structure);
  EXPECT_EQ(mold_verdict({}), MoldVerdict::no_structure);
  EXPECT_EQ(verdict_name(MoldVerdict::no_structure), "no structure");
}

// A tiny real run: 64 × 36 cells, 300 steps, measured every 100.
MoldStudyOptions tiny(unsigned threads) {
  MoldStudyOptions o;
  o.runs = 2;
  o.steps = 300;
  o.every = 100;
  o.width = 64;
  o.threads = threads;
  return o;
}

std::vector<MoldPoint> tiny_points() {
  MoldPointArgs args;
  args.width = 64;
  args.sweeps = {"sensor_angle=22.5,45"};
  return mold_points(args);
}

TEST(MoldStudyRun, ATinyRunMeasuresFiguresAndReportsThem) {
  const MoldStudyResult r = run_mold_study(tiny_points(), tiny(2));
  ASSERT_EQ(r.points.size(), 2U);
  for (const MoldPointResult& p : r.points) {
    EXPECT_EQ(p.map, (sim::MapSize{64, 36}));
    EXPECT_EQ(p.settings.agents, 320U);  // the default's density: 2,304 cells × 20,480 / 147,456
    EXPECT_EQ(p.measured_at, (std::vector<std::uint64_t>{100, 200, 300}));
    ASSERT_EQ(p.runs.size(), 2U);
    for (const auto& series : p.runs) {
      ASSERT_EQ(series.size(), 3U);
      for (const sim::NetworkFigures& f : series) {
        EXPECT_GT(f.mean, 0.0);  // the agents have laid trail
        EXPECT_GT(f.coverage, 0.0);
        EXPECT_LT(f.coverage, 1.0);
      }
      EXPECT_GE(series.back().components, 1U);  // 300 steps draw strands on so small a map
    }
    EXPECT_EQ(p.run_verdicts.size(), 2U);
    EXPECT_GE(p.verdict_runs, 1U);
    EXPECT_LE(p.holes.low, p.holes.high);
    EXPECT_GT(p.ns_per_agent_step, 0.0);
  }
  const std::string table = mold_table(r);
  EXPECT_TRUE(mentions(table, "sensor_angle=45")) << table;
  EXPECT_TRUE(mentions(table, "ns/agent-step")) << table;
  const auto json = nlohmann::json::parse(mold_json(r));
  ASSERT_EQ(json.size(), 2U);
  for (const char* key : {"point", "settings", "map", "runs", "steps", "final", "change", "verdict", "verdict_runs",
                          "run_verdicts", "ns_per_agent_step", "series"}) {
    EXPECT_TRUE(json[0].contains(key)) << key;
  }
  EXPECT_EQ(json[1]["point"], "sensor_angle=45");
  EXPECT_EQ(json[0]["series"]["holes"].size(), 3U);
  EXPECT_EQ(json[0]["final"]["holes"], r.points[0].holes.last);
  const std::string svg = plot_svg(mold_plot(r));
  std::size_t lines = 0;
  for (std::size_t at = svg.find("<polyline"); at != std::string::npos; at = svg.find("<polyline", at + 1)) ++lines;
  EXPECT_EQ(lines, 4U);  // 2 points × 2 panels
  EXPECT_TRUE(mentions(svg, "Holes (mean over runs)"));
}

TEST(MoldStudyRun, TheFiguresDoNotDependOnTheThreads) {
  const MoldStudyResult one = run_mold_study(tiny_points(), tiny(1));
  const MoldStudyResult two = run_mold_study(tiny_points(), tiny(2));
  for (std::size_t i = 0; i < one.points.size(); ++i) EXPECT_EQ(one.points[i].runs, two.points[i].runs);
}

TEST(MoldStudyRun, WritesEachRunsFinalMapAsAPgmImage) {
  const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) / "mold_study_pgm";
  std::filesystem::remove_all(dir);
  MoldStudyOptions o = tiny(2);
  o.pgm_dir = dir;
  (void)run_mold_study(tiny_points(), o);
  const std::filesystem::path image = dir / pgm_name(1, "sensor_angle=45", 2);
  EXPECT_EQ(image.filename(), "01-sensor_angle=45-seed2.pgm");
  std::ifstream in(image, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string header = "P5\n64 36\n255\n";
  ASSERT_EQ(bytes.size(), header.size() + 64U * 36U);
  EXPECT_EQ(bytes.substr(0, header.size()), header);
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir), std::filesystem::directory_iterator{}), 4);
  std::filesystem::remove_all(dir);
}

TEST(MoldStudyRun, PgmImagesScaleTheBrightestCellToWhite) {
  const std::vector<std::uint16_t> cells = {0, 1000, 2000, 0, 0, 500};
  const std::string image = pgm_image(sim::TrailView{sim::MapSize{3, 2}, cells});
  EXPECT_EQ(image, std::string("P5\n3 2\n255\n") + '\0' + static_cast<char>(128) + static_cast<char>(255) + '\0' +
                       '\0' + static_cast<char>(64));
  EXPECT_EQ(pgm_name(3, "veins decay=0.2", 7), "03-veins_decay=0.2-seed7.pgm");
}

TEST(MoldStudyRun, RefusesOptionsThatCannotWork) {
  MoldStudyOptions o = tiny(1);
  o.runs = 0;
  EXPECT_THROW((void)run_mold_study(tiny_points(), o), std::invalid_argument);
  o = tiny(1);
  o.width = 8;
  EXPECT_THROW((void)run_mold_study(tiny_points(), o), std::invalid_argument);
  o = tiny(1);
  o.every = 0;
  EXPECT_THROW((void)run_mold_study(tiny_points(), o), std::invalid_argument);
  // With occupancy an agent needs a cell: 64 × 36 holds 1,152.
  MoldPointArgs crowded;
  crowded.width = 64;
  crowded.agents = 2000;
  EXPECT_THROW((void)run_mold_study(mold_points(crowded), tiny(1)), std::invalid_argument);
  crowded.sets = {"occupancy=0"};
  EXPECT_NO_THROW((void)run_mold_study(mold_points(crowded), tiny(1)));
  EXPECT_THROW((void)run_mold_study({}, tiny(1)), std::invalid_argument);
}

}  // namespace
}  // namespace meadow::study
