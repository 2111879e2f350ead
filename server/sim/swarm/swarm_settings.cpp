#include "sim/swarm/swarm_settings.hpp"

#include <string>

#include "sim/swarm/swarm_engine.hpp"
#include "sim/swarm/swarm_rules.hpp"

namespace meadow::sim {

namespace {

// A weight's slider moves in twentieths of the default.
constexpr double kWeightStep = 0.05;

SettingSpec weight(std::string_view name, const char* label) {
  return {std::string(name), label, "× default", SettingKind::number, SwarmWeights::kMin, SwarmWeights::kMax,
          kWeightStep};
}

}  // namespace

SettingsSchema swarm_settings_schema(std::size_t max_count) {
  using namespace swarm_setting;
  SettingsSchema schema;
  schema.world = WorldKind::swarm;
  schema.settings = {
      {std::string(kCount), "count", "fireflies", SettingKind::whole, static_cast<double>(SwarmEngine::kMinCount),
       static_cast<double>(max_count), static_cast<double>(SwarmEngine::kMinCount)},
      weight(kSeparation, "separation weight"),
      weight(kAlignment, "alignment weight"),
      weight(kCohesion, "cohesion weight"),
      {std::string(kSpeed), "speed", "× the speed band", SettingKind::number, swarm_rules::kLeastSpeedFactor,
       swarm_rules::kMostSpeedFactor, kWeightStep},
  };
  return schema;
}

SwarmSettingsChange swarm_settings_change(const SettingsChange& change) {
  using namespace swarm_setting;
  SwarmSettingsChange typed;
  if (const auto count = change.value(kCount)) typed.count = static_cast<std::uint32_t>(*count);
  typed.separation = change.float_value(kSeparation);
  typed.alignment = change.float_value(kAlignment);
  typed.cohesion = change.float_value(kCohesion);
  typed.speed = change.float_value(kSpeed);
  return typed;
}

SettingsChange as_settings(const SwarmSettingsChange& change) {
  using namespace swarm_setting;
  SettingsChange generic;
  generic.world = WorldKind::swarm;
  generic.put(kCount, change.count);
  generic.put(kSeparation, change.separation);
  generic.put(kAlignment, change.alignment);
  generic.put(kCohesion, change.cohesion);
  generic.put(kSpeed, change.speed);
  return generic;
}

}  // namespace meadow::sim
