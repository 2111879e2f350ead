// The colony study: deterministic, any thread count, the summaries it promises, its plot.
#include "study/colony/colony_study.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <stdexcept>

#include "study/colony/colony_study_report.hpp"

namespace meadow::study {
namespace {

ColonyStudyOptions quick(unsigned threads) {
  ColonyStudyOptions o;
  o.runs = 3;
  o.minutes = 1.0;
  o.flowers = 2;
  o.threads = threads;
  return o;
}

std::vector<ColonySetting> two_settings() {
  sim::ColonyParams few;
  few.sips_per_flower = 30;
  return {{"sips_per_flower=30", few}, {"defaults", sim::ColonyParams{}}};
}

TEST(ColonyStudy, TheSameSeedsGiveTheSameTableWhateverTheThreads) {
  const ColonyStudyResult one = run_colony_study(two_settings(), quick(1));
  const ColonyStudyResult two = run_colony_study(two_settings(), quick(2));
  EXPECT_EQ(colony_table(one), colony_table(two));
  EXPECT_EQ(colony_json(one), colony_json(two));
  EXPECT_EQ(one.settings[0].colony_curve, two.settings[0].colony_curve);
}

TEST(ColonyStudy, SummariesHoldWhatTheyPromise) {
  const ColonyStudyResult r = run_colony_study(two_settings(), quick(2));
  ASSERT_EQ(r.settings.size(), 2U);
  for (const ColonySettingSummary& s : r.settings) {
    EXPECT_EQ(s.bloom_curve.size(), 60U);  // one sample a simulated second
    EXPECT_GE(s.bare_share, 0.0);
    EXPECT_LE(s.bare_share, 1.0);
    EXPECT_LE(s.bloom_p10, s.bloom_p90);
    EXPECT_GE(s.bloom_p10, 0.0);
    EXPECT_LE(s.bloom_p90, 12.0);
    EXPECT_LE(static_cast<double>(s.colony_min), s.colony_mean);
    EXPECT_GE(static_cast<double>(s.colony_max), s.colony_mean);
    EXPECT_GE(s.colony_min, 40U);  // a minute is too short for 50 fireflies to die out
    EXPECT_EQ(s.extinct_share, 0.0);
    EXPECT_GE(s.bloom_mean, 1.0);  // two dropped flowers bloom from the start
  }
  EXPECT_DOUBLE_EQ(r.simulated_seconds, 2 * 3 * 60.0);
  const auto json = nlohmann::json::parse(colony_json(r));
  ASSERT_EQ(json.size(), 2U);
  for (const char* key : {"setting", "bare_share", "bloom_mean", "bloom_p10", "bloom_p90", "colony_mean", "colony_min",
                          "colony_max", "extinct_share"}) {
    EXPECT_TRUE(json[0].contains(key)) << key;
  }
  EXPECT_EQ(json[0]["setting"], "sips_per_flower=30");
}

TEST(ColonyStudy, AColonyWithoutFlowersOrStoreDiesOut) {
  sim::ColonyParams starving;
  starving.start_store = 0.0;
  starving.flight_steps = 600;  // 10 s of flight on a full tank
  ColonyStudyOptions o = quick(2);
  o.flowers = 0;
  const ColonyStudyResult r = run_colony_study({{"starving", starving}}, o);
  EXPECT_EQ(r.settings[0].extinct_share, 1.0);
  EXPECT_EQ(r.settings[0].colony_min, 0U);
  EXPECT_EQ(r.settings[0].bare_share, 1.0);
}

TEST(ColonyStudy, RefusesOptionsThatCannotWork) {
  ColonyStudyOptions o = quick(1);
  o.flowers = 4;
  EXPECT_THROW((void)run_colony_study(two_settings(), o), std::invalid_argument);
  o = quick(1);
  o.runs = 0;
  EXPECT_THROW((void)run_colony_study(two_settings(), o), std::invalid_argument);
  EXPECT_THROW((void)run_colony_study({}, quick(1)), std::invalid_argument);
}

// Frogs (docs/colony-study.md "Frogs"): dropped at the start of each run, they eat fireflies, the
// same whatever the threads; more than the meadow takes is refused.
TEST(ColonyStudy, FrogsEatAndTheTableSaysHowMany) {
  ColonyStudyOptions o = quick(2);
  o.minutes = 2.0;
  const ColonySetting none{"frogs=0", sim::ColonyParams{}, 0};
  const ColonySetting two{"frogs=2", sim::ColonyParams{}, 2};
  const ColonyStudyResult r = run_colony_study({none, two}, o);
  EXPECT_EQ(r.settings[0].eaten_mean, 0.0);
  EXPECT_GT(r.settings[1].eaten_mean, 0.0) << "two frogs among foragers for two minutes ate nothing";
  ColonyStudyOptions one_thread = o;
  one_thread.threads = 1;
  EXPECT_EQ(colony_table(r), colony_table(run_colony_study({none, two}, one_thread)));
  const ColonySetting too_many{"frogs=4", sim::ColonyParams{}, 4};
  EXPECT_THROW((void)run_colony_study({too_many}, quick(1)), std::invalid_argument);
}

TEST(StudyPlot, OneLinePerSettingInEachPanelAndALegend) {
  const ColonyStudyResult r = run_colony_study(two_settings(), quick(2));
  const std::string svg = colony_svg(r);
  EXPECT_EQ(svg.rfind("<svg", 0), 0U);
  std::size_t lines = 0;
  for (std::size_t at = svg.find("<polyline"); at != std::string::npos; at = svg.find("<polyline", at + 1)) ++lines;
  EXPECT_EQ(lines, 4U);  // 2 settings × 2 panels
  EXPECT_NE(svg.find("sips_per_flower=30"), std::string::npos);
  EXPECT_NE(svg.find("Colony size"), std::string::npos);
}

}  // namespace
}  // namespace meadow::study
