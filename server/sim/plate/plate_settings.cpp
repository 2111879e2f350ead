#include "sim/plate/plate_settings.hpp"

#include <array>
#include <cmath>
#include <string>

namespace meadow::sim {
namespace {

using namespace plate_rules;

// The source's defaults, and its three phases: each weight alone, at the top of its live range.
// At its default a weight alone is too weak to show its phase within the study's 360 steps
// (measured from the seeded scatter: alignment 1 alone reaches an order of 0.708 after the
// warm-up, 0.907 only after 720 steps; cohesion 0.7 alone leaves 5.3 neighbours a bird against
// the scatter's 5.1); at 2.5 the stream is 0.944 after the warm-up and the knot 23 neighbours a
// bird after 360 steps (docs/rules.md "The plate").
constexpr std::array<PlatePreset, 4> kPresets = {{
    {"reynolds", "Reynolds", kDefaultSeparation, kDefaultAlignment, kDefaultCohesion},
    {"gas", "Gas", kMaxWeight, 0.0, 0.0},
    {"stream", "Stream", 0.0, kMaxWeight, 0.0},
    {"knot", "Knot", 0.0, 0.0, kMaxWeight},
}};

SettingsSchema make_schema() {
  using namespace plate_setting;
  const auto weight = [](std::string_view name, const char* label) {
    return SettingSpec{std::string(name), label, "", SettingKind::number, 0.0, kMaxWeight, 0.05};
  };
  SettingsSchema schema;
  schema.world = WorldKind::plate;
  schema.settings = {
      {std::string(kBirds), "birds", "birds", SettingKind::whole, static_cast<double>(kMinBirds),
       static_cast<double>(kMaxBirds), 10.0},
      weight(kSeparation, "separation"),
      weight(kAlignment, "alignment"),
      weight(kCohesion, "cohesion"),
      {std::string(kNeighbourhood), "neighbourhood", "of the plate's side", SettingKind::number, kMinNeighbourhood,
       kMaxNeighbourhood, 0.005},
      {std::string(kTrailLength), "trail length", "frames", SettingKind::whole, 0.0,
       static_cast<double>(kMaxTrailLength), 10.0},
  };
  for (const PlatePreset& p : kPresets) schema.presets.push_back({std::string(p.name), std::string(p.title)});
  return schema;
}

}  // namespace

std::span<const PlatePreset> plate_presets() { return kPresets; }

std::string_view plate_preset_matching(const PlateSettings& s) {
  for (const PlatePreset& p : kPresets) {
    if (p.separation == s.separation && p.alignment == s.alignment && p.cohesion == s.cohesion) return p.name;
  }
  return {};
}

const SettingsSchema& plate_settings_schema() {
  static const SettingsSchema schema = make_schema();
  return schema;
}

PlateSettings with_change(PlateSettings s, const SettingsChange& change) {
  using namespace plate_setting;
  if (change.preset) {
    for (const PlatePreset& p : kPresets) {
      if (p.name != *change.preset) continue;
      s.separation = p.separation;
      s.alignment = p.alignment;
      s.cohesion = p.cohesion;
    }
  }
  if (const auto v = change.value(kBirds)) s.birds = static_cast<std::uint32_t>(*v);
  if (const auto v = change.value(kSeparation)) s.separation = *v;
  if (const auto v = change.value(kAlignment)) s.alignment = *v;
  if (const auto v = change.value(kCohesion)) s.cohesion = *v;
  if (const auto v = change.value(kNeighbourhood)) s.neighbourhood = *v;
  if (const auto v = change.value(kTrailLength)) s.trail_length = static_cast<std::uint32_t>(*v);
  return s;
}

std::vector<SettingValue> setting_values(const PlateSettings& s) {
  using namespace plate_setting;
  return {{std::string(kBirds), static_cast<double>(s.birds)},
          {std::string(kSeparation), s.separation},
          {std::string(kAlignment), s.alignment},
          {std::string(kCohesion), s.cohesion},
          {std::string(kNeighbourhood), s.neighbourhood},
          {std::string(kTrailLength), static_cast<double>(s.trail_length)}};
}

}  // namespace meadow::sim
