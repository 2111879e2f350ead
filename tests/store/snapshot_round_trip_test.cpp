// Every world's state survives the snapshot format: saved, written as bytes, read back and restored
// on a new meadow of the same seed, it is the same meadow (hash), and the next 600 ticks of both,
// with the same actions, are the same bit for bit.
#include <gtest/gtest.h>

#include <string>

#include "app/worker_pool.hpp"
#include "sim/parallel_for.hpp"
#include "store/recovery.hpp"
#include "store/store_fixture.hpp"

namespace meadow::testing {
namespace {

std::string to_bytes(const sim::MeadowState& state) {
  v1::SavedMeadow saved;
  stream::to_proto(state, snapshot_mappings(), saved);
  return saved.SerializeAsString();
}

TEST(SnapshotRoundTrip, EveryWorldComesBackAndGoesOnTheSame) {
  sim::SerialFor serial;
  auto original = three_world_meadow(7);
  ScriptDriver driver;
  driver.run(*original, 420, serial);  // through the script's count change, pause, locks, leaving

  const std::string bytes = to_bytes(original->save());
  auto restored = three_world_meadow(7);
  const std::vector<std::string> problems = restored->restore(store::read_snapshot(bytes, snapshot_mappings()));
  EXPECT_TRUE(problems.empty()) << problems.front();
  EXPECT_EQ(restored->tick(), original->tick());
  EXPECT_EQ(meadow_hash(*restored), meadow_hash(*original));
  EXPECT_EQ(restored->land().rocks(), original->land().rocks());
  EXPECT_EQ(restored->land().world(), original->land().world());
  EXPECT_EQ(restored->get<sim::SwarmWorld>().target_count(), original->get<sim::SwarmWorld>().target_count());
  EXPECT_EQ(restored->get<sim::SwarmWorld>().tools().fed(), original->get<sim::SwarmWorld>().tools().fed());
  EXPECT_EQ(restored->get<sim::MoldWorld>().mold().settings(), original->get<sim::MoldWorld>().mold().settings());
  // And the bytes again: nothing was lost on the way.
  EXPECT_TRUE(to_bytes(restored->save()) == bytes) << "the restored meadow saves to other bytes";

  ScriptDriver a;
  ScriptDriver b;
  for (std::uint64_t until = original->tick() + 100; until <= 1020; until += 100) {
    a.run(*original, until, serial);
    b.run(*restored, until, serial);
    ASSERT_EQ(meadow_hash(*restored), meadow_hash(*original)) << "diverged by tick " << until;
  }
}

TEST(SnapshotRoundTrip, TwoThreadsGoOnAsOne) {
  // The restored meadow on two threads, the original on one: still the same
  // (docs/architecture.md "Determinism" holds across a restore).
  sim::SerialFor serial;
  app::WorkerPool two(2);
  auto original = three_world_meadow(3);
  ScriptDriver driver;
  driver.run(*original, 200, serial);
  auto restored = three_world_meadow(3);
  ASSERT_TRUE(restored->restore(store::read_snapshot(to_bytes(original->save()), snapshot_mappings())).empty());
  ScriptDriver a;
  ScriptDriver b;
  a.run(*original, 500, serial);
  b.run(*restored, 500, two);
  EXPECT_EQ(meadow_hash(*restored), meadow_hash(*original));
}

TEST(SnapshotRoundTrip, AnotherSeedIsRefusedAndChangesNothing) {
  auto original = three_world_meadow(7);
  auto other = three_world_meadow(8);
  const std::uint64_t before = meadow_hash(*other);
  EXPECT_THROW((void)other->restore(original->save()), std::invalid_argument);
  EXPECT_EQ(meadow_hash(*other), before);
}

TEST(SnapshotRoundTrip, DamagedBytesAreRefusedWithAReason) {
  sim::SerialFor serial;
  auto m = three_world_meadow(7);
  ScriptDriver driver;
  driver.run(*m, 30, serial);
  v1::SavedMeadow saved;
  stream::to_proto(m->save(), snapshot_mappings(), saved);
  // Arrays of different lengths.
  v1::SavedMeadow uneven = saved;
  uneven.mutable_worlds(0)->mutable_swarm()->mutable_engine()->mutable_x()->RemoveLast();
  EXPECT_THROW((void)store::read_snapshot(uneven.SerializeAsString(), snapshot_mappings()), std::invalid_argument);
  // A format from the future.
  v1::SavedMeadow future = saved;
  future.set_format(static_cast<v1::SnapshotFormat>(99));
  EXPECT_THROW((void)store::read_snapshot(future.SerializeAsString(), snapshot_mappings()), std::invalid_argument);
  // A mold trail cut short.
  v1::SavedMeadow cut = saved;
  cut.mutable_worlds(2)->mutable_mold()->mutable_trail()->resize(10);
  EXPECT_THROW((void)store::read_snapshot(cut.SerializeAsString(), snapshot_mappings()), std::invalid_argument);
  // Not a snapshot at all.
  EXPECT_THROW((void)store::read_snapshot(std::string("\xff\xff\xff", 3), snapshot_mappings()), std::invalid_argument);
}

}  // namespace
}  // namespace meadow::testing
