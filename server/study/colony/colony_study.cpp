#include "study/colony/colony_study.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

#include "sim/colony/colony.hpp"
#include "sim/land.hpp"
#include "sim/random.hpp"
#include "study/study_jobs.hpp"

namespace meadow::study {

namespace {

constexpr std::uint32_t kStepsPerSecond = 60;
// Tries to find a free spot for each dropped flower or frog before giving up on the run's set-up.
constexpr int kDropTries = 200;
// Dropped things keep this far inside the meadow's edges (units).
constexpr float kDropInset = 100.0F;
// The frogs' spots are drawn from their own stretch of draws, apart from the flowers'.
constexpr std::uint64_t kFrogDraws = std::uint64_t{1} << 32U;

struct RunSamples {
  std::vector<std::uint16_t> bloom;   // per second
  std::vector<std::uint16_t> colony;  // per second
  bool went_extinct = false;
  std::uint64_t eaten = 0;  // by frogs
};

// A spot on the meadow drawn from the run's seed, where a viewer could drop something.
sim::Vec2 drawn_spot(const sim::Rect& meadow, std::uint64_t seed, std::uint64_t draw) {
  const std::uint64_t bits = sim::mix64(sim::mix64(seed) ^ draw);
  return {meadow.x + kDropInset + sim::unit_float(bits) * (meadow.width - 2.0F * kDropInset),
          meadow.y + kDropInset + sim::unit_float_low(bits) * (meadow.height - 2.0F * kDropInset)};
}

bool is_extinct(const sim::Colony& colony) {
  const auto& f = colony.state().fireflies;
  return f.size() == 1 && f.front().state == sim::FireflyState::dormant;
}

RunSamples run_once(const ColonySetting& setting, const ColonyStudyOptions& options, std::uint64_t seed) {
  sim::Land land;
  sim::Colony colony(seed, land.meadow(), setting.params);
  // The dropped flowers, then the frogs, at spots drawn from the run's seed, where a viewer could
  // drop them (a frog never in the stump's keep-out: drop_frog refuses it there).
  const sim::Rect meadow = land.meadow();
  std::uint32_t dropped = 0;
  for (int attempt = 0; dropped < options.flowers && attempt < kDropTries; ++attempt) {
    if (colony.drop_flower(drawn_spot(meadow, seed, static_cast<std::uint64_t>(attempt)), land, 0).accepted) ++dropped;
  }
  std::uint32_t frogs = 0;
  for (int attempt = 0; frogs < setting.frogs && attempt < kDropTries; ++attempt) {
    if (colony.drop_frog(drawn_spot(meadow, seed, kFrogDraws + static_cast<std::uint64_t>(attempt)), land).accepted) {
      ++frogs;
    }
  }
  const auto steps = static_cast<std::uint64_t>(std::llround(options.minutes * 60.0 * kStepsPerSecond));
  RunSamples out;
  out.bloom.reserve(steps / kStepsPerSecond + 1);
  out.colony.reserve(steps / kStepsPerSecond + 1);
  for (std::uint64_t step = 0; step < steps; ++step) {
    colony.step(land, step);
    if (is_extinct(colony)) out.went_extinct = true;
    if ((step + 1) % kStepsPerSecond == 0) {
      out.bloom.push_back(static_cast<std::uint16_t>(colony.flowers_in_bloom()));
      out.colony.push_back(static_cast<std::uint16_t>(colony.size()));
    }
  }
  out.eaten = colony.state().eaten_by_frogs;
  return out;
}

double percentile(std::vector<std::uint16_t> values, double p) {
  if (values.empty()) return 0.0;
  const auto k = static_cast<std::size_t>(std::floor(p * static_cast<double>(values.size() - 1)));
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(k), values.end());
  return values[k];
}

ColonySettingSummary summarise(const std::string& label, const std::vector<RunSamples>& runs) {
  ColonySettingSummary s;
  s.setting = label;
  std::vector<std::uint16_t> bloom;
  std::vector<std::uint16_t> colony;
  std::size_t seconds = 0;
  for (const RunSamples& r : runs) {
    bloom.insert(bloom.end(), r.bloom.begin(), r.bloom.end());
    colony.insert(colony.end(), r.colony.begin(), r.colony.end());
    seconds = std::max(seconds, r.bloom.size());
    if (r.went_extinct) s.extinct_share += 1.0;
    s.eaten_mean += static_cast<double>(r.eaten);
  }
  s.extinct_share /= static_cast<double>(std::max<std::size_t>(1, runs.size()));
  s.eaten_mean /= static_cast<double>(std::max<std::size_t>(1, runs.size()));
  if (!bloom.empty()) {
    const auto n = static_cast<double>(bloom.size());
    s.bare_share = static_cast<double>(std::count(bloom.begin(), bloom.end(), 0)) / n;
    s.bloom_mean = std::accumulate(bloom.begin(), bloom.end(), 0.0) / n;
    s.colony_mean = std::accumulate(colony.begin(), colony.end(), 0.0) / n;
    s.colony_min = *std::min_element(colony.begin(), colony.end());
    s.colony_max = *std::max_element(colony.begin(), colony.end());
    s.bloom_p10 = percentile(bloom, 0.10);
    s.bloom_p90 = percentile(bloom, 0.90);
  }
  s.bloom_curve.assign(seconds, 0.0);
  s.colony_curve.assign(seconds, 0.0);
  for (const RunSamples& r : runs) {
    for (std::size_t t = 0; t < r.bloom.size(); ++t) {
      s.bloom_curve[t] += r.bloom[t] / static_cast<double>(runs.size());
      s.colony_curve[t] += r.colony[t] / static_cast<double>(runs.size());
    }
  }
  return s;
}

}  // namespace

ColonyStudyResult run_colony_study(const std::vector<ColonySetting>& settings, const ColonyStudyOptions& options,
                                   const ColonyStudyProgress& progress) {
  if (settings.empty()) throw std::invalid_argument("no setting to study");
  if (options.runs == 0) throw std::invalid_argument("--runs must be at least 1");
  if (!(options.minutes > 0.0) || !std::isfinite(options.minutes)) {
    throw std::invalid_argument("--minutes must be a positive number");
  }
  for (const ColonySetting& s : settings) {
    if (options.flowers > s.params.max_dropped_flowers) {
      throw std::invalid_argument("--flowers " + std::to_string(options.flowers) + " is more than viewers may drop (" +
                                  std::to_string(s.params.max_dropped_flowers) +
                                  "); raise it with --set max_dropped_flowers=N");
    }
    if (s.frogs > s.params.max_frogs) {
      throw std::invalid_argument(std::to_string(s.frogs) + " frogs are more than the meadow takes (" +
                                  std::to_string(s.params.max_frogs) + "); raise it with --set max_frogs=N");
    }
  }
  const std::size_t total = settings.size() * options.runs;
  std::vector<std::vector<RunSamples>> results(settings.size(), std::vector<RunSamples>(options.runs));
  const JobsRun jobs = run_jobs(
      total, job_threads(options.threads, total),
      [&](std::size_t job) {
        const std::size_t setting = job / options.runs;
        const std::size_t run = job % options.runs;
        results[setting][run] = run_once(settings[setting], options, options.first_seed + run);
      },
      progress);
  ColonyStudyResult result;
  result.wall_seconds = jobs.wall_seconds;
  result.simulated_seconds = static_cast<double>(total) * options.minutes * 60.0;
  result.threads = jobs.threads;
  for (std::size_t i = 0; i < settings.size(); ++i) result.settings.push_back(summarise(settings[i].label, results[i]));
  return result;
}

}  // namespace meadow::study
