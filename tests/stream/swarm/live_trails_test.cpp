// The live trails layer's points (stream/swarm/live_trails.hpp): a bounded set of the
// swarm's fireflies, the same ones from frame to frame, quantised over the world; built into a
// frame bundle only while some viewer watches trails.
#include "stream/swarm/live_trails.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <optional>
#include <span>
#include <string_view>
#include <memory>
#include <numeric>
#include <vector>

#include "stream/fake_swarm.hpp"
#include "sim/swarm/trail_choice.hpp"
#include "stream/frame_builder.hpp"
#include "stream/proto_mapping.hpp"
#include "support/meadow_streams.hpp"
#include "support/meadow_worlds.hpp"
#include "stream/swarm_fixture.hpp"

namespace meadow::stream {
namespace {

constexpr sim::Rect kTrailsWorld{0.0F, 0.0F, 1600.0F, 900.0F};

std::unique_ptr<testing::FakeSwarm> swarm_of(std::size_t count) {
  auto swarm = std::make_unique<testing::FakeSwarm>();
  const testing::SwarmFixture fixture(count, kTrailsWorld, 5);
  const sim::SwarmView v = fixture.view();
  swarm->x.assign(v.x.begin(), v.x.end());
  swarm->y.assign(v.y.begin(), v.y.end());
  swarm->vx.assign(v.vx.begin(), v.vx.end());
  swarm->vy.assign(v.vy.begin(), v.vy.end());
  swarm->fake_ids.resize(count);
  std::iota(swarm->fake_ids.begin(), swarm->fake_ids.end(), 100U);
  return swarm;
}

TEST(LiveTrails, ABoundedSetOfFirefliesWherePutQuantisedOverTheWorld) {
  const auto swarm = swarm_of(5000);
  v1::TrailPoints points;
  LiveTrails().fill(*swarm, 42, kTrailsWorld, 7, 70, points);
  EXPECT_EQ(points.frame(), 7U);
  EXPECT_EQ(points.tick(), 70U);
  ASSERT_EQ(points.ids_size(), static_cast<int>(kLiveTrailCount));
  ASSERT_EQ(points.xy_size(), points.ids_size());
  EXPECT_TRUE(std::is_sorted(points.ids().begin(), points.ids().end()));
  EXPECT_LT(points.ByteSizeLong(), 2400U) << "a small addition to a frame";
  for (int k = 0; k < points.ids_size(); ++k) {
    const std::size_t i = points.ids(k) - 100U;
    const sim::Vec2 p = trail_point(points.xy(k), from_proto(points.bounds()));
    // The fixture lets a few drift just past the edge: they show on it.
    EXPECT_NEAR(p.x, std::clamp(swarm->x[i], 0.0F, 1600.0F), 1600.0F / kTrailPointSteps);
    EXPECT_NEAR(p.y, std::clamp(swarm->y[i], 0.0F, 900.0F), 900.0F / kTrailPointSteps);
  }
}

TEST(LiveTrails, TheSameFirefliesFrameAfterFrameAndARecordingsAmongThem) {
  auto swarm = swarm_of(5000);
  LiveTrails trails;
  v1::TrailPoints first;
  trails.fill(*swarm, 42, kTrailsWorld, 1, 1, first);
  // The engine reorders its fireflies every step; the layer follows the same ones, and where
  // they are now.
  std::reverse(swarm->fake_ids.begin(), swarm->fake_ids.end());
  std::reverse(swarm->x.begin(), swarm->x.end());
  std::reverse(swarm->y.begin(), swarm->y.end());
  v1::TrailPoints second;
  trails.fill(*swarm, 42, kTrailsWorld, 2, 2, second);
  EXPECT_EQ(trails.choices(), 1U) << "the choice is kept while the population stays";
  EXPECT_TRUE(std::equal(first.xy().begin(), first.xy().end(), second.xy().begin(), second.xy().end()));
  EXPECT_TRUE(std::equal(first.ids().begin(), first.ids().end(), second.ids().begin(), second.ids().end()));
  const std::vector<std::size_t> recorded = sim::chosen_for_trails(swarm->fake_ids, 42, 200);
  for (const std::size_t i : recorded) {
    EXPECT_TRUE(std::binary_search(first.ids().begin(), first.ids().end(), swarm->fake_ids[i]));
  }
}

// A resize (population() moves, or the count changes as leavers fly out) draws the choice again;
// a chosen firefly gone meanwhile is left out rather than shown anywhere.
TEST(LiveTrails, AChangedPopulationIsChosenAgain) {
  auto swarm = swarm_of(5000);
  LiveTrails trails;
  v1::TrailPoints before;
  trails.fill(*swarm, 42, kTrailsWorld, 1, 1, before);
  // Half the swarm leaves (the count changes): the choice is drawn from those left.
  swarm->x.resize(2500);
  swarm->y.resize(2500);
  swarm->vx.resize(2500);
  swarm->vy.resize(2500);
  swarm->fake_ids.resize(2500);
  v1::TrailPoints after;
  trails.fill(*swarm, 42, kTrailsWorld, 2, 2, after);
  EXPECT_EQ(trails.choices(), 2U);
  ASSERT_EQ(after.ids_size(), static_cast<int>(kLiveTrailCount));
  for (const std::uint32_t id : after.ids()) EXPECT_LT(id, 100U + 2500U);
  // The same count with other ids (a resize there and back): population() says so.
  std::iota(swarm->fake_ids.begin(), swarm->fake_ids.end(), 10'000U);
  ++swarm->fake_population;
  v1::TrailPoints renamed;
  trails.fill(*swarm, 42, kTrailsWorld, 3, 3, renamed);
  EXPECT_EQ(trails.choices(), 3U);
  for (const std::uint32_t id : renamed.ids()) EXPECT_GE(id, 10'000U);
  // Without population() moving, a chosen id that is gone is left out, not put anywhere.
  swarm->fake_ids[static_cast<std::size_t>(
      std::find(swarm->fake_ids.begin(), swarm->fake_ids.end(), renamed.ids(0)) - swarm->fake_ids.begin())] = 99'999U;
  v1::TrailPoints one_gone;
  trails.fill(*swarm, 42, kTrailsWorld, 4, 4, one_gone);
  EXPECT_EQ(trails.choices(), 3U);
  EXPECT_EQ(one_gone.ids_size(), renamed.ids_size() - 1);
  EXPECT_EQ(std::count(one_gone.ids().begin(), one_gone.ids().end(), renamed.ids(0)), 0);
}

// An engine that gathers its chosen fireflies itself (the GPU's kernel) is not read back whole.
TEST(LiveTrails, AnEngineThatGathersIsNotReadBackWhole) {
  class Gathering final : public sim::SwarmEngine {
   public:
    explicit Gathering(testing::FakeSwarm& inner) : inner_(inner) {}
    [[nodiscard]] std::string_view name() const override { return "gathering"; }
    [[nodiscard]] std::size_t count() const override { return inner_.count(); }
    [[nodiscard]] sim::SwarmWeights weights() const override { return inner_.weights(); }
    void set_weights(sim::SwarmWeights w) override { inner_.set_weights(w); }
    using sim::SwarmEngine::resize;
    void resize(std::size_t n, const sim::Land& land, std::optional<sim::Rect> from) override { inner_.resize(n, land, from); }
    [[nodiscard]] std::size_t max_count() const override { return inner_.max_count(); }
    using sim::SwarmEngine::step;
    void step(const sim::Land& land, const sim::SwarmInputs& in, sim::ParallelFor& p) override { inner_.step(land, in, p); }
    [[nodiscard]] sim::SwarmMeasures measures() const override { return inner_.measures(); }
    [[nodiscard]] sim::SwarmView view() const override { return inner_.view(); }
    [[nodiscard]] std::span<const std::uint32_t> ids() const override { return inner_.ids(); }
    [[nodiscard]] std::uint64_t steps() const override { return inner_.steps(); }
    void save(sim::SwarmEngineState& out) const override { inner_.save(out); }
    void restore(const sim::SwarmEngineState& s) override { inner_.restore(s); }
    [[nodiscard]] std::uint64_t population() const override { return 0; }
    [[nodiscard]] bool gather(std::span<const std::uint32_t> wanted, std::span<sim::Vec2> out) const override {
      ++gathers;
      for (std::size_t k = 0; k < wanted.size(); ++k) {
        const auto i = static_cast<std::size_t>(std::find(inner_.fake_ids.begin(), inner_.fake_ids.end(), wanted[k]) -
                                                inner_.fake_ids.begin());
        out[k] = i < inner_.fake_ids.size() ? sim::Vec2{inner_.x[i], inner_.y[i]}
                                            : sim::Vec2{std::numeric_limits<float>::quiet_NaN(), 0.0F};
      }
      return true;
    }
    mutable int gathers = 0;

   private:
    testing::FakeSwarm& inner_;
  };
  auto inner = swarm_of(5000);
  Gathering swarm(*inner);
  LiveTrails trails;
  v1::TrailPoints first;
  trails.fill(swarm, 42, kTrailsWorld, 1, 1, first);
  v1::TrailPoints by_kernel;
  trails.fill(swarm, 42, kTrailsWorld, 2, 2, by_kernel);
  EXPECT_EQ(swarm.gathers, 2);
  EXPECT_EQ(inner->views, 0U) << "the whole swarm was read for the live trails";
  v1::TrailPoints by_view;
  LiveTrails().fill(*inner, 42, kTrailsWorld, 2, 2, by_view);
  EXPECT_TRUE(std::equal(by_kernel.ids().begin(), by_kernel.ids().end(), by_view.ids().begin(), by_view.ids().end()));
  EXPECT_TRUE(std::equal(by_kernel.xy().begin(), by_kernel.xy().end(), by_view.xy().begin(), by_view.xy().end()));
}

TEST(LiveTrails, OutsideTheWorldClampsToItsEdge) {
  auto swarm = swarm_of(3);
  swarm->x = {-50.0F, 1700.0F, std::numeric_limits<float>::quiet_NaN()};
  swarm->y = {-1.0F, 950.0F, 10.0F};
  v1::TrailPoints points;
  LiveTrails().fill(*swarm, 1, kTrailsWorld, 1, 1, points);
  ASSERT_EQ(points.xy_size(), 3);
  for (const std::uint32_t xy : points.xy()) {
    const sim::Vec2 p = trail_point(xy, kTrailsWorld);
    EXPECT_TRUE(kTrailsWorld.contains(p) || p.x == kTrailsWorld.right() || p.y == kTrailsWorld.bottom());
  }
}

TEST(LiveTrails, BuiltIntoTheBundleOnlyWhileWatched) {
  auto meadow = testing::meadow_with(42, swarm_of(2000));
  FrameBuilder builder(testing::standard_streams());
  TrailDemand demand;
  EXPECT_TRUE(builder.build(*meadow, 1, std::nullopt, nullptr, &demand)->world(sim::WorldKind::swarm).trail_message.empty());
  demand.watch(sim::WorldKind::colony, +1);
  EXPECT_TRUE(builder.build(*meadow, 1, std::nullopt, nullptr, &demand)->world(sim::WorldKind::swarm).trail_message.empty())
      << "a colony viewer's wish builds no swarm trails";
  demand.watch(sim::WorldKind::swarm, +1);
  const FrameBundlePtr bundle = builder.build(*meadow, 1, std::nullopt, nullptr, &demand);
  v1::ServerMessage message;
  ASSERT_TRUE(message.ParseFromString(bundle->world(sim::WorldKind::swarm).trail_message));
  ASSERT_TRUE(message.has_trail_points());
  EXPECT_EQ(message.trail_points().frame(), bundle->number);
  EXPECT_EQ(message.trail_points().ids_size(), static_cast<int>(kLiveTrailCount));
  EXPECT_TRUE(bundle->world(sim::WorldKind::colony).trail_message.empty());
}

}  // namespace
}  // namespace meadow::stream
