// The swarm's settings in its own older messages (meadow.v1.SwarmSettings at the door,
// SavedSwarmSettings in old journals) read by the shared reader (stream/legacy_settings.hpp) as
// the swarm's reader (stream/swarm/swarm_settings_wire.hpp) reads them, field for field.
#include <gtest/gtest.h>

#include "meadow/v1/snapshot.pb.h"
#include "meadow/v1/viewer.pb.h"
#include "stream/legacy_settings.hpp"
#include "stream/swarm/swarm_settings_wire.hpp"

namespace meadow::stream {
namespace {

TEST(SwarmLegacySettings, TheSharedReaderReadsTheSwarmsOwnMessagesAsItsReaderDoes) {
  v1::ClientMessage door;
  door.mutable_swarm_settings()->set_count(20000);
  door.mutable_swarm_settings()->set_cohesion(3.0F);
  door.mutable_swarm_settings()->set_separation(0.0F);
  door.mutable_swarm_settings()->set_speed(1.5F);
  const auto read = legacy_settings(door);
  ASSERT_TRUE(read.has_value());
  EXPECT_EQ(*read, swarm_settings_from_proto(door.swarm_settings()));
  EXPECT_EQ(read->world, sim::WorldKind::swarm);

  v1::SavedAction journal;
  journal.mutable_swarm_settings()->set_alignment(0.5F);
  const auto saved = legacy_settings(journal);
  ASSERT_TRUE(saved.has_value());
  EXPECT_EQ(*saved, swarm_settings_from_proto(journal.swarm_settings()));

  v1::ClientMessage empty;
  empty.mutable_swarm_settings();
  ASSERT_TRUE(legacy_settings(empty).has_value());
  EXPECT_EQ(*legacy_settings(empty), swarm_settings_from_proto(empty.swarm_settings()));
}

TEST(SwarmLegacySettings, OtherBodiesAreNoWorldsSettings) {
  v1::ClientMessage ping;
  ping.mutable_ping()->set_client_time_ms(5);
  EXPECT_FALSE(legacy_settings(ping).has_value());
  v1::ClientMessage settings;
  settings.mutable_settings();
  EXPECT_FALSE(legacy_settings(settings).has_value());
  EXPECT_FALSE(legacy_settings(v1::ClientMessage{}).has_value());
}

}  // namespace
}  // namespace meadow::stream
