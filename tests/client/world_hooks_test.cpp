// meadow-watch's world hooks (client/watch/world_hooks.hpp): each world's figures on the live line
// in the wire's order of worlds, exactly as the line printed them before the worlds had hooks, and
// where the load's people hold predators.
#include <gtest/gtest.h>

#include "watch/world_hooks.hpp"

namespace meadow::client {
namespace {

TEST(WorldHooks, TheLiveLineShowsEachWorldsFiguresInTheWiresOrder) {
  v1::Frame frame;
  frame.mutable_swarm()->set_count(400);
  frame.mutable_swarm()->set_order(0.125F);
  frame.mutable_colony()->set_size(37);
  // (What follows the two is a world the tests register below, when they ran first.)
  EXPECT_EQ(frame_figures_text(frame).substr(0, 35), "  swarm 400 (order 0.12)  colony 37");
  EXPECT_EQ(frame_figures_json(frame).substr(0, 48), "\"fireflies\": 400, \"order\": 0.125, \"colony\": 37, ");
  // Before any frame came: every figure 0.
  EXPECT_EQ(frame_figures_text(v1::Frame::default_instance()).substr(0, 32), "  swarm 0 (order 0.00)  colony 0");
}

TEST(WorldHooks, TheLoadsPeopleHoldPredatorsWhereTheWorldTakesThem) {
  EXPECT_TRUE(people_hold_predators(v1::WORLD_SWARM));
  EXPECT_FALSE(people_hold_predators(v1::WORLD_COLONY));
  EXPECT_TRUE(people_hold_predators(v1::WORLD_UNSPECIFIED)) << "no hooks: every tool";
}

TEST(WorldHooks, AWorldRegisteredAgainReplacesItsHooks) {
  // A world the product's enum does not list: the tests' world's number (tests/support/test_world_kind.hpp).
  const auto kTestWorld = static_cast<v1::World>(15);
  WorldHooks test_world{kTestWorld, [](const v1::Frame&) { return std::string("  t"); },
                        [](const v1::Frame&) { return std::string(); }, false};
  EXPECT_TRUE(register_world_hooks(test_world));
  test_world.text = [](const v1::Frame&) { return std::string("  test"); };
  EXPECT_TRUE(register_world_hooks(test_world));
  EXPECT_EQ(frame_figures_text(v1::Frame::default_instance()), "  swarm 0 (order 0.00)  colony 0  test");
  EXPECT_FALSE(people_hold_predators(kTestWorld));
}

}  // namespace
}  // namespace meadow::client
