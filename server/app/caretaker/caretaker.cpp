#include "app/caretaker/caretaker.hpp"

#include <algorithm>
#include <variant>

namespace meadow::app {

Caretaker::Caretaker(const CareSettings& settings, CareSwitches& switches, const sim::Meadow& meadow, double now)
    : settings_(settings), switches_(switches) {
  for (const sim::World* w : meadow.worlds()) {
    worlds_.push_back({w->kind(), w->settings_now(), now, std::nullopt});
  }
}

void Caretaker::saw(const sim::Action& action, const sim::ActionOutcome& outcome, const sim::Meadow& meadow,
                    double now) {
  if (std::holds_alternative<sim::ViewerLeft>(action.body)) {
    sessions_.erase(action.origin);
    return;
  }
  if (action.origin != sim::kOperator) sessions_[action.origin] = action.visitor;
  const auto* change = std::get_if<sim::SettingsChange>(&action.body);
  if (change == nullptr || !outcome.accepted) return;
  for (WorldCare& w : worlds_) {
    if (w.kind != change->world) continue;
    if (action.origin == sim::kOperator) {
      // The operator's settings are where the wall's settings drift back to from now on.
      if (const sim::World* world = meadow.world(w.kind)) w.start = world->settings_now();
    } else {
      w.last_change = now;
    }
  }
}

bool Caretaker::visitor_here(std::uint64_t owner, std::uint64_t visitor) const {
  if (sessions_.contains(owner)) return true;
  return visitor != 0 && std::any_of(sessions_.begin(), sessions_.end(), [&](const auto& s) { return s.second == visitor; });
}

std::vector<CareDecision> Caretaker::look(const CareClock& clock, const sim::Meadow& meadow) {
  std::vector<CareDecision> out;
  if (switches_.enabled(CareRule::drift)) drift(clock.seconds, meadow, out);
  if (switches_.enabled(CareRule::rocks)) rocks(clock.seconds, meadow, out);
  if (switches_.enabled(CareRule::revive)) revive(clock.seconds, meadow, out);
  hours(clock, meadow, out);  // also reopens a wall whose rule was switched off while closed
  for (const CareDecision& d : out) switches_.count(d.rule);
  return out;
}

void Caretaker::drift(double now, const sim::Meadow& meadow, std::vector<CareDecision>& out) {
  for (WorldCare& w : worlds_) {
    const sim::World* world = meadow.world(w.kind);
    if (world == nullptr || world->settings_schema() == nullptr) continue;
    if (now - w.last_change < settings_.drift_after || world->settings_now() == w.start) continue;
    w.last_change = now;  // at most once a wait, whatever the world makes of it
    sim::Action action{sim::kOperator, 0, sim::SettingsChange{w.kind, w.start, std::nullopt}, w.kind};
    out.push_back({CareRule::drift, std::move(action),
                   "the " + std::string(world->name()) + "'s settings drift back: no one touched them for a while", {}});
  }
}

void Caretaker::rocks(double now, const sim::Meadow& meadow, std::vector<CareDecision>& out) {
  const sim::Land& land = meadow.land();
  // Forget rocks that are gone.
  std::erase_if(rock_orphaned_since_, [&](const auto& entry) {
    return std::none_of(land.rocks().begin(), land.rocks().end(), [&](const sim::Rock& r) { return r.id == entry.first; });
  });
  for (const sim::Rock& rock : land.rocks()) {
    if (rock.owner == sim::kOperator) continue;  // the operator's stay
    if (visitor_here(rock.owner, rock.visitor)) {
      rock_orphaned_since_.erase(rock.id);
      continue;
    }
    const double since = rock_orphaned_since_.try_emplace(rock.id, now).first->second;
    if (now - since < settings_.rocks_after) continue;
    rock_orphaned_since_.erase(rock.id);
    if (land.rock_at(rock.center) != rock.id) continue;  // another lies on top: a tap would take that one
    sim::Action action{sim::kOperator, 0, sim::RockTap{rock.center}, meadow.worlds().front()->kind()};
    out.push_back({CareRule::rocks, std::move(action), "a rock fades: its visitor left a while ago", {}});
  }
}

void Caretaker::revive(double now, const sim::Meadow& meadow, std::vector<CareDecision>& out) {
  for (WorldCare& w : worlds_) {
    const sim::World* world = meadow.world(w.kind);
    if (world == nullptr || !world->languishing()) {
      w.languishing_since.reset();
      continue;
    }
    if (!w.languishing_since) w.languishing_since = now;
    if (now - *w.languishing_since < settings_.revive_after) continue;
    w.languishing_since.reset();  // another wait before the next revival
    for (sim::ActionBody& body : world->revival()) {
      out.push_back({CareRule::revive, sim::Action{sim::kOperator, 0, std::move(body), w.kind},
                     "the " + std::string(world->name()) + " languished a while: revived", {}});
    }
  }
}

void Caretaker::hours(const CareClock& clock, const sim::Meadow& meadow, std::vector<CareDecision>& out) {
  const sim::WorldKind any = meadow.worlds().front()->kind();
  const bool enabled = switches_.enabled(CareRule::hours) && settings_.hours.has_value();
  const bool open = !enabled || settings_.hours->open_at(clock.minute_of_day);
  if (open == !closed_) return;
  closed_ = !open;
  switches_.closed.store(closed_);
  if (closed_) {
    out.push_back({CareRule::hours, sim::Action{sim::kOperator, 0, sim::SetPaused{true}, any},
                   "closing time: the meadow rests",
                   "The meadow rests for the night; it opens again at " + opening_time(settings_.hours->opens) + "."});
  } else {
    out.push_back({CareRule::hours, sim::Action{sim::kOperator, 0, sim::SetPaused{false}, any}, "opening time",
                   "The meadow is open."});
  }
}

}  // namespace meadow::app
