#include "study/study_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>

namespace meadow::study {

std::string study_table(const StudyResult& result) {
  std::size_t width = 7;  // "setting"
  for (const SettingSummary& s : result.settings) width = std::max(width, s.setting.size());
  std::string out;
  out += fmt::format("{:<{}}  {:>6}  {:>10}  {:>4}  {:>4}  {:>11}  {:>4}  {:>4}  {:>8}\n", "setting", width, "bare",
                     "bloom mean", "p10", "p90", "colony mean", "min", "max", "extinct");
  for (const SettingSummary& s : result.settings) {
    out += fmt::format("{:<{}}  {:>5.1f}%  {:>10.2f}  {:>4.0f}  {:>4.0f}  {:>11.1f}  {:>4}  {:>4}  {:>7.0f}%\n", s.setting,
                       width, 100.0 * s.bare_share, s.bloom_mean, s.bloom_p10, s.bloom_p90, s.colony_mean,
                       s.colony_min, s.colony_max, 100.0 * s.extinct_share);
  }
  return out;
}

std::string study_json(const StudyResult& result) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();  // keys in the documented order
  for (const SettingSummary& s : result.settings) {
    out.push_back({{"setting", s.setting},
                   {"bare_share", s.bare_share},
                   {"bloom_mean", s.bloom_mean},
                   {"bloom_p10", s.bloom_p10},
                   {"bloom_p90", s.bloom_p90},
                   {"colony_mean", s.colony_mean},
                   {"colony_min", s.colony_min},
                   {"colony_max", s.colony_max},
                   {"extinct_share", s.extinct_share}});
  }
  return out.dump(2) + "\n";
}

}  // namespace meadow::study
