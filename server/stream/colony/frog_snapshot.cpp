#include "stream/colony/frog_snapshot.hpp"

#include <stdexcept>

#include "stream/proto_mapping.hpp"
#include "stream/snapshot_checks.hpp"

namespace meadow::stream {

namespace {

// Far more frogs than any meadow lets on it: a damaged snapshot.
constexpr int kMostSavedFrogs = 1000;

}  // namespace

void frogs_to_saved(const sim::ColonyState& from, v1::SavedColony& to) {
  for (const sim::Frog& frog : from.frogs) {
    v1::SavedFrog& saved = *to.add_frogs();
    saved.set_id(frog.id);
    to_proto(frog.at, *saved.mutable_at());
    saved.set_heading(frog.heading);
    to_proto(frog.hop_from, *saved.mutable_hop_from());
    to_proto(frog.hop_to, *saved.mutable_hop_to());
    saved.set_hop_step(frog.hop_step);
    saved.set_next_hop_step(frog.next_hop_step);
    saved.set_digest_until_step(frog.digest_until_step);
    saved.set_gulp_steps(frog.gulp_steps);
    saved.set_owner(frog.owner);
    saved.set_visitor(frog.visitor);
    for (const sim::FrogLingerer& l : frog.lingering) {
      v1::SavedFrogLingerer& out = *saved.add_lingering();
      out.set_firefly(l.firefly);
      out.set_steps(l.steps);
    }
  }
  to.set_next_frog_id(from.next_frog_id);
  to.set_eaten_by_frogs(from.eaten_by_frogs);
}

void frogs_from_saved(const v1::SavedColony& from, sim::ColonyState& to) {
  if (from.frogs_size() > kMostSavedFrogs) throw std::invalid_argument("the colony's snapshot: more frogs than a meadow holds");
  for (const v1::SavedFrog& saved : from.frogs()) {
    sim::Frog& frog = to.frogs.emplace_back();
    frog.id = saved.id();
    frog.at = snapshot_checks::land_point(saved.at(), "the colony's snapshot: a frog");
    frog.heading = snapshot_checks::finite(saved.heading(), "the colony's snapshot: a frog's heading");
    frog.hop_from = snapshot_checks::land_point(saved.hop_from(), "the colony's snapshot: a frog's hop");
    frog.hop_to = snapshot_checks::land_point(saved.hop_to(), "the colony's snapshot: a frog's hop");
    frog.hop_step = saved.hop_step();
    frog.next_hop_step = saved.next_hop_step();
    frog.digest_until_step = saved.digest_until_step();
    frog.gulp_steps = saved.gulp_steps();
    frog.owner = saved.owner();
    frog.visitor = saved.visitor();
    for (const v1::SavedFrogLingerer& l : saved.lingering()) frog.lingering.push_back({l.firefly(), l.steps()});
  }
  // Old snapshots (before frogs) say 0: ids start at 1.
  to.next_frog_id = from.next_frog_id() == 0 ? 1 : from.next_frog_id();
  to.eaten_by_frogs = from.eaten_by_frogs();
}

}  // namespace meadow::stream
