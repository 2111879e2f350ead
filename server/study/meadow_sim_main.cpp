// meadow-sim: studies of the meadow run headless, far faster than real time.
//   meadow-sim <a world's own study> …  (server/study/<world>/: `meadow-sim --help` lists them)
//   meadow-sim replay STATE_DIR [--from SNAPSHOT] [--to TICK] [--every N] [--threads T]
#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <exception>

#include "app/replay_run.hpp"
#include "study/study_commands.hpp"

int main(int argc, char** argv) {
  CLI::App app{"meadow-sim: the meadow's worlds run headless, far faster than real time, to study them."};
  app.require_subcommand(1);
  // The studies the worlds' own folders bring (server/study/<world>/): each runs from its callback.
  for (const meadow::study::StudyCommandAdder add : meadow::study::study_commands()) add(app);
  CLI::App* replay = app.add_subcommand(
      "replay",
      "Re-runs a recording (a server's --state-dir: a snapshot and the journal of actions after it) headless on\n"
      "the CPU engines and prints the meadow's state hash (tick and hash per line) every N ticks and at the end.\n"
      "On the CPU the hashes equal those of the recorded server at the same ticks (it logs its own when it\n"
      "stops). Example: meadow-sim replay /var/lib/meadow --to 216000 --every 3600");
  meadow::app::ReplayOptions replay_options;
  std::int64_t replay_from = 0;
  std::uint64_t replay_to = 0;
  replay->add_option("state_dir", replay_options.state_dir, "The recording's folder (the server's --state-dir)")
      ->required();
  CLI::Option* from_given = replay->add_option(
      "--from", replay_from, "Snapshot id to start from (default: the oldest on the newest timeline)");
  CLI::Option* to_given = replay->add_option("--to", replay_to, "Tick to stop at (default: the last one recorded)");
  replay->add_option("--every", replay_options.every, "Also print the hash every N ticks")->capture_default_str();
  replay->add_option("--threads", replay_options.threads, "Threads for the steps (the hashes do not depend on it)")
      ->capture_default_str();
  try {
    app.parse(argc, argv);  // a world's study runs from its callback, within the parse
    if (replay->parsed()) {
      if (from_given->count() > 0) replay_options.from_snapshot = replay_from;
      if (to_given->count() > 0) replay_options.to_tick = replay_to;
      const auto result = meadow::app::replay_recording(replay_options, [](std::uint64_t tick, std::uint64_t hash) {
        std::printf("tick %llu state-hash %016llx\n", static_cast<unsigned long long>(tick),
                    static_cast<unsigned long long>(hash));
        std::fflush(stdout);
      });
      std::fprintf(stderr, "replayed snapshot %lld from tick %llu to %llu (%zu actions) in %.2f s: %.0f× real time%s\n",
                   static_cast<long long>(result.snapshot_id), static_cast<unsigned long long>(result.from_tick),
                   static_cast<unsigned long long>(result.to_tick), result.actions, result.seconds,
                   static_cast<double>(result.to_tick - result.from_tick) / 60.0 / std::max(result.seconds, 1e-9),
                   result.journal_cut ? " (the journal's damaged tail was left out)" : "");
    }
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "meadow-sim: %s\n", e.what());
    return 2;
  }
  return 0;
}
