#include "study/colony/colony_study_report.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <utility>
#include <vector>

#include "study/study_report.hpp"

namespace meadow::study {

std::string colony_table(const ColonyStudyResult& result) {
  std::vector<std::vector<std::string>> rows;
  for (const ColonySettingSummary& s : result.settings) {
    rows.push_back({s.setting, fmt::format("{:.1f}%", 100.0 * s.bare_share), fmt::format("{:.2f}", s.bloom_mean),
                    fmt::format("{:.0f}", s.bloom_p10), fmt::format("{:.0f}", s.bloom_p90),
                    fmt::format("{:.1f}", s.colony_mean), fmt::format("{}", s.colony_min),
                    fmt::format("{}", s.colony_max), fmt::format("{:.0f}%", 100.0 * s.extinct_share),
                    fmt::format("{:.1f}", s.eaten_mean)});
  }
  return text_table({{"setting", 0}, {"bare", 6}, {"bloom mean", 10}, {"p10", 4}, {"p90", 4}, {"colony mean", 11},
                     {"min", 4}, {"max", 4}, {"extinct", 8}, {"eaten", 6}},
                    rows);
}

std::string colony_json(const ColonyStudyResult& result) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();  // keys in the documented order
  for (const ColonySettingSummary& s : result.settings) {
    out.push_back({{"setting", s.setting},
                   {"bare_share", s.bare_share},
                   {"bloom_mean", s.bloom_mean},
                   {"bloom_p10", s.bloom_p10},
                   {"bloom_p90", s.bloom_p90},
                   {"colony_mean", s.colony_mean},
                   {"colony_min", s.colony_min},
                   {"colony_max", s.colony_max},
                   {"extinct_share", s.extinct_share},
                   {"eaten_mean", s.eaten_mean}});
  }
  return out.dump(2) + "\n";
}

StudyPlot colony_plot(const ColonyStudyResult& result) {
  StudyPlot plot;
  plot.x_step = 1.0 / 60.0;  // a sample a simulated second
  plot.x_unit = "min";
  PlotPanel bloom{"Flowers in bloom (mean over runs)", {}};
  PlotPanel colony{"Colony size (mean over runs)", {}};
  for (const ColonySettingSummary& s : result.settings) {
    plot.legend.push_back(s.setting);
    bloom.curves.push_back(s.bloom_curve);
    colony.curves.push_back(s.colony_curve);
  }
  plot.panels = {std::move(bloom), std::move(colony)};
  return plot;
}

std::string colony_svg(const ColonyStudyResult& result) { return plot_svg(colony_plot(result)); }

}  // namespace meadow::study
