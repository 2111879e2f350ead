#include "study/study_report.hpp"

#include <algorithm>

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

}  // namespace meadow::study
