// The swarm's tool marks and events on the wire (stream/swarm/swarm_marks.*, swarm_events_mapping.*).
#include "stream/swarm/swarm_marks.hpp"
#include "stream/swarm/swarm_events_mapping.hpp"

#include <gtest/gtest.h>

#include "meadow/v1/viewer.pb.h"

namespace meadow::stream {
namespace {

TEST(ProtoMapping, MarksAndEvents) {
  v1::Mark mark;
  to_proto(sim::ToolMark{12, 34, {5.0F, 6.0F}}, v1::TOOL_ATTRACT, 40.0F, mark);
  EXPECT_EQ(mark.id(), 12U);
  EXPECT_EQ(mark.owner_session(), 34U);
  EXPECT_EQ(mark.tool(), v1::TOOL_ATTRACT);
  EXPECT_EQ(mark.position().y(), 6.0F);
  EXPECT_EQ(mark.radius(), 40.0F);
  v1::Mark predator;
  to_proto(sim::SwarmPredator{9, {7.0F, 8.0F}}, 240.0F, predator);
  EXPECT_EQ(predator.tool(), v1::TOOL_PREDATOR);
  EXPECT_EQ(predator.owner_session(), 9U);
  EXPECT_EQ(predator.radius(), 240.0F);
  v1::Event crossing;
  to_proto(sim::SwarmEvent{1, 50, sim::OrderCrossingEvent{0.7F, false, 0.64F}}, crossing);
  EXPECT_EQ(crossing.tick(), 50U);
  ASSERT_TRUE(crossing.has_order_crossing());
  EXPECT_FALSE(crossing.order_crossing().rising());
  EXPECT_EQ(crossing.order_crossing().threshold(), 0.7F);
  EXPECT_EQ(crossing.order_crossing().order(), 0.64F);
  v1::Event eaten;
  to_proto(sim::SwarmEvent{2, 51, sim::CrumbEatenEvent{3, {1.0F, 2.0F}}}, eaten);
  ASSERT_TRUE(eaten.has_crumb_eaten());
  EXPECT_EQ(eaten.crumb_eaten().mark_id(), 3U);
  EXPECT_EQ(eaten.crumb_eaten().position().x(), 1.0F);
}

}  // namespace
}  // namespace meadow::stream
