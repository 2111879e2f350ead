// Fuzz target journal_reader: journal records as recovery reads them back (stream/
// snapshot_mapping.*: JournalRecord → an action or a step budget) and replays them on a meadow,
// a tick each. The journal is written by the server, but a damaged disk can hand back anything:
// beyond not crashing, a record is either refused with a reason or taken, and a taken one maps
// back to the same record.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <variant>

#include "fuzz_check.hpp"
#include "quiet_protobuf.hpp"
#include "saved_meadow.hpp"
#include "sim/mold/mold_settings.hpp"
#include "sim/parallel_for.hpp"
#include "sim/swarm/swarm_settings.hpp"
#include "stream/snapshot_mapping.hpp"

namespace meadow::fuzz {

int fuzz_journal_reader(const std::uint8_t* data, std::size_t size) {
  quiet_protobuf();
  // The same meadow at the start of every input (so that a crash input reproduces alone): made
  // once, and brought back to its first state by a restore, which costs far less than making it;
  // an input's records act on what its earlier ones left, as a journal's do.
  static const std::unique_ptr<sim::Meadow> meadow = journal_meadow(5);
  static const sim::MeadowState start = meadow->save();
  (void)meadow->restore(start);
  sim::SerialFor serial;
  // The input: records, each a length byte and that many bytes.
  std::size_t at = 0;
  while (at < size) {
    const std::size_t length = data[at++];
    const std::size_t take = length < size - at ? length : size - at;
    v1::JournalRecord record;
    if (record.ParseFromArray(data + at, static_cast<int>(take))) {
      try {
        stream::JournalEntry entry = stream::from_proto(record);
        v1::JournalRecord back;
        stream::to_proto(entry, back);
        MEADOW_FUZZ_CHECK(stream::from_proto(back).tick == entry.tick);
        if (auto* action = std::get_if<sim::Action>(&entry.entry)) {
          // Counts held small: a swarm of thousands would make each input cost milliseconds, and
          // what a count does to the swarm is the meadow tests' (this target is the reading).
          if (auto* change = std::get_if<sim::SettingsChange>(&action->body)) {
            for (sim::SettingValue& v : change->values) {
              if (change->world == sim::WorldKind::swarm && v.name == sim::swarm_setting::kCount) {
                v.value = std::min<double>(v.value, 2 * kJournalFireflies);
              }
              if (change->world == sim::WorldKind::mold && v.name == sim::mold_setting::kAgents) {
                v.value = std::min<double>(v.value, 2 * kFuzzMoldAgents);
              }
            }
          }
          (void)meadow->apply(*action);
        } else {
          const auto& budget = std::get<stream::StepBudgetRecord>(entry.entry);
          if (sim::World* w = meadow->world(budget.world)) meadow->step_world(*w, serial, budget.steps);
        }
      } catch (const std::invalid_argument& e) {
        MEADOW_FUZZ_CHECK(std::string(e.what()).size() > 0);
      }
    }
    at += take;
  }
  // (no step of its own: a budget record steps its world; the steps themselves are the meadow tests')
  return 0;
}

}  // namespace meadow::fuzz
