// How a frog eats (docs/rules.md "The frog"): it keeps count, for each firefly within its reach
// while it sits, of how long that one has stayed without a break; one that has stayed
// frog_patience_steps is eaten, the longest lingerer first, at most one per frog_catch_gap_steps
// (it digests). A firefly passing by, or sipping at a flower beside it, gets away.
#include <algorithm>
#include <cmath>

#include "sim/colony/colony.hpp"

namespace meadow::sim {

void Colony::hunt() {
  for (Frog& frog : state_.frogs) {
    if (frog.hopping()) continue;
    watch_lingerers(frog);
    if (state_.step < frog.digest_until_step) continue;
    // The longest lingerer past the frog's patience (the lowest id of equals: the list is in id
    // order).
    const FrogLingerer* longest = nullptr;
    for (const FrogLingerer& l : frog.lingering) {
      if (l.steps >= params_.frog_patience_steps && (longest == nullptr || l.steps > longest->steps)) longest = &l;
    }
    if (longest == nullptr) continue;
    const auto prey = std::lower_bound(state_.fireflies.begin(), state_.fireflies.end(), longest->firefly,
                                       [](const ColonyFirefly& f, std::uint32_t id) { return f.id < id; });
    catch_firefly(frog, *prey);
  }
}

void Colony::watch_lingerers(Frog& frog) {
  // Both lists in id order: a firefly still within reach carries its count on, one that left
  // drops out (and starts from nothing if it comes back).
  lingering_.clear();
  auto before = frog.lingering.begin();
  const float reach2 = params_.frog_reach * params_.frog_reach;
  for (const ColonyFirefly& f : state_.fireflies) {
    if (!f.alive() || distance_squared(f.at, frog.at) > reach2) continue;
    while (before != frog.lingering.end() && before->firefly < f.id) ++before;
    const std::uint32_t stayed = before != frog.lingering.end() && before->firefly == f.id ? before->steps : 0;
    lingering_.push_back({f.id, stayed + 1});
  }
  frog.lingering.assign(lingering_.begin(), lingering_.end());
}

void Colony::catch_firefly(Frog& frog, ColonyFirefly& f) {
  const Vec2 where = f.at;
  events_.add(tick_, FrogCatchEvent{frog.id, f.id, where});
  // It dies like any other (its group, its sip and its seed go with it, a death is announced),
  // but swallowed whole: no light is left to fade out where a frog sits, so it goes this step.
  die(f);
  f.timer = 0;
  ++state_.eaten_by_frogs;
  std::erase_if(frog.lingering, [&](const FrogLingerer& l) { return l.firefly == f.id; });
  if (where != frog.at) frog.heading = std::atan2(where.y - frog.at.y, where.x - frog.at.x);
  frog.digest_until_step = state_.step + params_.frog_catch_gap_steps;
  frog.gulp_steps = params_.frog_gulp_steps;
}

}  // namespace meadow::sim
