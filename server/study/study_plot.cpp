#include "study/study_plot.hpp"

#include <spawn.h>
#include <sys/wait.h>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <stdexcept>

extern char** environ;  // POSIX: the process's environment, handed to rsvg-convert

namespace meadow::study {

namespace {

constexpr double kWidth = 900.0;
constexpr double kPanelHeight = 260.0;
constexpr double kLeft = 70.0;
constexpr double kRight = 200.0;  // room for the legend
constexpr double kTop = 40.0;
constexpr double kGap = 70.0;
// Colours for the settings' lines (Okabe–Ito, told apart also by people with colour blindness).
constexpr std::array<const char*, 8> kColours = {"#0072B2", "#E69F00", "#009E73", "#CC79A7",
                                                 "#56B4E9", "#D55E00", "#F0E442", "#000000"};

std::string escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '&': out += "&amp;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

// A "nice" upper end for an axis: 1, 2 or 5 times a power of ten, at least `value`.
double nice_ceiling(double value) {
  if (value <= 0.0) return 1.0;
  double step = 1.0;
  while (step * 10.0 <= value) step *= 10.0;
  for (double m : {1.0, 2.0, 5.0, 10.0}) {
    if (m * step >= value) return m * step;
  }
  return 10.0 * step;
}

// Decimals for the x axis' labels: enough to tell ticks `tick` apart, one at least.
int x_decimals(double tick) {
  int decimals = 1;
  while (decimals < 6 && tick > 0.0 && tick < std::pow(10.0, -decimals) * 0.95) ++decimals;
  return decimals;
}

void panel(std::string& svg, const StudyPlot& plot, const PlotPanel& p, double top) {
  double most = 0.0;
  std::size_t samples = 1;
  for (const auto& curve : p.curves) {
    for (double v : curve) most = std::max(most, v);
    samples = std::max(samples, curve.size());
  }
  const double y_max = nice_ceiling(most);
  const double plot_w = kWidth - kLeft - kRight;
  const auto x_of = [&](std::size_t t) {
    return kLeft + plot_w * static_cast<double>(t) / static_cast<double>(samples);
  };
  const auto y_of = [&](double v) { return top + kPanelHeight * (1.0 - v / y_max); };
  svg += fmt::format(R"(<text x="{}" y="{}" font-size="15" font-weight="bold">{}</text>)" "\n", kLeft, top - 10,
                     escape(p.title));
  svg += fmt::format(R"(<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#999"/>)" "\n", kLeft, top, plot_w,
                     kPanelHeight);
  for (int i = 0; i <= 4; ++i) {
    const double v = y_max * i / 4.0;
    svg += fmt::format(R"(<line x1="{}" y1="{:.1f}" x2="{}" y2="{:.1f}" stroke="#eee"/>)" "\n", kLeft, y_of(v),
                       kLeft + plot_w, y_of(v));
    svg += fmt::format(R"(<text x="{}" y="{:.1f}" font-size="11" text-anchor="end">{:g}</text>)" "\n", kLeft - 6,
                       y_of(v) + 4, v);
  }
  const double span = plot.x_step * static_cast<double>(samples);
  const int decimals = x_decimals(span / 5.0);
  for (int i = 0; i <= 5; ++i) {
    const double at = span * i / 5.0;
    const double x = kLeft + plot_w * i / 5.0;
    svg += fmt::format(R"(<text x="{:.1f}" y="{}" font-size="11" text-anchor="middle">{:.{}f} {}</text>)" "\n", x,
                       top + kPanelHeight + 16, at, decimals, escape(plot.x_unit));
  }
  for (std::size_t k = 0; k < p.curves.size(); ++k) {
    const auto& curve = p.curves[k];
    std::string points;
    for (std::size_t t = 0; t < curve.size(); ++t) points += fmt::format("{:.1f},{:.1f} ", x_of(t + 1), y_of(curve[t]));
    svg += fmt::format(R"(<polyline fill="none" stroke-width="1.8" stroke="{}" points="{}"/>)" "\n",
                       kColours[k % kColours.size()], points);
  }
}

}  // namespace

std::string plot_svg(const StudyPlot& plot) {
  const auto panels = static_cast<double>(plot.panels.size());
  const double height = kTop + panels * kPanelHeight + std::max(0.0, panels - 1.0) * kGap + 40.0;
  std::string svg = fmt::format(
      R"(<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" viewBox="0 0 {} {}" font-family="sans-serif">)"
      "\n" R"(<rect width="100%" height="100%" fill="white"/>)" "\n",
      kWidth, height, kWidth, height);
  for (std::size_t i = 0; i < plot.panels.size(); ++i) {
    panel(svg, plot, plot.panels[i], kTop + static_cast<double>(i) * (kPanelHeight + kGap));
  }
  for (std::size_t k = 0; k < plot.legend.size(); ++k) {
    const double y = kTop + 20.0 + 22.0 * static_cast<double>(k);
    const double x = kWidth - kRight + 15.0;
    svg += fmt::format(R"(<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{}" stroke-width="3"/>)" "\n", x, y, x + 24, y,
                       kColours[k % kColours.size()]);
    svg += fmt::format(R"(<text x="{}" y="{}" font-size="12">{}</text>)" "\n", x + 30, y + 4, escape(plot.legend[k]));
  }
  svg += "</svg>\n";
  return svg;
}

std::string write_plot(const StudyPlot& plot, const std::filesystem::path& path) {
  std::filesystem::path svg_path = path;
  if (svg_path.extension() != ".svg") svg_path += ".svg";
  {
    std::ofstream out(svg_path, std::ios::binary);
    if (!out) throw std::runtime_error("cannot write the plot to " + svg_path.string());
    out << plot_svg(plot);
    if (!out) throw std::runtime_error("writing the plot to " + svg_path.string() + " failed");
  }
  std::string said = "plot: " + svg_path.string();
  std::filesystem::path png_path = svg_path;
  png_path.replace_extension(".png");
  // PNG through rsvg-convert where it is installed (Debian: librsvg2-bin); the SVG is the plot.
  // Spawned without a shell, so no file name can be taken for a command.
  std::string in = svg_path.string();
  std::string out = png_path.string();
  std::string program = "rsvg-convert";
  std::string flag = "-o";
  char* argv[] = {program.data(), flag.data(), out.data(), in.data(), nullptr};
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, program.c_str(), nullptr, nullptr, argv, environ);
  int status = 0;
  if (spawned != 0) {
    said += " (no PNG: rsvg-convert is not installed; apt-get install librsvg2-bin)";
  } else if (waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0) {
    said += ", " + out;
  } else {
    said += " (rsvg-convert could not make the PNG)";
  }
  return said;
}

}  // namespace meadow::study
