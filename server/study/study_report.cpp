#include "study/study_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>

namespace meadow::study {

std::string text_table(const std::vector<TableColumn>& columns, const std::vector<std::vector<std::string>>& rows) {
  std::vector<std::size_t> widths;
  for (const TableColumn& c : columns) widths.push_back(std::max(c.width, c.header.size()));
  for (const auto& row : rows) {
    for (std::size_t i = 0; i < row.size() && i < widths.size(); ++i) widths[i] = std::max(widths[i], row[i].size());
  }
  const auto line = [&](auto cell_of) {
    std::string out;
    for (std::size_t i = 0; i < widths.size(); ++i) {
      const std::string& cell = cell_of(i);
      const std::string pad(widths[i] - std::min(widths[i], cell.size()), ' ');
      if (i != 0) out += "  ";
      out += i == 0 ? cell + (i + 1 == widths.size() ? "" : pad) : pad + cell;
    }
    return out + "\n";
  };
  static const std::string kNoCell;
  std::string out = line([&](std::size_t i) -> const std::string& { return columns[i].header; });
  for (const auto& row : rows) {
    out += line([&](std::size_t i) -> const std::string& { return i < row.size() ? row[i] : kNoCell; });
  }
  return out;
}

std::string study_table(const StudyResult& result) {
  std::vector<std::vector<std::string>> rows;
  for (const SettingSummary& s : result.settings) {
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
                   {"extinct_share", s.extinct_share},
                   {"eaten_mean", s.eaten_mean}});
  }
  return out.dump(2) + "\n";
}

}  // namespace meadow::study
