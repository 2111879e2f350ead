// What the studies share to show their results: the text table (study/study_report.hpp) and the
// plotter (study/study_plot.hpp), fed with made-up rows and curves as a world's study feeds them.
#include "study/study_report.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <string>

#include "study/study_plot.hpp"

namespace meadow::study {
namespace study_report_test {

std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

TEST(StudyTable, FirstColumnLeftTheOthersRightEachAsWideAsItsWidestCell) {
  const std::string table =
      text_table({{"point", 0}, {"n", 4}, {"share", 0}}, {{"a", "1", "50%"}, {"long one", "12", "5%"}});
  EXPECT_EQ(table,
            "point        n  share\n"
            "a            1    50%\n"
            "long one    12     5%\n");
}

TEST(StudyTable, AShortRowLeavesItsLastCellsEmpty) {
  EXPECT_EQ(text_table({{"a", 0}, {"b", 0}}, {{"x"}}), "a  b\nx   \n");
}

TEST(StudyPlotSvg, OneLinePerCurveInEachPanelAndTheLegendEscaped) {
  StudyPlot plot;
  plot.legend = {"x<1", "x&2"};
  plot.panels = {{"First", {{1.0, 2.0}, {2.0, 1.0}}}, {"Second", {{0.5, 0.5}, {3.0, 4.0}}}};
  const std::string svg = plot_svg(plot);
  EXPECT_EQ(svg.rfind("<svg", 0), 0U);
  EXPECT_EQ(count_of(svg, "<polyline"), 4U);  // 2 curves × 2 panels
  EXPECT_EQ(count_of(svg, "First"), 1U);
  EXPECT_EQ(count_of(svg, "Second"), 1U);
  EXPECT_NE(svg.find("x&lt;1"), std::string::npos);
  EXPECT_NE(svg.find("x&amp;2"), std::string::npos);
  EXPECT_EQ(svg.find("x<1"), std::string::npos);
}

}  // namespace study_report_test
}  // namespace meadow::study
