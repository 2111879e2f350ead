#include "stream/snapshot_mapping.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "sim/price.hpp"
#include "stream/legacy_settings.hpp"
#include "stream/settings_mapping.hpp"
#include "stream/proto_mapping.hpp"
#include "stream/snapshot_checks.hpp"
#include "stream/world_mapping.hpp"

namespace meadow::stream {

namespace {

using snapshot_checks::damaged;

// A cooldown group's name is a word of the prices' (sim/price.hpp): far shorter than this.
constexpr std::size_t kMaxCooldownGroupBytes = 64;

sim::Vec2 finite_point(const v1::Vec2& p, const char* what) { return snapshot_checks::land_point(p, what); }

v1::PointerPhase to_proto(sim::PointerPhase phase) {
  switch (phase) {
    case sim::PointerPhase::down: return v1::POINTER_PHASE_DOWN;
    case sim::PointerPhase::move: return v1::POINTER_PHASE_MOVE;
    case sim::PointerPhase::up: return v1::POINTER_PHASE_UP;
  }
  return v1::POINTER_PHASE_UNSPECIFIED;
}

sim::PointerPhase phase_from_proto(v1::PointerPhase phase) {
  switch (phase) {
    case v1::POINTER_PHASE_DOWN: return sim::PointerPhase::down;
    case v1::POINTER_PHASE_MOVE: return sim::PointerPhase::move;
    case v1::POINTER_PHASE_UP: return sim::PointerPhase::up;
    default: damaged("journal: an unknown pointer phase");
  }
}

void to_proto(sim::PointerPhase phase, sim::Vec2 at, v1::SavedPointer& to) {
  to.set_phase(to_proto(phase));
  stream::to_proto(at, *to.mutable_at());
}

void to_proto(const sim::Action& from, v1::SavedAction& to) {
  to.set_origin(from.origin);
  to.set_visitor(from.visitor);
  to.set_world(stream::to_proto(from.world));
  std::visit(
      [&](const auto& body) {
        using T = std::decay_t<decltype(body)>;
        if constexpr (std::is_same_v<T, sim::RockTap>) {
          stream::to_proto(body.at, *to.mutable_rock_tap());
        } else if constexpr (std::is_same_v<T, sim::SettingsChange>) {
          stream::to_proto(body, *to.mutable_settings());
        } else if constexpr (std::is_same_v<T, sim::AttractTap>) {
          stream::to_proto(body.at, *to.mutable_attract_tap());
        } else if constexpr (std::is_same_v<T, sim::FlowerTap>) {
          stream::to_proto(body.at, body.handful ? *to.mutable_flower_handful() : *to.mutable_flower_tap());
        } else if constexpr (std::is_same_v<T, sim::PredatorPointer>) {
          to_proto(body.phase, body.at, *to.mutable_predator());
        } else if constexpr (std::is_same_v<T, sim::ViewerLeft>) {
          to.set_viewer_left(true);
        } else if constexpr (std::is_same_v<T, sim::SetLocks>) {
          stream::to_proto(body.locks, *to.mutable_set_locks());
        } else if constexpr (std::is_same_v<T, sim::SetPaused>) {
          to.set_set_paused(body.paused);
        } else if constexpr (std::is_same_v<T, sim::ClearRocks>) {
          to.set_clear_rocks(true);
        } else if constexpr (std::is_same_v<T, sim::AttractPointer>) {
          to_proto(body.phase, body.at, *to.mutable_attract_pointer());
        } else if constexpr (std::is_same_v<T, sim::FrogTap>) {
          stream::to_proto(body.at, *to.mutable_frog_tap());
        } else if constexpr (std::is_same_v<T, sim::Clear>) {
          to.set_clear(body.what);
        } else {
          static_assert(std::is_same_v<T, sim::TakeAway>, "every action has its journal record");
          v1::SavedTakeAway& out = *to.mutable_take_away();
          out.mutable_sessions()->Add(body.sessions.begin(), body.sessions.end());
          out.set_visitor(body.visitor);
        }
      },
      from.body);
}

// The longest name a Clear may carry (the worlds' are a word).
constexpr std::size_t kMaxClearName = 64;
// The most sessions one take-away names (one visitor's, over an hour of reconnections).
constexpr int kMaxTakeAwaySessions = 1024;

sim::Action from_proto(const v1::SavedAction& from) {
  sim::Action action;
  action.origin = from.origin();
  action.visitor = from.visitor();
  if (!world_from_proto(from.world(), action.world)) damaged("journal: an action in an unknown world");
  // Journals written before WorldSettings hold a world's settings in a message of its own.
  if (auto change = legacy_settings(from)) {
    action.body = std::move(*change);
    return action;
  }
  switch (from.body_case()) {
    case v1::SavedAction::kRockTap: action.body = sim::RockTap{finite_point(from.rock_tap(), "journal")}; break;
    case v1::SavedAction::kSettings: {
      auto change = stream::from_proto(from.settings());
      if (!change) damaged("journal: a settings change of an unknown world");
      action.body = std::move(*change);
      break;
    }
    case v1::SavedAction::kAttractTap: action.body = sim::AttractTap{finite_point(from.attract_tap(), "journal")}; break;
    case v1::SavedAction::kFlowerTap: action.body = sim::FlowerTap{finite_point(from.flower_tap(), "journal")}; break;
    case v1::SavedAction::kFlowerHandful:
      action.body = sim::FlowerTap{finite_point(from.flower_handful(), "journal"), true};
      break;
    case v1::SavedAction::kPredator:
      action.body = sim::PredatorPointer{phase_from_proto(from.predator().phase()),
                                         finite_point(from.predator().at(), "journal")};
      break;
    case v1::SavedAction::kViewerLeft: action.body = sim::ViewerLeft{}; break;
    case v1::SavedAction::kSetLocks: action.body = sim::SetLocks{stream::from_proto(from.set_locks())}; break;
    case v1::SavedAction::kSetPaused: action.body = sim::SetPaused{from.set_paused()}; break;
    case v1::SavedAction::kClearRocks: action.body = sim::ClearRocks{}; break;
    case v1::SavedAction::kFrogTap: action.body = sim::FrogTap{finite_point(from.frog_tap(), "journal")}; break;
    case v1::SavedAction::kClearFrogs:  // older journals: the frogs, whatever world was watched
      action.body = sim::Clear{"frogs"};
      action.world = sim::WorldKind{};  // none named: the world that clears frogs (Meadow::apply)
      break;
    case v1::SavedAction::kTakeAway: {
      if (from.take_away().sessions_size() > kMaxTakeAwaySessions) damaged("journal: a take-away of too many sessions");
      sim::TakeAway who{{from.take_away().sessions().begin(), from.take_away().sessions().end()}, from.take_away().visitor()};
      action.body = std::move(who);
      break;
    }
    case v1::SavedAction::kClear:
      if (from.clear().empty() || from.clear().size() > kMaxClearName) damaged("journal: a clearing that names nothing");
      action.body = sim::Clear{from.clear()};
      break;
    case v1::SavedAction::kAttractPointer:
      action.body = sim::AttractPointer{phase_from_proto(from.attract_pointer().phase()),
                                        finite_point(from.attract_pointer().at(), "journal")};
      break;
    default: damaged("journal: an action with nothing in it");  // nothing (world settings: above)
  }
  return action;
}

}  // namespace

void to_proto(const sim::Land::State& from, v1::SavedLand& to) {
  stream::to_proto(from.world, *to.mutable_world());
  for (const sim::Rock& rock : from.rocks) {
    v1::SavedRock& saved = *to.add_rocks();
    stream::to_proto(rock, *saved.mutable_rock());
    saved.set_owner(rock.owner);
    saved.set_visitor(rock.visitor);
  }
  to.set_next_rock_id(from.next_rock_id);
}

sim::Land::State land_from_proto(const v1::SavedLand& from) {
  sim::Land::State land;
  land.world = snapshot_checks::world_rect(from.world(), "the land's world");
  if (static_cast<std::size_t>(from.rocks_size()) > sim::kMaxRocks) damaged("more rocks than the land takes");
  for (const v1::SavedRock& saved : from.rocks()) {
    finite_point(saved.rock().center(), "a rock");
    sim::Rock rock = stream::from_proto(saved.rock());
    if (!std::isfinite(rock.radius) || rock.radius <= 0.0F || rock.radius > sim::kMeadowWidth) damaged("a rock of no size");
    rock.owner = saved.owner();
    rock.visitor = saved.visitor();
    land.rocks.push_back(rock);
  }
  land.next_rock_id = from.next_rock_id();
  return land;
}

void to_proto(const sim::MeadowState& from, std::span<const WorldSnapshotMapping> worlds, v1::SavedMeadow& to) {
  to.set_format(v1::SNAPSHOT_FORMAT_CURRENT);
  to.set_seed(from.seed);
  to.set_tick(from.tick);
  to_proto(from.land, *to.mutable_land());
  stream::to_proto(from.locks, *to.mutable_locks());
  to.set_paused(from.paused);
  for (const auto& [viewer, groups] : from.cooldowns) {
    for (const auto& [group, tick] : groups) {
      v1::SavedTap& tap = *to.add_taps();
      tap.set_viewer(viewer);
      tap.set_tick(tick);
      if (group != sim::kTapGroup) tap.set_group(group);
    }
  }
  for (const auto& world : from.worlds) {
    if (!world) continue;
    for (const WorldSnapshotMapping& mapping : worlds) {
      if (mapping.kind == world->kind()) mapping.to_proto(*world, *to.add_worlds());
    }
  }
}

sim::MeadowState from_proto(const v1::SavedMeadow& from, std::span<const WorldSnapshotMapping> worlds) {
  if (from.format() != v1::SNAPSHOT_FORMAT_CURRENT) {
    damaged("a snapshot of format " + std::to_string(from.format()) + "; this server reads format " +
            std::to_string(v1::SNAPSHOT_FORMAT_CURRENT));
  }
  sim::MeadowState state;
  state.seed = from.seed();
  state.tick = from.tick();
  state.land = land_from_proto(from.land());
  state.locks = stream::from_proto(from.locks());
  state.paused = from.paused();
  for (const v1::SavedTap& tap : from.taps()) {
    if (tap.group().size() > kMaxCooldownGroupBytes) damaged("a cooldown group's name is too long");
    // Snapshots from before cooldown groups name none: their cooldowns are the taps'.
    state.cooldowns[tap.viewer()][tap.group().empty() ? std::string(sim::kTapGroup) : tap.group()] = tap.tick();
  }
  for (const v1::SavedWorld& saved : from.worlds()) {
    for (const WorldSnapshotMapping& mapping : worlds) {
      if (auto world = mapping.from_proto(saved)) {
        state.worlds.push_back(std::move(world));
        break;
      }
    }
  }
  return state;
}

void to_proto(const JournalEntry& from, v1::JournalRecord& to) {
  to.set_tick(from.tick);
  if (const auto* action = std::get_if<sim::Action>(&from.entry)) {
    to_proto(*action, *to.mutable_action());
  } else {
    const auto& budget = std::get<StepBudgetRecord>(from.entry);
    to.mutable_budget()->set_world(to_proto(budget.world));
    to.mutable_budget()->set_steps(budget.steps);
    if (budget.every_ticks > 1) to.mutable_budget()->set_every_ticks(budget.every_ticks);
  }
}

JournalEntry from_proto(const v1::JournalRecord& from) {
  JournalEntry entry;
  entry.tick = from.tick();
  switch (from.entry_case()) {
    case v1::JournalRecord::kAction:
      entry.entry = from_proto(from.action());
      std::get<sim::Action>(entry.entry).tick = from.tick();
      break;
    case v1::JournalRecord::kBudget: {
      StepBudgetRecord budget;
      if (!world_from_proto(from.budget().world(), budget.world)) damaged("journal: a budget of an unknown world");
      budget.steps = from.budget().steps();
      // Journals from before a budget could span ticks say nothing: every tick.
      budget.every_ticks = std::max<std::uint32_t>(1, from.budget().every_ticks());
      entry.entry = budget;
      break;
    }
    case v1::JournalRecord::ENTRY_NOT_SET: damaged("journal: a record with nothing in it");
  }
  return entry;
}

}  // namespace meadow::stream
