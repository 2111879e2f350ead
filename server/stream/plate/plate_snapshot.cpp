#include "stream/plate/plate_snapshot.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include "meadow/v1/snapshot.pb.h"
#include "sim/plate/plate_world.hpp"
#include "stream/count_turns_mapping.hpp"

namespace meadow::stream {

namespace {

[[noreturn]] void plate_damaged(const std::string& what) { throw std::invalid_argument("the plate's snapshot: " + what); }

void plate_to_saved(const sim::WorldState& from, v1::SavedWorld& to) {
  const auto& state = sim::state_as<sim::PlateWorldState>(from);
  v1::SavedPlate& s = *to.mutable_plate();
  s.set_separation(state.settings.separation);
  s.set_alignment(state.settings.alignment);
  s.set_cohesion(state.settings.cohesion);
  s.set_neighbourhood(state.settings.neighbourhood);
  s.set_trail_length(state.settings.trail_length);
  s.mutable_x()->Add(state.birds.x.begin(), state.birds.x.end());
  s.mutable_y()->Add(state.birds.y.begin(), state.birds.y.end());
  s.mutable_heading_x()->Add(state.birds.hx.begin(), state.birds.hx.end());
  s.mutable_heading_y()->Add(state.birds.hy.begin(), state.birds.hy.end());
  s.set_steps(state.steps);
  s.set_run_steps(state.run_steps);
  s.mutable_crossings()->mutable_above()->Add(state.crossings.above.begin(), state.crossings.above.end());
  s.mutable_crossings()->set_started(state.crossings.started);
  count_turns_to_proto(state.turns, *s.mutable_bird_turns());
}

std::unique_ptr<sim::WorldState> plate_from_saved(const v1::SavedWorld& from) {
  if (!from.has_plate()) return nullptr;
  const v1::SavedPlate& s = from.plate();
  const int n = s.x_size();
  if (s.y_size() != n || s.heading_x_size() != n || s.heading_y_size() != n) {
    plate_damaged("its birds' arrays differ in length");
  }
  auto state = std::make_unique<sim::PlateWorldState>();
  state->settings = {static_cast<std::uint32_t>(n), s.separation(), s.alignment(), s.cohesion(), s.neighbourhood(),
                     s.trail_length()};
  // The settings are checked as any sender's change is: against the plate's schema.
  sim::SettingsChange change{sim::WorldKind::plate, sim::setting_values(state->settings), std::nullopt};
  if (const auto refusal = sim::settings_refusal(sim::plate_settings_schema(), change)) plate_damaged(refusal->text);
  sim::PlateBirds& birds = state->birds;
  for (int i = 0; i < n; ++i) {
    const double x = s.x(i), y = s.y(i), hx = s.heading_x(i), hy = s.heading_y(i);
    if (!(x >= 0.0 && x < 1.0 && y >= 0.0 && y < 1.0)) plate_damaged("a bird off the plate");
    const double length = std::hypot(hx, hy);
    if (!(std::abs(length - 1.0) < 1e-6)) plate_damaged("a bird's heading is not a unit vector");
    birds.x.push_back(x);
    birds.y.push_back(y);
    birds.hx.push_back(hx);
    birds.hy.push_back(hy);
  }
  state->steps = s.steps();
  state->run_steps = s.run_steps();
  if (s.crossings().above_size() != 2) plate_damaged("its order crossings are not the plate's two thresholds");
  state->crossings.above.assign(s.crossings().above().begin(), s.crossings().above().end());
  state->crossings.started = s.crossings().started();
  state->turns = count_turns_from_proto(s.bird_turns(), sim::plate_rules::kMaxBirds, "the plate's snapshot");
  return state;
}

}  // namespace

WorldSnapshotMapping plate_snapshot_mapping() { return {sim::WorldKind::plate, &plate_to_saved, &plate_from_saved}; }

}  // namespace meadow::stream
