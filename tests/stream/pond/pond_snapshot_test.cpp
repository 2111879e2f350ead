// The pond's part of a snapshot (server/stream/pond/pond_snapshot.hpp): saved, read back and
// restored, it steps on bit for bit; a damaged one is refused with a reason.
#include "stream/pond/pond_snapshot.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "meadow/v1/snapshot.pb.h"
#include "sim/meadow.hpp"
#include "sim/state_hash.hpp"
#include "stream/pond/pond_fixture.hpp"
#include "stream/snapshot_mapping.hpp"

namespace meadow::stream {
namespace pond_snapshot_test {

using testing::pond_action;
using testing::pond_meadow;

std::vector<WorldSnapshotMapping> mappings() { return {pond_snapshot_mapping()}; }

v1::SavedMeadow saved_of(const sim::Meadow& meadow) {
  v1::SavedMeadow saved;
  to_proto(meadow.save(), mappings(), saved);
  return saved;
}

TEST(PondSnapshot, ARestoredPondGoesOnBitForBit) {
  auto meadow = pond_meadow();
  sim::SerialFor serial;
  const sim::Vec2 c = meadow->get<sim::PondWorld>().water().centre();
  sim::Action change = pond_action(42, sim::SettingsChange{sim::WorldKind::pond, {{"fish", 33}, {"cohesion", 0.04}}, "deep"});
  ASSERT_TRUE(meadow->apply(change).accepted);
  sim::Action handful = pond_action(42, sim::FlowerTap{c, true});
  ASSERT_TRUE(meadow->apply(handful).accepted);
  sim::Action predator = pond_action(43, sim::PredatorPointer{sim::PointerPhase::down, c});
  ASSERT_TRUE(meadow->apply(predator).accepted);
  for (int t = 0; t < 90; ++t) meadow->step(serial);
  const v1::SavedMeadow saved = saved_of(*meadow);
  v1::SavedMeadow bytes;
  ASSERT_TRUE(bytes.ParseFromString(saved.SerializeAsString()));
  auto restored = pond_meadow();
  EXPECT_TRUE(restored->restore(from_proto(bytes, mappings())).empty());
  const auto& a = meadow->get<sim::PondWorld>();
  const auto& b = restored->get<sim::PondWorld>();
  EXPECT_EQ(b.settings(), a.settings());
  EXPECT_EQ(b.fish(), a.fish());
  EXPECT_EQ(b.tools().state(), a.tools().state());
  EXPECT_EQ(b.fed(), a.fed());
  for (int t = 0; t < 200; ++t) {
    meadow->step(serial);
    restored->step(serial);
  }
  EXPECT_EQ(sim::meadow_state_hash(*restored), sim::meadow_state_hash(*meadow));
}

TEST(PondSnapshot, ADamagedPondIsRefusedWithAReason) {
  auto meadow = pond_meadow();
  const v1::SavedMeadow good = saved_of(*meadow);
  const auto refused = [](const v1::SavedMeadow& s, const char* what) {
    try {
      (void)from_proto(s, mappings());
      ADD_FAILURE() << what << " was taken";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("the pond's snapshot"), std::string::npos) << e.what();
    }
  };
  v1::SavedMeadow s = good;
  s.mutable_worlds(0)->mutable_pond()->mutable_vy()->RemoveLast();
  refused(s, "arrays of different lengths");
  s = good;
  s.mutable_worlds(0)->mutable_pond()->set_palette("neon");
  refused(s, "an unknown palette");
  s = good;
  s.mutable_worlds(0)->mutable_pond()->set_cohesion(0.5);
  refused(s, "a cohesion past its range");
  s = good;
  s.mutable_worlds(0)->mutable_pond()->set_x(0, std::nan(""));
  refused(s, "a fish at no number");
  s = good;
  for (auto* v : {s.mutable_worlds(0)->mutable_pond()->mutable_x(), s.mutable_worlds(0)->mutable_pond()->mutable_y(),
                  s.mutable_worlds(0)->mutable_pond()->mutable_vx(), s.mutable_worlds(0)->mutable_pond()->mutable_vy()}) {
    v->Clear();
  }
  refused(s, "a pond of no fish");
}

TEST(PondSnapshot, AHandfulGoesThroughTheJournalAsAHandfulAndATapAsATap) {
  for (const bool handful : {true, false}) {
    const sim::Action action = pond_action(11, sim::FlowerTap{{1230.0F, 240.0F}, handful});
    v1::JournalRecord record;
    to_proto(JournalEntry{40, action}, record);
    EXPECT_EQ(record.action().has_flower_handful(), handful);
    const auto back = std::get<sim::Action>(from_proto(record).entry);
    const auto& tap = std::get<sim::FlowerTap>(back.body);
    EXPECT_EQ(tap.handful, handful);
    EXPECT_EQ(tap.at, (sim::Vec2{1230.0F, 240.0F}));
    EXPECT_EQ(back.world, sim::WorldKind::pond);
  }
}

}  // namespace pond_snapshot_test
}  // namespace meadow::stream
