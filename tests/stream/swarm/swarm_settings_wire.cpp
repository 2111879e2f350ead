#include "stream/swarm/swarm_settings_wire.hpp"

#include "sim/swarm/swarm_settings.hpp"

namespace meadow::stream {

namespace {

// Both messages have the same fields.
template <typename Message>
sim::SettingsChange read(const Message& from) {
  sim::SwarmSettingsChange change;
  if (from.has_count()) change.count = from.count();
  if (from.has_separation()) change.separation = from.separation();
  if (from.has_alignment()) change.alignment = from.alignment();
  if (from.has_cohesion()) change.cohesion = from.cohesion();
  if (from.has_speed()) change.speed = from.speed();
  return sim::as_settings(change);
}

}  // namespace

sim::SettingsChange swarm_settings_from_proto(const v1::SwarmSettings& from) { return read(from); }
sim::SettingsChange swarm_settings_from_proto(const v1::SavedSwarmSettings& from) { return read(from); }

}  // namespace meadow::stream
