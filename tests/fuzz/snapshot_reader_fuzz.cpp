// Fuzz target snapshot_reader: a snapshot's bytes as the store reads them back at start (a file on
// a disk that may have been damaged): parsed, checked and mapped to the meadow's state
// (stream/snapshot_mapping.*), restored onto a meadow of its seed, and a tick run on it. Beyond not
// crashing: a snapshot is either refused with a reason (std::invalid_argument) or taken whole, and
// a taken one saves back to a snapshot that reads back the same.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "fuzz_check.hpp"
#include "quiet_protobuf.hpp"
#include "saved_meadow.hpp"
#include "sim/parallel_for.hpp"
#include "sim/state_hash.hpp"
#include "stream/snapshot_mapping.hpp"

namespace meadow::fuzz {

int fuzz_snapshot_reader(const std::uint8_t* data, std::size_t size) {
  quiet_protobuf();
  v1::SavedMeadow saved;
  if (!saved.ParseFromArray(data, static_cast<int>(size))) return 0;
  const auto mappings = small_meadow_mappings();
  sim::MeadowState state;
  try {
    state = stream::from_proto(saved, mappings);
  } catch (const std::invalid_argument& e) {
    MEADOW_FUZZ_CHECK(std::string(e.what()).size() > 0);
    return 0;
  }
  auto meadow = small_meadow(state.seed);
  (void)meadow->restore(state);  // a world that cannot take its part keeps its own (and says why)
  MEADOW_FUZZ_CHECK(meadow->tick() == state.tick);
  // What was taken saves back to the same meadow.
  v1::SavedMeadow again;
  stream::to_proto(meadow->save(), mappings, again);
  auto copy = small_meadow(state.seed);
  (void)copy->restore(stream::from_proto(again, mappings));
  MEADOW_FUZZ_CHECK(sim::meadow_state_hash(*copy) == sim::meadow_state_hash(*meadow));
  sim::SerialFor serial;
  if (meadow->tick() < ~std::uint64_t{0}) meadow->step(serial);
  return 0;
}

}  // namespace meadow::fuzz
