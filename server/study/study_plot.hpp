#pragma once
// The studies' plots: panels of curves over time, one line per setting (the legend), as an SVG
// drawing; and a PNG of it where the machine has rsvg-convert. Each study makes its own StudyPlot
// from its results (server/study/<world>/) and hands it to these.
#include <filesystem>
#include <string>
#include <vector>

namespace meadow::study {

struct PlotPanel {
  std::string title;
  // One curve per legend entry; sample i lies at x = (i + 1) × StudyPlot::x_step.
  std::vector<std::vector<double>> curves;
};

struct StudyPlot {
  std::vector<std::string> legend;
  std::vector<PlotPanel> panels;
  double x_step = 1.0;       // x between samples, in x_unit
  std::string x_unit = "min";
};

[[nodiscard]] std::string plot_svg(const StudyPlot& plot);
// Writes `path` (.svg added if missing) and, where rsvg-convert is on PATH, the same name with
// .png. Returns what it wrote, for the user; throws std::runtime_error when the SVG cannot be
// written.
std::string write_plot(const StudyPlot& plot, const std::filesystem::path& path);

}  // namespace meadow::study
