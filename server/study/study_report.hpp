#pragma once
// The studies' results for people (tables) and for programs (JSON). The colony's JSON holds one
// object per setting with the keys setting, bare_share, bloom_mean, bloom_p10, bloom_p90,
// colony_mean, colony_min, colony_max, extinct_share; the mold's is in mold_study.hpp.
#include <cstddef>
#include <string>
#include <vector>

#include "study/colony_study.hpp"

namespace meadow::study {

// A column of a text table: its header and the fewest characters it takes (it widens to fit).
struct TableColumn {
  std::string header;
  std::size_t width = 0;
};

// A text table, one line per row of preformatted cells (ASCII: widths count bytes): the first
// column left-aligned, the others right-aligned, two spaces apart.
[[nodiscard]] std::string text_table(const std::vector<TableColumn>& columns,
                                     const std::vector<std::vector<std::string>>& rows);

[[nodiscard]] std::string study_table(const StudyResult& result);
[[nodiscard]] std::string study_json(const StudyResult& result);

}  // namespace meadow::study
