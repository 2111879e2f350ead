// `meadow-sim pond`: the confusion study from the command line (docs/pond.md "The confusion effect").
#include <cstdio>
#include <memory>

#include "study/pond/pond_study.hpp"
#include "study/study_commands.hpp"

namespace meadow::study {
namespace {

struct PondCommand {
  PondStudyOptions options;
  bool json = false;
  std::string plot;
};

void add_pond_command(CLI::App& app) {
  auto command = std::make_shared<PondCommand>();
  CLI::App* pond = app.add_subcommand(
      "pond",
      "The confusion effect (the aquarium's note: schooling defends against predators): a predator in the\n"
      "pond picks the nearest fish, chases it faster than any fish swims, and loses it when fish cross its\n"
      "view; R seeded runs per school size and cohesion, M minutes of hunting each. Prints fish caught a\n"
      "minute, each fish's risk, targets lost a minute, fish across its view a step and the school's spread;\n"
      "--plot draws catches and risk against the school's size.\n"
      "Example: meadow-sim pond --runs 4 --minutes 3 --fish 5,20,60 --cohesion 0,0.05");
  PondStudyOptions& o = command->options;
  pond->add_option("--runs", o.runs, "Runs per point (seeds 1 … R)")->check(CLI::PositiveNumber)->capture_default_str();
  pond->add_option("--minutes", o.minutes, "Minutes of hunting per run (after 10 s of schooling)")
      ->check(CLI::PositiveNumber)->capture_default_str();
  pond->add_option("--fish", o.fish, "N1,N2,...: school sizes (5 to 60; evenly spaced for --plot)")->delimiter(',')
      ->capture_default_str();
  pond->add_option("--cohesion", o.cohesion, "C1,C2,...: cohesion settings (0 to 0.05 px a step²)")->delimiter(',')
      ->capture_default_str();
  pond->add_option("--max-speed", o.max_speed_px, "The fish's maximum speed (0.5 to 4 px a step)")->capture_default_str();
  pond->add_option("--threads", o.threads, "Threads the runs share (0: every core)")->capture_default_str();
  pond->add_flag("--json", command->json, "Print one JSON object per point instead of the table");
  pond->add_option("--plot", command->plot, "FILE: catches and risk against school size (SVG, and FILE's .png)");
  pond->callback([command] {
    const PondStudyResult result = run_pond_study(command->options);
    std::fputs((command->json ? pond_json(result) : pond_table(result)).c_str(), stdout);
    std::fprintf(stderr, "%zu runs × %.1f minutes in %.1f s on %u threads\n",
                 result.points.size() * command->options.runs, command->options.minutes, result.wall_seconds,
                 result.threads);
    if (!command->plot.empty()) std::fprintf(stderr, "%s\n", write_plot(pond_plot(result), command->plot).c_str());
  });
}

const StudyCommandRegistration kPondCommand{&add_pond_command};

}  // namespace
}  // namespace meadow::study
