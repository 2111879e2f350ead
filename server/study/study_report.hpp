#pragma once
// The study's results for people (a table) and for programs (JSON, one object per setting with
// the keys setting, bare_share, bloom_mean, bloom_p10, bloom_p90, colony_mean, colony_min,
// colony_max, extinct_share).
#include <string>

#include "study/colony_study.hpp"

namespace meadow::study {

[[nodiscard]] std::string study_table(const StudyResult& result);
[[nodiscard]] std::string study_json(const StudyResult& result);

}  // namespace meadow::study
