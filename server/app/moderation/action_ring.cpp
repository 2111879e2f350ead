#include "app/moderation/action_ring.hpp"

#include <cmath>
#include <string>
#include <type_traits>
#include <variant>

namespace meadow::app {

namespace {

std::string at_text(sim::Vec2 at) {
  return " at (" + std::to_string(std::lround(at.x)) + ", " + std::to_string(std::lround(at.y)) + ")";
}

}  // namespace

std::string action_in_words(const sim::Meadow& meadow, const sim::Action& action) {
  const std::size_t body = action.body.index();
  const sim::Price* price = sim::price_of(sim::meadow_prices(), body);
  if (price == nullptr) {
    const sim::WorldKind target = sim::settings_world(action.body).value_or(action.world);
    if (const sim::World* w = meadow.world(target)) price = sim::price_of(w->prices(), body);
  }
  std::string words = price != nullptr ? std::string(price->message) : "action";
  std::visit(
      [&](const auto& b) {
        using T = std::decay_t<decltype(b)>;
        if constexpr (requires { b.at; }) {
          words += at_text(b.at);
        } else if constexpr (std::is_same_v<T, sim::SettingsChange>) {
          std::string values;
          if (b.preset) values += "preset " + *b.preset;
          for (const sim::SettingValue& v : b.values) {
            values += (values.empty() ? "" : ", ") + v.name + "=" + sim::shortest_number(v.value);
          }
          if (!values.empty()) words += ": " + values;
        } else if constexpr (std::is_same_v<T, sim::Clear>) {
          words += ": " + b.what;
        }
      },
      action.body);
  if (const auto* tap = std::get_if<sim::FlowerTap>(&action.body); tap != nullptr && tap->handful) words += " (a handful)";
  return words;
}

void ActionRing::record(const sim::Meadow& meadow, const sim::Action& action, const sim::ActionOutcome& outcome,
                        std::int64_t at_ms, std::vector<sim::SettingValue> settings_before) {
  // Held pointers' moves are many and say little: their down and up are kept.
  if (sim::pointer_phase(action.body) == sim::PointerPhase::move) return;
  net::RecentAction r{at_ms,          action.tick,   action.origin, action.visitor, action.world,
                      action_in_words(meadow, action), outcome.accepted, outcome.code, std::move(settings_before),
                      sim::settings_world(action.body).value_or(action.world)};
  const std::lock_guard lock(mutex_);
  ring_.push_back(std::move(r));
  if (ring_.size() > kRingSize) ring_.pop_front();
}

std::vector<net::RecentAction> ActionRing::recent(const net::RecentFilter& filter) const {
  std::vector<net::RecentAction> out;
  const std::lock_guard lock(mutex_);
  for (const net::RecentAction& r : ring_) {
    if (r.at_ms < filter.since_ms) continue;
    if (filter.session != 0 && r.session != filter.session) continue;
    if (filter.visitor != 0 && r.visitor != filter.visitor) continue;
    out.push_back(r);
  }
  return out;
}

}  // namespace meadow::app
