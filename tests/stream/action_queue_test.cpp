#include "stream/action_queue.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace meadow::stream {
namespace {

sim::Action move(std::uint64_t origin, float x, sim::WorldKind world = sim::WorldKind::swarm) {
  return sim::Action{origin, 0, sim::PredatorPointer{sim::PointerPhase::move, {x, 1.0F}}, world};
}

std::vector<float> xs(const std::vector<QueuedAction>& actions) {
  std::vector<float> out;
  for (const QueuedAction& q : actions) {
    if (const auto* p = std::get_if<sim::PredatorPointer>(&q.action.body)) out.push_back(p->at.x);
    if (const auto* p = std::get_if<sim::AttractPointer>(&q.action.body)) out.push_back(p->at.x);
    if (std::holds_alternative<sim::RockTap>(q.action.body)) out.push_back(-1.0F);
  }
  return out;
}

TEST(DropSupersededMoves, KeepsEachViewersLastMoveOfARun) {
  std::vector<QueuedAction> actions;
  for (float x = 1.0F; x <= 5.0F; x += 1.0F) actions.push_back({move(7, x), {}});
  actions.push_back({move(8, 10.0F), {}});  // another viewer's, between
  actions.push_back({move(7, 6.0F), {}});
  EXPECT_EQ(drop_superseded_moves(actions), 5U);
  EXPECT_EQ(xs(actions), (std::vector<float>{10.0F, 6.0F}));
}

TEST(DropSupersededMoves, KeepsAMoveFollowedByAnythingElseOfItsViewer) {
  std::vector<QueuedAction> actions;
  actions.push_back({move(7, 1.0F), {}});
  actions.push_back({sim::Action{7, 0, sim::RockTap{{1.0F, 1.0F}}}, {}});  // the rock sees the predator at 1
  actions.push_back({move(7, 2.0F), {}});
  actions.push_back({move(7, 3.0F, sim::WorldKind::mold), {}});  // another world's pointer
  actions.push_back({sim::Action{7, 0, sim::AttractPointer{sim::PointerPhase::move, {4.0F, 1.0F}}}, {}});
  actions.push_back({sim::Action{7, 0, sim::PredatorPointer{sim::PointerPhase::up, {}}}, {}});
  EXPECT_EQ(drop_superseded_moves(actions), 0U);
  EXPECT_EQ(actions.size(), 6U);
}

TEST(DropSupersededMoves, KeepsAnsweredMoves) {
  std::vector<QueuedAction> actions;
  int answered = 0;
  actions.push_back({move(0, 1.0F), [&](const sim::ActionOutcome&, std::uint64_t) { ++answered; }});
  actions.push_back({move(0, 2.0F), {}});
  EXPECT_EQ(drop_superseded_moves(actions), 0U);
  ASSERT_EQ(actions.size(), 2U);
  actions[0].reply({}, 0);
  EXPECT_EQ(answered, 1);
}

}  // namespace
}  // namespace meadow::stream
