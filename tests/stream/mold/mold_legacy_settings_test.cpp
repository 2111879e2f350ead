// The mold's settings in its own older message (meadow.v1.MoldSettings, at the door and in old
// journals) read by the shared reader (stream/legacy_settings.hpp) as the mold's reader
// (stream/mold/mold_settings_input.hpp) reads it, preset included.
#include <gtest/gtest.h>

#include "meadow/v1/snapshot.pb.h"
#include "meadow/v1/viewer.pb.h"
#include "stream/legacy_settings.hpp"
#include "stream/mold/mold_settings_input.hpp"

namespace meadow::stream {
namespace {

TEST(MoldLegacySettings, TheSharedReaderReadsTheMoldsOwnMessageAsItsReaderDoes) {
  v1::ClientMessage door;
  v1::MoldSettings& m = *door.mutable_mold_settings();
  m.set_preset("lace");
  m.set_agents(40000);
  m.set_sensor_angle(30.0F);
  m.set_turn_angle(20.0F);
  m.set_sensor_distance(9.0F);
  m.set_deposit(0.5F);
  m.set_decay(0.1F);
  m.set_diffusion(0.3F);
  m.set_occupancy(true);
  const auto read = legacy_settings(door);
  ASSERT_TRUE(read.has_value());
  EXPECT_EQ(*read, mold_settings_from_proto(door.mold_settings()));
  EXPECT_EQ(read->world, sim::WorldKind::mold);

  v1::SavedAction journal;
  journal.mutable_mold_settings()->set_occupancy(false);
  journal.mutable_mold_settings()->set_decay(0.2F);
  const auto saved = legacy_settings(journal);
  ASSERT_TRUE(saved.has_value());
  EXPECT_EQ(*saved, mold_settings_from_proto(journal.mold_settings()));
}

}  // namespace
}  // namespace meadow::stream
