// The plate's part of a snapshot (server/stream/plate/plate_snapshot.hpp): saved, read back and
// restored, it steps on bit for bit; a damaged one is refused with a reason.
#include "stream/plate/plate_snapshot.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "meadow/v1/snapshot.pb.h"
#include "stream/plate/plate_fixture.hpp"
#include "sim/meadow.hpp"
#include "sim/plate/plate_world.hpp"
#include "sim/state_hash.hpp"
#include "stream/snapshot_mapping.hpp"

namespace meadow::stream {
namespace {

using testing::plate_meadow;

std::vector<WorldSnapshotMapping> mappings() { return {plate_snapshot_mapping()}; }

v1::SavedMeadow saved_of(const sim::Meadow& meadow) {
  v1::SavedMeadow saved;
  to_proto(meadow.save(), mappings(), saved);
  return saved;
}

TEST(PlateSnapshot, ARestoredPlateGoesOnBitForBit) {
  auto meadow = plate_meadow();
  sim::SerialFor serial;
  sim::Action change{42, 0, sim::SettingsChange{sim::WorldKind::plate, {{"birds", 120}, {"trail_length", 30}}, "knot"},
                     sim::WorldKind::plate};
  ASSERT_TRUE(meadow->apply(change).accepted);
  for (int t = 0; t < 90; ++t) meadow->step(serial);
  const v1::SavedMeadow saved = saved_of(*meadow);
  v1::SavedMeadow bytes;
  ASSERT_TRUE(bytes.ParseFromString(saved.SerializeAsString()));
  auto restored = plate_meadow();
  const auto problems = restored->restore(from_proto(bytes, mappings()));
  EXPECT_TRUE(problems.empty());
  const auto& a = meadow->get<sim::PlateWorld>();
  const auto& b = restored->get<sim::PlateWorld>();
  EXPECT_EQ(b.settings(), a.settings());
  EXPECT_EQ(b.birds(), a.birds());
  for (int t = 0; t < 90; ++t) {
    meadow->step(serial);
    restored->step(serial);
  }
  EXPECT_EQ(sim::meadow_state_hash(*restored), sim::meadow_state_hash(*meadow));
}

TEST(PlateSnapshot, ADamagedPlateIsRefusedWithAReason) {
  auto meadow = plate_meadow();
  const v1::SavedMeadow good = saved_of(*meadow);
  const auto refused = [](v1::SavedMeadow s, const char* what) {
    try {
      (void)from_proto(s, mappings());
      ADD_FAILURE() << what << " was taken";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("the plate's snapshot"), std::string::npos) << e.what();
    }
  };
  v1::SavedMeadow s = good;
  s.mutable_worlds(0)->mutable_plate()->mutable_y()->RemoveLast();
  refused(s, "arrays of different lengths");
  s = good;
  s.mutable_worlds(0)->mutable_plate()->set_x(0, 1.5);
  refused(s, "a bird off the plate");
  s = good;
  s.mutable_worlds(0)->mutable_plate()->set_heading_x(0, 3.0);
  refused(s, "a heading that is not a unit vector");
  s = good;
  s.mutable_worlds(0)->mutable_plate()->set_cohesion(9.0);
  refused(s, "a weight past its range");
  s = good;
  s.mutable_worlds(0)->mutable_plate()->mutable_x()->Clear();
  s.mutable_worlds(0)->mutable_plate()->mutable_y()->Clear();
  s.mutable_worlds(0)->mutable_plate()->mutable_heading_x()->Clear();
  s.mutable_worlds(0)->mutable_plate()->mutable_heading_y()->Clear();
  refused(s, "fewer birds than the plate holds");
  s = good;
  s.mutable_worlds(0)->mutable_plate()->mutable_crossings()->mutable_above()->Add(true);
  refused(s, "a third threshold");
}

}  // namespace
}  // namespace meadow::stream
