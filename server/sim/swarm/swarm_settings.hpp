#pragma once
// The swarm's shared settings (docs/rules.md "The swarm"): its count and its rules' weights and
// speed, as its schema declares them to every sender (sim/settings.hpp), and the change the
// swarm's world takes from a SettingsChange.
#include <cstddef>
#include <cstdint>
#include <optional>

#include "sim/settings.hpp"

namespace meadow::sim {

// The settings' names, as the schema, the wire and the journal give them.
namespace swarm_setting {
inline constexpr std::string_view kCount = "count";
inline constexpr std::string_view kSeparation = "separation";
inline constexpr std::string_view kAlignment = "alignment";
inline constexpr std::string_view kCohesion = "cohesion";
inline constexpr std::string_view kSpeed = "speed";
}  // namespace swarm_setting

// The swarm's settings as its world applies them; absent fields stay as they are.
struct SwarmSettingsChange {
  std::optional<std::uint32_t> count;
  std::optional<float> separation;  // factor of the default weight, SwarmWeights::kMin … kMax
  std::optional<float> alignment;
  std::optional<float> cohesion;
  std::optional<float> speed;  // the speed band's factor, swarm_rules::kLeastSpeedFactor … kMostSpeedFactor
};

// The schema, for a swarm whose engine holds at most `max_count` fireflies.
[[nodiscard]] SettingsSchema swarm_settings_schema(std::size_t max_count);

// A change the schema let through, as the swarm's world applies it.
[[nodiscard]] SwarmSettingsChange swarm_settings_change(const SettingsChange& change);
// And back: the settings change that asks for `change` (the old wire's SwarmSettings, tests).
[[nodiscard]] SettingsChange as_settings(const SwarmSettingsChange& change);

}  // namespace meadow::sim
