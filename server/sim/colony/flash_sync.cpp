// The colony's flashing (docs/rules.md "The colony · Flashing"): every firefly flashes at its own
// pace, once every 70 … 110 steps; the members of a foraging group pull their flashes together each
// step (Kuramoto: each is nudged towards the group's mean phase by coupling × R × sin(ψ − θ), where
// R e^{iψ} is the mean of the members' e^{iθ}); wanderers keep their own rhythm.
#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "sim/colony/colony.hpp"

namespace meadow::sim {

namespace {

struct PhaseSum {
  float cos = 0.0F;
  float sin = 0.0F;
  std::uint32_t members = 0;
  [[nodiscard]] float length() const {
    return members == 0 ? 0.0F : std::sqrt(cos * cos + sin * sin) / static_cast<float>(members);
  }
  [[nodiscard]] float angle() const { return std::atan2(sin, cos); }
};

bool flashes(const ColonyFirefly& f) { return f.alive(); }

// The mean phase vector of each flower's group, parallel to `flowers`.
std::vector<PhaseSum> group_phases(const std::vector<Flower>& flowers,
                                   const std::vector<ColonyFirefly>& fireflies) {
  std::vector<PhaseSum> sums(flowers.size());
  for (const ColonyFirefly& f : fireflies) {
    if (f.flower == kNoFlower || !flashes(f)) continue;
    for (std::size_t i = 0; i < flowers.size(); ++i) {
      if (flowers[i].id != f.flower) continue;
      sums[i].cos += std::cos(f.phase);
      sums[i].sin += std::sin(f.phase);
      ++sums[i].members;
    }
  }
  return sums;
}

}  // namespace

void Colony::flash() {
  // Every member moves against the group's phases as they were before this step, so the order
  // in which fireflies are visited changes nothing.
  const std::vector<PhaseSum> groups = group_phases(state_.flowers, state_.fireflies);
  for (ColonyFirefly& f : state_.fireflies) {
    if (!flashes(f)) continue;
    f.phase += kTau / f.period;
    for (std::size_t i = 0; i < state_.flowers.size(); ++i) {
      if (state_.flowers[i].id != f.flower || groups[i].members < 2) continue;
      f.phase += params_.flash_coupling * groups[i].length() * std::sin(groups[i].angle() - f.phase);
    }
    if (f.phase < 0.0F) f.phase += kTau;
    if (f.phase >= kTau) {
      f.phase -= kTau;
      f.since_flash = 0;
      const GroupSync* g = group(f.flower);
      events_.add(tick_, ColonyFlashEvent{f.id, f.flower, f.at, g != nullptr && g->in_sync});
    } else if (f.since_flash < params_.flash_glow_steps) {
      ++f.since_flash;
    }
  }
}

void Colony::update_groups() {
  // Each group's synchrony after this step's flashes; "flashing as one" has hysteresis, so a
  // group hovering at the line is not announced every step.
  const std::vector<PhaseSum> sums = group_phases(state_.flowers, state_.fireflies);
  std::vector<GroupSync> next;
  next.reserve(state_.flowers.size());
  for (std::size_t i = 0; i < state_.flowers.size(); ++i) {
    if (sums[i].members == 0) continue;
    GroupSync g;
    g.flower = state_.flowers[i].id;
    g.members = sums[i].members;
    g.sync = sums[i].length();
    g.mean_phase = sums[i].angle();
    const GroupSync* before = group(g.flower);
    const bool was = before != nullptr && before->in_sync;
    const bool big_enough = g.members >= params_.sync_min_members;
    g.in_sync = was ? big_enough && g.sync >= params_.sync_leave : big_enough && g.sync >= params_.sync_enter;
    if (g.in_sync != was) events_.add(tick_, ColonyGroupSyncEvent{g.flower, g.members, g.sync, g.in_sync});
    next.push_back(g);
  }
  // A group that broke up while flashing as one is announced as out of sync too.
  for (const GroupSync& old : state_.groups) {
    if (!old.in_sync) continue;
    const bool still = std::any_of(next.begin(), next.end(), [&](const GroupSync& g) { return g.flower == old.flower; });
    if (!still) events_.add(tick_, ColonyGroupSyncEvent{old.flower, 0, 0.0F, false});
  }
  state_.groups = std::move(next);
}

}  // namespace meadow::sim
