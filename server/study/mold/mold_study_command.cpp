// `meadow-sim mold`: the mold study from the command line (docs/mold.md "Studying the mold").
//   meadow-sim mold [--runs N] [--steps S] [--every K] [--width W] [--agents A] [--preset NAME]
//                   [--set KEY=VALUE ...] [--sweep KEY=V1,V2,... (up to two)] [--json]
//                   [--plot FILE] [--pgm DIR] [--threads T] [--seed X]
#include <fmt/format.h>

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>

#include "study/mold/mold_study.hpp"
#include "study/study_commands.hpp"
#include "study/study_plot.hpp"
#include "study/study_progress.hpp"

namespace meadow::study {
namespace {

std::string mold_key_help() {
  std::string help = "KEY=VALUE: override a setting; repeatable. Keys:";
  for (const auto& k : mold_study_keys()) {
    help += fmt::format("\n  {} ({:.10g} to {:.10g}: {})", k.name, k.min, k.max, k.unit);
  }
  return help;
}

// The mold subcommand's options.
struct MoldCommand {
  MoldStudyOptions options;
  MoldPointArgs points;
  std::uint32_t agents = 0;
  CLI::Option* agents_given = nullptr;  // none on the command line: mold_default_agents(width)
  std::string pgm;
  std::string plot;
  bool json = false;
};

void add_mold_options(CLI::App& mold, MoldCommand& m) {
  mold.add_option("--runs", m.options.runs, "Runs per point (seeds X … X+N-1)")->check(CLI::PositiveNumber)
      ->capture_default_str();
  mold.add_option("--steps", m.options.steps, "Steps per run (60 a second of meadow)")->check(CLI::PositiveNumber)
      ->capture_default_str();
  mold.add_option("--every", m.options.every, "Measure the figures every K steps (and after the last)")
      ->check(CLI::PositiveNumber)->capture_default_str();
  mold.add_option("--width", m.options.width, "Map width in cells (16:9)")->capture_default_str();
  m.agents_given =
      mold.add_option("--agents", m.agents, "Agents (default: 20,480 on 512 wide, the same density on other maps)");
  mold.add_option("--threads", m.options.threads, "Threads the runs share (0: every core)")->capture_default_str();
  mold.add_option("--seed", m.options.first_seed, "The first run's seed")->capture_default_str();
  mold.add_option("--preset", m.points.preset, "Start from a preset's settings (lace, veins, cells, rivers)");
  mold.add_option("--set", m.points.sets, mold_key_help());
  mold.add_option("--sweep", m.points.sweeps, "KEY=V1,V2,...: one point per value, each with every --set; "
                                              "a second --sweep makes the grid of both");
  mold.add_flag("--json", m.json, "Print one JSON object per point instead of the table");
  mold.add_option("--plot", m.plot, "FILE: holes and coverage over time (SVG, and FILE's .png)");
  mold.add_option("--pgm", m.pgm, "DIR: each run's final map as a PGM image in DIR");
}

void run_mold(MoldCommand& m) {
  m.points.width = m.options.width;
  if (m.agents_given->count() > 0) m.points.agents = m.agents;
  m.options.pgm_dir = m.pgm;
  const auto points = mold_points(m.points);
  const auto result = run_mold_study(points, m.options, show_progress);
  std::fputs((m.json ? mold_json(result) : mold_table(result)).c_str(), stdout);
  std::fprintf(stderr, "%zu runs × %llu steps in %.1f s on %u threads\n", points.size() * m.options.runs,
               static_cast<unsigned long long>(m.options.steps), result.wall_seconds, result.threads);
  if (!m.plot.empty()) std::fprintf(stderr, "%s\n", write_plot(mold_plot(result), m.plot).c_str());
  if (!m.pgm.empty()) std::fprintf(stderr, "images: %s\n", m.pgm.c_str());
}

void add_mold_command(CLI::App& app) {
  auto command = std::make_shared<MoldCommand>();
  CLI::App* mold = app.add_subcommand(
      "mold",
      "Runs the mold (Jones 2010) from a uniform start: N runs with seeds X … X+N-1 per point, S steps\n"
      "each, measuring the network's figures every K steps. Prints per point the last measure's coverage,\n"
      "components, holes, junctions and junctions per hole, their change over the run, a verdict (network,\n"
      "blobs or bands, no structure) and ns per agent-step; --plot draws holes and coverage over time,\n"
      "--pgm writes each run's final map as an image.\n"
      "Example: meadow-sim mold --runs 2 --sweep sensor_angle=11.25,22.5,45 --sweep turn_angle=22.5,45");
  add_mold_options(*mold, *command);
  mold->callback([command] { run_mold(*command); });
}

const StudyCommandRegistration kMoldCommand{&add_mold_command};

}  // namespace
}  // namespace meadow::study
