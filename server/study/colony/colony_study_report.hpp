#pragma once
// The colony study's results for people (a table), for programs (JSON) and as a plot, made with
// the studies' shared table and plotter (study/study_report.hpp, study/study_plot.hpp).
#include <string>

#include "study/colony/colony_study.hpp"
#include "study/study_plot.hpp"

namespace meadow::study {

// One row per setting: the share of time with no flower in bloom, flowers in bloom (mean,
// 10th/90th percentile), the colony's size (mean, min, max), the share of runs that died out and
// the fireflies the frogs ate per run.
[[nodiscard]] std::string colony_table(const ColonyStudyResult& result);
// An array with one object per setting, its keys in this order: setting, bare_share, bloom_mean,
// bloom_p10, bloom_p90, colony_mean, colony_min, colony_max, extinct_share, eaten_mean.
[[nodiscard]] std::string colony_json(const ColonyStudyResult& result);
// Flowers in bloom and colony size over time (the mean over runs), one line per setting.
[[nodiscard]] StudyPlot colony_plot(const ColonyStudyResult& result);
[[nodiscard]] std::string colony_svg(const ColonyStudyResult& result);

}  // namespace meadow::study
