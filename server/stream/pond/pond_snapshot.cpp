#include "stream/pond/pond_snapshot.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include "meadow/v1/snapshot.pb.h"
#include "sim/pond/pond_world.hpp"
#include "stream/count_turns_mapping.hpp"
#include "stream/proto_mapping.hpp"

namespace meadow::stream {

namespace {

[[noreturn]] void pond_damaged(const std::string& what) { throw std::invalid_argument("the pond's snapshot: " + what); }

bool finite(const v1::Vec2& v) { return std::isfinite(v.x()) && std::isfinite(v.y()); }

void pond_to_saved(const sim::WorldState& from, v1::SavedWorld& to) {
  const auto& state = sim::state_as<sim::PondWorldState>(from);
  v1::SavedPond& s = *to.mutable_pond();
  s.set_max_speed(state.settings.max_speed_px);
  s.set_cohesion(state.settings.cohesion_px);
  s.set_palette(std::string(sim::palette_name(state.settings.palette)));
  s.mutable_x()->Add(state.fish.x.begin(), state.fish.x.end());
  s.mutable_y()->Add(state.fish.y.begin(), state.fish.y.end());
  s.mutable_vx()->Add(state.fish.vx.begin(), state.fish.vx.end());
  s.mutable_vy()->Add(state.fish.vy.begin(), state.fish.vy.end());
  for (const sim::PondCrumb& c : state.tools.crumbs) {
    v1::SavedPondCrumb& crumb = *s.add_crumbs();
    crumb.set_id(c.id);
    to_proto(c.at, *crumb.mutable_at());
    crumb.set_owner(c.owner);
    crumb.set_visitor(c.visitor);
  }
  for (const sim::PondPredator& p : state.tools.predators) {
    v1::SavedPondPredator& predator = *s.add_predators();
    predator.set_owner(p.owner);
    to_proto(p.at, *predator.mutable_at());
  }
  s.set_next_crumb_id(state.tools.next_crumb_id);
  s.set_steps(state.steps);
  s.set_schools(state.schools);
  s.set_fed(state.fed);
  count_turns_to_proto(state.turns, *s.mutable_fish_turns());
}

std::unique_ptr<sim::WorldState> pond_from_saved(const v1::SavedWorld& from) {
  if (!from.has_pond()) return nullptr;
  const v1::SavedPond& s = from.pond();
  const int n = s.x_size();
  if (s.y_size() != n || s.vx_size() != n || s.vy_size() != n) pond_damaged("its fish's arrays differ in length");
  auto state = std::make_unique<sim::PondWorldState>();
  const auto palette = sim::palette_named(s.palette());
  if (!palette) pond_damaged("an unknown palette '" + s.palette() + "'");
  state->settings = {static_cast<std::uint32_t>(n), s.max_speed(), s.cohesion(), *palette};
  // The settings are checked as any sender's change is: against the pond's schema.
  sim::SettingsChange change{sim::WorldKind::pond, sim::setting_values(state->settings), std::nullopt};
  if (const auto refusal = sim::settings_refusal(sim::pond_settings_schema(), change)) pond_damaged(refusal->text);
  sim::PondFish& fish = state->fish;
  for (int i = 0; i < n; ++i) {
    const double values[] = {s.x(i), s.y(i), s.vx(i), s.vy(i)};
    for (const double v : values) {
      if (!std::isfinite(v)) pond_damaged("a fish's position or velocity is not a number");
    }
    fish.x.push_back(s.x(i));
    fish.y.push_back(s.y(i));
    fish.vx.push_back(s.vx(i));
    fish.vy.push_back(s.vy(i));
  }
  if (s.crumbs_size() > static_cast<int>(sim::pond_rules::kMaxCrumbs)) pond_damaged("more crumbs than the pond holds");
  for (const v1::SavedPondCrumb& c : s.crumbs()) {
    if (!finite(c.at())) pond_damaged("a crumb off the map");
    state->tools.crumbs.push_back({c.id(), from_proto(c.at()), c.owner(), c.visitor()});
  }
  if (s.predators_size() > static_cast<int>(sim::pond_rules::kMaxPredators)) pond_damaged("more predators than the pond takes");
  for (const v1::SavedPondPredator& p : s.predators()) {
    if (!finite(p.at())) pond_damaged("a predator off the map");
    state->tools.predators.push_back({p.owner(), from_proto(p.at())});
  }
  state->tools.next_crumb_id = s.next_crumb_id();
  state->steps = s.steps();
  state->schools = s.schools();
  state->fed = s.fed();
  state->turns = count_turns_from_proto(s.fish_turns(), sim::pond_rules::kMaxFish, "the pond's snapshot");
  return state;
}

}  // namespace

WorldSnapshotMapping pond_snapshot_mapping() { return {sim::WorldKind::pond, &pond_to_saved, &pond_from_saved}; }

}  // namespace meadow::stream
