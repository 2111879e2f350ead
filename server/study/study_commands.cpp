#include "study/study_commands.hpp"

namespace meadow::study {

std::vector<StudyCommandAdder>& study_commands() {
  static std::vector<StudyCommandAdder> commands;  // made on first use: registrations run before main
  return commands;
}

}  // namespace meadow::study
