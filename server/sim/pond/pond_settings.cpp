#include "sim/pond/pond_settings.hpp"

#include <array>
#include <string>

namespace meadow::sim {
namespace {


struct PaletteName {
  PondPalette palette;
  std::string_view name;
  std::string_view title;
};
constexpr std::array<PaletteName, 3> kPalettes = {{
    {PondPalette::tropical, "tropical", "Tropical"},
    {PondPalette::arctic, "arctic", "Arctic"},
    {PondPalette::deep, "deep", "Deep"},
}};

SettingsSchema make_pond_schema() {
  using namespace pond_setting;
  SettingsSchema schema;
  schema.world = WorldKind::pond;
  schema.settings = {
      {std::string(kFish), "fish", "fish", SettingKind::whole, static_cast<double>(pond_rules::kMinFish),
       static_cast<double>(pond_rules::kMaxFish), 1.0},
      {std::string(kMaxSpeed), "maximum speed", "pixels a step", SettingKind::number, pond_rules::kMinMaxSpeedPx, pond_rules::kMaxMaxSpeedPx,
       0.1},
      {std::string(kCohesion), "cohesion", "pixels a step²", SettingKind::number, 0.0, pond_rules::kMaxCohesionPx, 0.001},
  };
  for (const PaletteName& p : kPalettes) schema.presets.push_back({std::string(p.name), std::string(p.title)});
  return schema;
}

}  // namespace

std::string_view palette_name(PondPalette palette) {
  for (const PaletteName& p : kPalettes) {
    if (p.palette == palette) return p.name;
  }
  return kPalettes[0].name;
}

std::optional<PondPalette> palette_named(std::string_view name) {
  for (const PaletteName& p : kPalettes) {
    if (p.name == name) return p.palette;
  }
  return std::nullopt;
}

const SettingsSchema& pond_settings_schema() {
  static const SettingsSchema schema = make_pond_schema();
  return schema;
}

PondSettings with_change(PondSettings s, const SettingsChange& change) {
  using namespace pond_setting;
  if (change.preset) {
    if (const auto palette = palette_named(*change.preset)) s.palette = *palette;
  }
  if (const auto v = change.value(kFish)) s.fish = static_cast<std::uint32_t>(*v);
  if (const auto v = change.value(kMaxSpeed)) s.max_speed_px = *v;
  if (const auto v = change.value(kCohesion)) s.cohesion_px = *v;
  return s;
}

std::vector<SettingValue> setting_values(const PondSettings& s) {
  using namespace pond_setting;
  return {{std::string(kFish), static_cast<double>(s.fish)},
          {std::string(kMaxSpeed), s.max_speed_px},
          {std::string(kCohesion), s.cohesion_px}};
}

}  // namespace meadow::sim
