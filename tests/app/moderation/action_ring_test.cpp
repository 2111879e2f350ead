// The actions applied lately (server/app/moderation/action_ring.hpp): each in words, as the meadow
// prices it, filtered by session, visitor and time; held pointers' moves left out; the oldest fall
// off past the ring's size.
#include "app/moderation/action_ring.hpp"

#include <gtest/gtest.h>

#include <memory>

#include "sim/pond/pond_world.hpp"

namespace meadow::app {
namespace action_ring_test {

std::unique_ptr<sim::Meadow> pond() {
  return std::make_unique<sim::Meadow>(
      3, std::vector<sim::WorldMaker>{[](std::uint64_t seed, sim::Land& land) -> std::unique_ptr<sim::World> {
        return std::make_unique<sim::PondWorld>(seed, land.meadow());
      }});
}

sim::Action by(std::uint64_t origin, std::uint64_t visitor, sim::ActionBody body) {
  sim::Action a{origin, 0, std::move(body), sim::WorldKind::pond};
  a.visitor = visitor;
  return a;
}

TEST(ActionRing, SaysWhatEachWasAndWhoseAndFiltersThem) {
  auto meadow = pond();
  ActionRing ring;
  const sim::ActionOutcome ok;
  ring.record(*meadow, by(7, 70, sim::RockTap{{400.4F, 300.6F}}), ok, 1000);
  ring.record(*meadow, by(8, 80, sim::SettingsChange{sim::WorldKind::pond, {{"fish", 40}}, "deep"}), ok, 2000);
  ring.record(*meadow, by(7, 70, sim::FlowerTap{{1230.0F, 240.0F}, true}), sim::refused("too_fast", "wait"), 3000);
  ring.record(*meadow, by(7, 70, sim::PredatorPointer{sim::PointerPhase::move, {1.0F, 1.0F}}), ok, 3500);
  ring.record(*meadow, by(sim::kOperator, 0, sim::Clear{"crumbs"}), ok, 4000);
  const auto all = ring.recent({});
  ASSERT_EQ(all.size(), 4U) << "a held pointer's move is not kept";
  EXPECT_EQ(all[0].what, "rock tap at (400, 301)");
  EXPECT_EQ(all[1].what, "pond settings: preset deep, fish=40");
  EXPECT_EQ(all[2].what, "flower tap (pond: crumbs) at (1230, 240) (a handful)");
  EXPECT_FALSE(all[2].accepted);
  EXPECT_EQ(all[2].code, "too_fast");
  EXPECT_EQ(all[3].what, "clear (pond: crumbs): crumbs");
  EXPECT_EQ(ring.recent({.session = 7}).size(), 2U);
  EXPECT_EQ(ring.recent({.visitor = 80}).size(), 1U);
  EXPECT_EQ(ring.recent({.since_ms = 2500}).size(), 2U);
}

TEST(ActionRing, TheOldestFallOff) {
  auto meadow = pond();
  ActionRing ring;
  for (std::size_t i = 0; i < ActionRing::kRingSize + 10; ++i) {
    ring.record(*meadow, by(7, 70, sim::RockTap{{1.0F, 1.0F}}), {}, static_cast<std::int64_t>(i));
  }
  const auto kept = ring.recent({});
  ASSERT_EQ(kept.size(), ActionRing::kRingSize);
  EXPECT_EQ(kept.front().at_ms, 10);
}

}  // namespace action_ring_test
}  // namespace meadow::app
