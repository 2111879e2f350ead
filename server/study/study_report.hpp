#pragma once
// The studies' tables for people: each study fills the rows from its own results
// (server/study/<world>/) and writes its JSON itself.
#include <cstddef>
#include <string>
#include <vector>

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

}  // namespace meadow::study
