#pragma once
// A number a person typed on the command line (a --set or --sweep value): the whole text must be
// one finite number; nullopt otherwise, so each caller can say which option it came from.
#include <cmath>
#include <exception>
#include <optional>
#include <string>

namespace meadow::study {

[[nodiscard]] inline std::optional<double> parse_number(const std::string& text) {
  std::size_t used = 0;
  double value = 0.0;
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {
    return std::nullopt;
  }
  if (text.empty() || used != text.size() || !std::isfinite(value)) return std::nullopt;
  return value;
}

}  // namespace meadow::study
