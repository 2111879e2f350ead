// The confusion study's runner (server/study/pond/pond_study.hpp): its points, its checks, its
// reports, and the same figures on one thread and on two.
#include "study/pond/pond_study.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <stdexcept>

namespace meadow::study {
namespace pond_study_test {

PondStudyOptions small() {
  PondStudyOptions o;
  o.fish = {5, 10};
  o.cohesion = {0.0, 0.05};
  o.runs = 2;
  o.minutes = 0.5;
  return o;
}

TEST(PondStudy, OnePointPerCohesionAndSchoolWhateverTheThreads) {
  PondStudyOptions one = small();
  one.threads = 1;
  PondStudyOptions two = small();
  two.threads = 2;
  const PondStudyResult a = run_pond_study(one);
  const PondStudyResult b = run_pond_study(two);
  ASSERT_EQ(a.points.size(), 4U);
  EXPECT_EQ(a.points[1].fish, 10U);
  EXPECT_EQ(a.points[2].cohesion_px, 0.05);
  for (std::size_t i = 0; i < a.points.size(); ++i) {
    EXPECT_EQ(a.points[i].catches_per_minute, b.points[i].catches_per_minute);
    EXPECT_EQ(a.points[i].lost_per_minute, b.points[i].lost_per_minute);
    EXPECT_DOUBLE_EQ(a.points[i].risk_per_fish, a.points[i].catches_per_minute / a.points[i].fish);
  }
}

TEST(PondStudy, RefusesWhatThePondDoesNotHold) {
  PondStudyOptions o = small();
  o.fish = {61};
  EXPECT_THROW((void)run_pond_study(o), std::invalid_argument);
  o = small();
  o.cohesion = {0.06};
  EXPECT_THROW((void)run_pond_study(o), std::invalid_argument);
  o = small();
  o.runs = 0;
  EXPECT_THROW((void)run_pond_study(o), std::invalid_argument);
}

TEST(PondStudy, TheReportsCarryEveryPoint) {
  const PondStudyResult r = run_pond_study(small());
  const auto json = nlohmann::json::parse(pond_json(r));
  ASSERT_EQ(json.size(), 4U);
  EXPECT_EQ(json[3]["fish"], 10);
  EXPECT_TRUE(json[3].contains("risk_per_fish"));
  EXPECT_NE(pond_table(r).find("caught/min"), std::string::npos);
  const StudyPlot plot = pond_plot(r);
  ASSERT_EQ(plot.panels.size(), 2U);
  EXPECT_EQ(plot.panels[0].curves.size(), 2U) << "a line per cohesion";
  EXPECT_EQ(plot.panels[0].curves[0].size(), 2U) << "a sample per school size";
}

}  // namespace pond_study_test
}  // namespace meadow::study
