#pragma once
// The study's plot: flowers in bloom and colony size over time (the mean over runs), one line
// per setting, as an SVG drawing; and a PNG of it where the machine has rsvg-convert.
#include <filesystem>
#include <string>

#include "study/colony_study.hpp"

namespace meadow::study {

[[nodiscard]] std::string study_svg(const StudyResult& result);

// Writes `path` (.svg) and, where rsvg-convert is on PATH, the same name with .png. Returns
// what it wrote, for the user; throws std::runtime_error when the SVG cannot be written.
std::string write_study_plot(const StudyResult& result, const std::filesystem::path& path);

}  // namespace meadow::study
