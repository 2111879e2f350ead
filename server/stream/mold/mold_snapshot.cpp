#include "stream/mold/mold_snapshot.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include "sim/mold/mold_rules.hpp"
#include "sim/mold/mold_world_state.hpp"
#include "stream/count_turns_mapping.hpp"
#include "stream/mold/mold_stream.hpp"
#include "stream/proto_mapping.hpp"
#include "stream/snapshot_checks.hpp"

namespace meadow::stream {

namespace {

// The largest map a snapshot may hold (cells a side): far past either engine's.
constexpr std::uint32_t kMaxSavedMapSide = 8192;

[[noreturn]] void mold_damaged(const std::string& what) { throw std::invalid_argument("the mold's snapshot: " + what); }

void pointer_to_proto(const sim::MoldPointer& from, v1::SavedMoldPointer& to) {
  to.set_owner(from.owner);
  to_proto(from.at, *to.mutable_at());
  to.set_until(from.until);
}

sim::MoldPointer pointer_from_proto(const v1::SavedMoldPointer& from) {
  return {from.owner(), snapshot_checks::land_point(from.at(), "the mold's snapshot: a held pointer"), from.until()};
}

void mold_to_saved(const sim::WorldState& state, v1::SavedWorld& to) {
  const auto& from = sim::state_as<sim::MoldWorldState>(state);
  v1::SavedMold& s = *to.mutable_mold();
  to_proto(from.settings, *s.mutable_settings());
  s.mutable_settings()->clear_preset();
  s.set_steps(from.steps);
  s.set_placements(from.placements);
  s.mutable_agent_x()->Add(from.agent_x.begin(), from.agent_x.end());
  s.mutable_agent_y()->Add(from.agent_y.begin(), from.agent_y.end());
  s.mutable_agent_heading()->Add(from.agent_heading.begin(), from.agent_heading.end());
  s.set_map_width(from.map.width);
  s.set_map_height(from.map.height);
  std::string trail(from.trail.size() * 2, '\0');
  for (std::size_t i = 0; i < from.trail.size(); ++i) {
    trail[2 * i] = static_cast<char>(from.trail[i] & 0xFFU);
    trail[2 * i + 1] = static_cast<char>(from.trail[i] >> 8U);
  }
  s.set_trail(std::move(trail));
  for (const sim::MoldFood& f : from.tools.food) {
    v1::SavedMoldFood& saved = *s.add_food();
    saved.set_id(f.id);
    to_proto(f.at, *saved.mutable_at());
    saved.set_owner(f.owner);
    saved.set_amount(f.amount);
    saved.set_age(f.age);
    saved.set_visitor(f.visitor);
  }
  for (const sim::MoldPointer& p : from.tools.attracts) pointer_to_proto(p, *s.add_attracts());
  for (const sim::MoldPointer& p : from.tools.predators) pointer_to_proto(p, *s.add_predators());
  s.set_next_food_id(from.tools.next_food_id);
  count_turns_to_proto(from.agent_turns, *s.mutable_agent_turns());
}

std::unique_ptr<sim::WorldState> mold_from_saved(const v1::SavedWorld& from) {
  if (!from.has_mold()) return nullptr;
  const v1::SavedMold& s = from.mold();
  auto state = std::make_unique<sim::MoldWorldState>();
  const v1::MoldSettingsState& settings = s.settings();
  state->settings = {settings.agents(),  settings.sensor_angle(), settings.turn_angle(), settings.sensor_distance(),
                     settings.deposit(), settings.decay(),        settings.diffusion(),  settings.occupancy()};
  if (!(clamped(state->settings) == state->settings)) mold_damaged("settings out of their ranges");
  state->steps = s.steps();
  state->placements = s.placements();
  if (s.map_width() == 0 || s.map_height() == 0 || s.map_width() > kMaxSavedMapSide ||
      s.map_height() > kMaxSavedMapSide) {
    mold_damaged("a map of " + std::to_string(s.map_width()) + " × " + std::to_string(s.map_height()) + " cells");
  }
  state->map = {s.map_width(), s.map_height()};
  const std::size_t agents = static_cast<std::size_t>(s.agent_x_size());
  if (agents > sim::mold_rules::kMaxAgents) mold_damaged("more agents than the mold holds");
  if (static_cast<std::size_t>(s.agent_y_size()) != agents ||
      static_cast<std::size_t>(s.agent_heading_size()) != agents) {
    mold_damaged("the agents' arrays differ in length");
  }
  for (std::size_t i = 0; i < agents; ++i) {
    const float x = s.agent_x(static_cast<int>(i));
    const float y = s.agent_y(static_cast<int>(i));
    const std::uint32_t heading = s.agent_heading(static_cast<int>(i));
    if (!(x >= 0.0F && x < static_cast<float>(s.map_width())) || !(y >= 0.0F && y < static_cast<float>(s.map_height())) ||
        heading >= sim::mold_rules::kHeadingSteps) {
      mold_damaged("an agent off the map");
    }
    state->agent_x.push_back(x);
    state->agent_y.push_back(y);
    state->agent_heading.push_back(static_cast<std::uint16_t>(heading));
  }
  const std::string& trail = s.trail();
  if (trail.size() != 2 * static_cast<std::size_t>(state->map.cells())) mold_damaged("a trail of another size");
  state->trail.resize(state->map.cells());
  for (std::size_t i = 0; i < state->trail.size(); ++i) {
    const auto lo = static_cast<std::uint16_t>(static_cast<unsigned char>(trail[2 * i]));
    const auto hi = static_cast<std::uint16_t>(static_cast<unsigned char>(trail[2 * i + 1]));
    const auto value = static_cast<std::uint16_t>(lo | (hi << 8U));
    if (value > sim::mold_rules::kTrailOne) mold_damaged("a cell fuller than full");
    state->trail[i] = value;
  }
  for (const v1::SavedMoldFood& f : s.food()) {
    if (!(f.amount() >= 0.0F && f.amount() <= 1.0F)) mold_damaged("food of no amount");
    state->tools.food.push_back(
        {f.id(), snapshot_checks::land_point(f.at(), "the mold's snapshot: food"), f.owner(), f.amount(), f.age(),
         f.visitor()});
  }
  for (const v1::SavedMoldPointer& p : s.attracts()) state->tools.attracts.push_back(pointer_from_proto(p));
  for (const v1::SavedMoldPointer& p : s.predators()) state->tools.predators.push_back(pointer_from_proto(p));
  state->tools.next_food_id = s.next_food_id();
  state->agent_turns = count_turns_from_proto(s.agent_turns(), sim::mold_rules::kMaxAgents, "the mold's snapshot");
  return state;
}

}  // namespace

WorldSnapshotMapping mold_snapshot_mapping() { return {sim::WorldKind::mold, &mold_to_saved, &mold_from_saved}; }

}  // namespace meadow::stream
