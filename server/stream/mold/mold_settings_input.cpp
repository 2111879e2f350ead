#include "stream/mold/mold_settings_input.hpp"

#include <cmath>
#include <optional>
#include <sstream>

#include "sim/mold/mold_settings.hpp"

namespace meadow::stream {

std::variant<sim::MoldSettingsChange, MoldSettingsError> mold_settings_change(const v1::MoldSettings& settings) {
  const auto check = [](bool has, float value, sim::MoldSettingRange range,
                        const char* name) -> std::optional<MoldSettingsError> {
    if (!has) return std::nullopt;
    if (std::isfinite(value) && value >= range.min && value <= range.max) return std::nullopt;
    std::ostringstream text;
    text << "The mold's " << name << " must be between " << range.min << " and " << range.max << ".";
    return MoldSettingsError{"out_of_range", text.str()};
  };
  for (auto error : {check(settings.has_sensor_angle(), settings.sensor_angle(), sim::kSensorAngleRange, "sensor angle"),
                     check(settings.has_turn_angle(), settings.turn_angle(), sim::kTurnAngleRange, "turn angle"),
                     check(settings.has_sensor_distance(), settings.sensor_distance(), sim::kSensorDistanceRange,
                           "sensor distance"),
                     check(settings.has_deposit(), settings.deposit(), sim::kDepositRange, "deposit"),
                     check(settings.has_decay(), settings.decay(), sim::kDecayRange, "decay"),
                     check(settings.has_diffusion(), settings.diffusion(), sim::kDiffusionRange, "diffusion")}) {
    if (error) return *error;
  }
  sim::MoldSettingsChange change;
  if (settings.has_preset()) {
    if (sim::mold_preset(settings.preset()) == nullptr) {
      return MoldSettingsError{"unknown_value", sim::unknown_preset_text()};
    }
    change.preset = settings.preset();
  }
  if (settings.has_agents()) change.agents = settings.agents();
  if (settings.has_sensor_angle()) change.sensor_angle_deg = settings.sensor_angle();
  if (settings.has_turn_angle()) change.turn_angle_deg = settings.turn_angle();
  if (settings.has_sensor_distance()) change.sensor_distance = settings.sensor_distance();
  if (settings.has_deposit()) change.deposit = settings.deposit();
  if (settings.has_decay()) change.decay = settings.decay();
  if (settings.has_diffusion()) change.diffusion = settings.diffusion();
  if (settings.has_occupancy()) change.occupancy = settings.occupancy();
  return change;
}

}  // namespace meadow::stream
