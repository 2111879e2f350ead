#pragma once
// meadow-sim's subcommands that a world's own folder brings (server/study/<world>/): each adds itself
// to the list at start-up (a StudyCommandRegistration in its command file, a source of meadow-sim
// itself so the linker keeps it), and meadow-sim adds every one to its command line, so a new
// world's study needs no line in meadow_sim_main.cpp.
#include <CLI/CLI.hpp>

#include <vector>

namespace meadow::study {

// Adds a subcommand to `app`, whose callback runs the study once the command line is parsed (its
// errors thrown as exceptions with a message for people).
using StudyCommandAdder = void (*)(CLI::App& app);

[[nodiscard]] std::vector<StudyCommandAdder>& study_commands();

struct StudyCommandRegistration {
  explicit StudyCommandRegistration(StudyCommandAdder adder) { study_commands().push_back(adder); }
};

}  // namespace meadow::study
