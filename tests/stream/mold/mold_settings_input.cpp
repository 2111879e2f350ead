#include "stream/mold/mold_settings_input.hpp"

#include "sim/mold/mold_settings.hpp"

namespace meadow::stream {

sim::SettingsChange mold_settings_from_proto(const v1::MoldSettings& settings) {
  sim::MoldSettingsChange change;
  if (settings.has_preset()) change.preset = settings.preset();
  if (settings.has_agents()) change.agents = settings.agents();
  if (settings.has_sensor_angle()) change.sensor_angle_deg = settings.sensor_angle();
  if (settings.has_turn_angle()) change.turn_angle_deg = settings.turn_angle();
  if (settings.has_sensor_distance()) change.sensor_distance = settings.sensor_distance();
  if (settings.has_deposit()) change.deposit = settings.deposit();
  if (settings.has_decay()) change.decay = settings.decay();
  if (settings.has_diffusion()) change.diffusion = settings.diffusion();
  if (settings.has_occupancy()) change.occupancy = settings.occupancy();
  return sim::as_settings(change);
}

}  // namespace meadow::stream
