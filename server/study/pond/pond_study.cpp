#include "study/pond/pond_study.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <stdexcept>

#include "sim/land.hpp"
#include "study/study_jobs.hpp"
#include "study/study_report.hpp"

namespace meadow::study {

namespace {

constexpr double kStepsPerMinute = 3600.0;

void check_pond_options(const PondStudyOptions& o) {
  using namespace sim::pond_rules;
  if (o.runs == 0) throw std::invalid_argument("--runs must be at least 1");
  if (!(o.minutes > 0.0)) throw std::invalid_argument("--minutes must be more than 0");
  if (o.fish.empty() || o.cohesion.empty()) throw std::invalid_argument("give at least one school size and one cohesion");
  for (const std::uint32_t f : o.fish) {
    if (f < kMinFish || f > kMaxFish) {
      throw std::invalid_argument(fmt::format("a school of {} fish: the pond keeps {} to {}", f, kMinFish, kMaxFish));
    }
  }
  for (const double c : o.cohesion) {
    if (!(c >= 0.0 && c <= kMaxCohesionPx)) {
      throw std::invalid_argument(fmt::format("cohesion {}: the pond's range is 0 to {}", c, kMaxCohesionPx));
    }
  }
  if (!(o.max_speed_px >= kMinMaxSpeedPx && o.max_speed_px <= kMaxMaxSpeedPx)) {
    throw std::invalid_argument(fmt::format("maximum speed {}: the pond's range is {} to {}", o.max_speed_px,
                                            kMinMaxSpeedPx, kMaxMaxSpeedPx));
  }
}

}  // namespace

PondStudyResult run_pond_study(const PondStudyOptions& options, const PondStudyProgress& progress) {
  check_pond_options(options);
  const sim::Rect meadow{0.0F, 0.0F, sim::kMeadowWidth, sim::kMeadowHeight};
  const std::size_t points = options.cohesion.size() * options.fish.size();
  const std::size_t total = points * options.runs;
  const auto steps = static_cast<std::uint64_t>(options.minutes * kStepsPerMinute);
  std::vector<sim::ConfusionResult> runs(total);
  const JobsRun jobs = run_jobs(
      total, job_threads(options.threads, total),
      [&](std::size_t job) {
        const std::size_t point = job / options.runs;
        sim::ConfusionRun run;
        run.cohesion_px = options.cohesion[point / options.fish.size()];
        run.fish = options.fish[point % options.fish.size()];
        run.max_speed_px = options.max_speed_px;
        run.steps = steps;
        run.seed = 1 + job % options.runs;
        runs[job] = sim::run_confusion(run, meadow);
      },
      progress);
  PondStudyResult result;
  result.options = options;
  result.threads = jobs.threads;
  result.wall_seconds = jobs.wall_seconds;
  const double minutes = static_cast<double>(steps) / kStepsPerMinute;
  for (std::size_t point = 0; point < points; ++point) {
    PondStudyPoint p;
    p.cohesion_px = options.cohesion[point / options.fish.size()];
    p.fish = options.fish[point % options.fish.size()];
    for (std::uint32_t r = 0; r < options.runs; ++r) {
      const sim::ConfusionResult& c = runs[point * options.runs + r];
      p.catches_per_minute += static_cast<double>(c.catches) / minutes;
      p.lost_per_minute += static_cast<double>(c.targets_lost) / minutes;
      p.crossings_per_step += c.crossings_per_step;
      p.spread_px += c.spread / sim::pond_rules::kWorldPerPixel;
    }
    const double n = options.runs;
    p.catches_per_minute /= n;
    p.lost_per_minute /= n;
    p.crossings_per_step /= n;
    p.spread_px /= n;
    p.risk_per_fish = p.catches_per_minute / p.fish;
    result.points.push_back(p);
  }
  return result;
}

std::string pond_table(const PondStudyResult& result) {
  std::vector<std::vector<std::string>> rows;
  for (const PondStudyPoint& p : result.points) {
    rows.push_back({fmt::format("{}", p.fish), fmt::format("{:.3f}", p.cohesion_px), fmt::format("{:.2f}", p.catches_per_minute),
                    fmt::format("{:.3f}", p.risk_per_fish), fmt::format("{:.2f}", p.lost_per_minute),
                    fmt::format("{:.2f}", p.crossings_per_step), fmt::format("{:.0f}", p.spread_px)});
  }
  return text_table({{"fish", 4}, {"cohesion", 8}, {"caught/min", 10}, {"risk/fish/min", 13}, {"lost/min", 8},
                     {"crossing/step", 13}, {"spread px", 9}},
                    rows);
}

std::string pond_json(const PondStudyResult& result) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const PondStudyPoint& p : result.points) {
    out.push_back({{"fish", p.fish},
                   {"cohesion", p.cohesion_px},
                   {"catches_per_minute", p.catches_per_minute},
                   {"risk_per_fish", p.risk_per_fish},
                   {"lost_per_minute", p.lost_per_minute},
                   {"crossings_per_step", p.crossings_per_step},
                   {"spread_px", p.spread_px},
                   {"runs", result.options.runs},
                   {"minutes", result.options.minutes}});
  }
  return out.dump(2) + "\n";
}

StudyPlot pond_plot(const PondStudyResult& result) {
  StudyPlot plot;
  plot.x_unit = "fish";
  plot.x_step = result.options.fish.front();
  PlotPanel caught{"fish caught a minute", {}};
  PlotPanel risk{"each fish's risk (caught a minute ÷ fish)", {}};
  const std::size_t sizes = result.options.fish.size();
  for (std::size_t c = 0; c < result.options.cohesion.size(); ++c) {
    plot.legend.push_back(fmt::format("cohesion {}", result.options.cohesion[c]));
    std::vector<double> a, b;
    for (std::size_t f = 0; f < sizes; ++f) {
      a.push_back(result.points[c * sizes + f].catches_per_minute);
      b.push_back(result.points[c * sizes + f].risk_per_fish);
    }
    caught.curves.push_back(std::move(a));
    risk.curves.push_back(std::move(b));
  }
  plot.panels = {caught, risk};
  return plot;
}

}  // namespace meadow::study
