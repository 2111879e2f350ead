#include "stream/frame_builder.hpp"
#include "stream/swarm/swarm_stream.hpp"
#include "support/meadow_streams.hpp"
#include "support/meadow_worlds.hpp"

#include <gtest/gtest.h>

#include <memory>

#include "fake_swarm.hpp"
#include "meadow/v1/viewer.pb.h"
#include "sim/swarm/tool_rules.hpp"
#include "swarm_fixture.hpp"

namespace meadow::stream {
namespace {

using Bytes = std::vector<std::uint8_t>;

// A meadow whose fake swarm holds the fixture's fireflies moving at their velocities.
struct World {
  testing::FakeSwarm* swarm = nullptr;
  std::unique_ptr<sim::Meadow> meadow;
  sim::SerialFor serial;

  explicit World(std::size_t count) {
    auto engine = std::make_unique<testing::FakeSwarm>();
    swarm = engine.get();
    const testing::SwarmFixture fixture(count, {0, 0, 1600, 900}, 17);
    const sim::SwarmView v = fixture.view();
    swarm->x.assign(v.x.begin(), v.x.end());
    swarm->y.assign(v.y.begin(), v.y.end());
    swarm->vx.assign(v.vx.begin(), v.vx.end());
    swarm->vy.assign(v.vy.begin(), v.vy.end());
    swarm->current = {0.5F, 1.5F, 2.5F};
    meadow = testing::meadow_with(42, std::move(engine));
  }
  void step(int n) {
    for (int i = 0; i < n; ++i) meadow->step(serial);
  }
};

v1::Frame parse_frame(const std::string& bytes) {
  v1::ServerMessage message;
  EXPECT_TRUE(message.ParseFromString(bytes));
  EXPECT_EQ(message.body_case(), v1::ServerMessage::kFrame);
  return message.frame();
}

Bytes decode(FrameDecoder& dec, const v1::LightLayer& light, const Bytes* base = nullptr) {
  Bytes out;
  if (light.key()) {
    dec.decode_key(light.data(), light.width(), std::size_t{light.height()} * light.channels(), out);
  } else {
    dec.decode_delta(light.data(), *base, light.width(), out);
  }
  return out;
}

TEST(FrameBuilder, KeyMessageCarriesTheSwarmFrame) {
  World world(2000);
  world.step(3);
  FrameBuilder builder(testing::standard_streams());
  const FrameBundlePtr bundle = builder.build(*world.meadow, 7);
  ASSERT_NE(bundle, nullptr);
  EXPECT_EQ(bundle->number, 1U);
  EXPECT_EQ(bundle->tick, 3U);
  const WorldFrame& swarm = bundle->world(sim::WorldKind::swarm);
  EXPECT_TRUE(swarm.delta_message.empty());  // nothing to diff against yet
  EXPECT_FALSE(bundle->world(sim::WorldKind::colony).key_message.empty());  // the colony always lives
  EXPECT_TRUE(bundle->world(sim::WorldKind::mold).key_message.empty());

  const v1::Frame frame = parse_frame(swarm.key_message);
  EXPECT_EQ(frame.number(), 1U);
  EXPECT_EQ(frame.tick(), 3U);
  EXPECT_EQ(frame.world(), v1::WORLD_SWARM);
  EXPECT_EQ(frame.viewers(), 7U);
  EXPECT_EQ(frame.camera().width(), 1600.0F);
  EXPECT_EQ(frame.camera().height(), 900.0F);
  EXPECT_EQ(frame.swarm().count(), 2000U);
  EXPECT_EQ(frame.swarm().separation(), 0.5F);
  EXPECT_EQ(frame.swarm().alignment(), 1.5F);
  EXPECT_EQ(frame.swarm().cohesion(), 2.5F);
  const v1::LightLayer& light = frame.light();
  EXPECT_EQ(light.width(), 400U);
  EXPECT_EQ(light.height(), 225U);
  EXPECT_EQ(light.channels(), kLightChannels);
  EXPECT_EQ(light.bounds().x(), 0.0F);
  EXPECT_EQ(light.bounds().width(), 1600.0F);
  EXPECT_EQ(light.codec(), v1::LIGHT_CODEC_ZSTD_U8);
  EXPECT_TRUE(light.key());
  FrameDecoder dec;
  EXPECT_EQ(decode(dec, light), static_cast<const SwarmStream*>(builder.stream(sim::WorldKind::swarm))->last_raster());
}

TEST(FrameBuilder, ARockAmongFirefliesHasARimOnTheirSideAndTheLightItsHeat) {
  World world(0);
  sim::Action tap{5, 0, sim::RockTap{{800.0F, 450.0F}}};
  ASSERT_TRUE(world.meadow->apply(tap).accepted);
  // A patch of fireflies just south of the rock, the nearest of them hurrying.
  for (int i = 0; i < 40; ++i) {
    world.swarm->x.push_back(790.0F + static_cast<float>(i % 8) * 3.0F);
    world.swarm->y.push_back(450.0F + sim::kRockRadius + 6.0F + static_cast<float>(i / 8) * 3.0F);
    world.swarm->vx.push_back(i < 8 ? kSwarmHeat.full_speed : 2.0F);
    world.swarm->vy.push_back(0.0F);
  }
  FrameBuilder builder(testing::standard_streams());
  const FrameBundlePtr bundle = builder.build(*world.meadow, 1);
  const v1::Frame frame = parse_frame(bundle->world(sim::WorldKind::swarm).key_message);
  ASSERT_EQ(frame.rock_rims_size(), 1);
  const v1::RockRim& rim = frame.rock_rims(0);
  EXPECT_EQ(rim.rock_id(), world.meadow->land().rocks().at(0).id);
  EXPECT_NEAR(rim.angle(), 1.5707963F, 0.2F);  // south: +y
  EXPECT_GT(rim.strength(), 0.1F);
  EXPECT_GT(rim.focus(), 0.5F);
  // The light's second plane holds heat where the hurried fireflies are, and none far off.
  FrameDecoder dec;
  const Bytes raster = decode(dec, frame.light());
  const std::size_t plane = std::size_t{frame.light().width()} * frame.light().height();
  ASSERT_EQ(raster.size(), plane * kLightChannels);
  const auto heat_at = [&](float wx, float wy) {
    const auto px = static_cast<std::size_t>(wx / 4.0F);
    const auto py = static_cast<std::size_t>(wy / 4.0F);
    return raster[plane + py * frame.light().width() + px];
  };
  EXPECT_GT(heat_at(800.0F, 450.0F + sim::kRockRadius + 6.0F), 0);
  EXPECT_EQ(heat_at(200.0F, 200.0F), 0);
}

TEST(FrameBuilder, DeltasChainOnThePreviousFrame) {
  World world(3000);
  FrameBuilder builder(testing::standard_streams());
  FrameDecoder dec;
  Bytes viewer;  // what a viewer that got every frame holds
  for (std::uint64_t n = 1; n <= 20; ++n) {
    const FrameBundlePtr bundle = builder.build(*world.meadow, 1);
    ASSERT_EQ(bundle->number, n);
    const WorldFrame& swarm = bundle->world(sim::WorldKind::swarm);
    const v1::Frame key = parse_frame(swarm.key_message);
    const Bytes key_raster = decode(dec, key.light());
    if (n == 1) {
      viewer = key_raster;
    } else {
      ASSERT_FALSE(swarm.delta_message.empty());
      EXPECT_EQ(swarm.delta_base, n - 1);
      const v1::Frame delta = parse_frame(swarm.delta_message);
      EXPECT_EQ(delta.number(), n);
      EXPECT_FALSE(delta.light().key());
      EXPECT_EQ(delta.light().base_frame(), n - 1);
      EXPECT_EQ(delta.tick(), key.tick());
      // key(n-1) + delta(n) == key(n)
      viewer = decode(dec, delta.light(), &viewer);
      ASSERT_EQ(viewer, key_raster) << "frame " << n;
    }
    world.step(2);
  }
}

TEST(FrameBuilder, AResizedWorldStartsOverWithAKeyFrameOnly) {
  World world(500);
  FrameBuilder builder(testing::standard_streams());
  (void)builder.build(*world.meadow, 0);
  // Bypasses the meadow's own growth (tested below) to pin the raster's geometry rule.
  auto& land = const_cast<sim::Land&>(world.meadow->land());
  land.set_world(testing::world_of_meadows(4.0F));
  const FrameBundlePtr bundle = builder.build(*world.meadow, 0);
  const WorldFrame& swarm = bundle->world(sim::WorldKind::swarm);
  EXPECT_TRUE(swarm.delta_message.empty());
  const v1::Frame frame = parse_frame(swarm.key_message);
  EXPECT_EQ(frame.light().width(), 480U);
  EXPECT_EQ(frame.light().height(), 270U);
  EXPECT_EQ(frame.light().bounds().width(), 3200.0F);
  // The next frame has a delta again.
  EXPECT_FALSE(builder.build(*world.meadow, 0)->world(sim::WorldKind::swarm).delta_message.empty());
}

TEST(FrameBuilder, CameraCanBeGiven) {
  World world(100);
  FrameBuilder builder(testing::standard_streams());
  const FrameBundlePtr bundle = builder.build(*world.meadow, 0, sim::Rect{10, 20, 300, 400});
  const v1::Frame frame = parse_frame(bundle->world(sim::WorldKind::swarm).key_message);
  EXPECT_EQ(frame.camera().x(), 10.0F);
  EXPECT_EQ(frame.camera().height(), 400.0F);
}


sim::ActionOutcome act(sim::Meadow& m, std::uint64_t viewer, sim::ActionBody body) {
  sim::Action a{viewer, 0, std::move(body)};
  return m.apply(a);
}

TEST(FrameBuilder, FramesCarryTheFiguresMarksWorldAndCamera) {
  World world(2000);
  world.swarm->measured = {0.42F, 0.8F, 2.5F, 6.0F, 17};
  ASSERT_TRUE(act(*world.meadow, 3, sim::AttractTap{{400.0F, 300.0F}}).accepted);
  ASSERT_TRUE(act(*world.meadow, 4, sim::FlowerTap{{1500.0F, 880.0F}}).accepted);
  ASSERT_TRUE(act(*world.meadow, 5, sim::PredatorPointer{sim::PointerPhase::down, {800.0F, 450.0F}}).accepted);
  sim::SwarmSettingsChange change;
  change.count = 2500;
  act(*world.meadow, 5, sim::as_settings(change));
  world.step(3);
  FrameBuilder builder(testing::standard_streams());
  const v1::Frame frame = parse_frame(builder.build(*world.meadow, 2)->world(sim::WorldKind::swarm).key_message);
  const v1::SwarmFigures& f = frame.swarm();
  EXPECT_EQ(f.target_count(), 2500U);
  EXPECT_FLOAT_EQ(f.order(), 0.42F);
  EXPECT_FLOAT_EQ(f.mean_alignment(), 0.8F);
  EXPECT_FLOAT_EQ(f.tightness(), 2.5F);
  EXPECT_EQ(f.lonely(), 17U);
  EXPECT_EQ(f.fed(), 0U);
  EXPECT_FLOAT_EQ(f.steps_per_second(), 60.0F);
  EXPECT_FLOAT_EQ(f.target_steps_per_second(), 60.0F);
  EXPECT_FALSE(f.slowed());
  EXPECT_FLOAT_EQ(f.meadows_wide(), 1.0F);
  EXPECT_EQ(frame.world_bounds().width(), 1600.0F);
  EXPECT_EQ(frame.world_bounds().height(), 900.0F);
  EXPECT_EQ(frame.camera().width(), 1600.0F);
  ASSERT_EQ(frame.marks_size(), 3);
  const v1::Mark& attract = frame.marks(0);
  EXPECT_EQ(attract.tool(), v1::TOOL_ATTRACT);
  EXPECT_EQ(attract.owner_session(), 3U);
  EXPECT_EQ(attract.position().x(), 400.0F);
  EXPECT_EQ(attract.radius(), sim::tool_rules::kAttractOrbit);
  EXPECT_GT(attract.id(), 0U);
  const v1::Mark& crumb = frame.marks(1);
  EXPECT_EQ(crumb.tool(), v1::TOOL_FLOWER);
  EXPECT_EQ(crumb.owner_session(), 4U);
  EXPECT_EQ(crumb.radius(), sim::tool_rules::kCrumbSmell);
  EXPECT_NE(crumb.id(), attract.id());
  const v1::Mark& predator = frame.marks(2);
  EXPECT_EQ(predator.tool(), v1::TOOL_PREDATOR);
  EXPECT_EQ(predator.owner_session(), 5U);
  EXPECT_EQ(predator.radius(), sim::tool_rules::kPredatorReach);
  EXPECT_EQ(predator.position().y(), 450.0F);
}

TEST(FrameBuilder, AGrowingWorldIsInTheFrameAndTheCameraFollows) {
  World world(2000);
  sim::SwarmSettingsChange change;
  change.count = 24000;  // four meadows of area: 3200 × 1800
  act(*world.meadow, 1, sim::as_settings(change));
  world.step(1);
  FrameBuilder builder(testing::standard_streams());
  const v1::Frame frame = parse_frame(builder.build(*world.meadow, 0)->world(sim::WorldKind::swarm).key_message);
  EXPECT_EQ(frame.world_bounds().width(), 3200.0F);
  EXPECT_EQ(frame.world_bounds().x(), -800.0F);
  EXPECT_EQ(frame.camera().width(), 3200.0F);
  EXPECT_FLOAT_EQ(frame.swarm().meadows_wide(), 2.0F);
  EXPECT_NEAR(frame.swarm().target_steps_per_second(), 84.85F, 0.01F);
  // The predator reaches twice as far at this zoom.
  act(*world.meadow, 1, sim::PredatorPointer{sim::PointerPhase::down, {0.0F, 0.0F}});
  const v1::Frame next = parse_frame(builder.build(*world.meadow, 0)->world(sim::WorldKind::swarm).key_message);
  ASSERT_EQ(next.marks_size(), 1);
  EXPECT_EQ(next.marks(0).radius(), 2.0F * sim::tool_rules::kPredatorReach);
}

TEST(FrameBuilder, EventsGoOutOnceInTheNextFrame) {
  World world(200);
  FrameBuilder builder(testing::standard_streams());
  world.swarm->measured.order = 0.1F;
  world.step(1);  // the first order value only sets where the swarm stands
  EXPECT_EQ(parse_frame(builder.build(*world.meadow, 0)->world(sim::WorldKind::swarm).key_message).events_size(), 0);
  // Through both thresholds (0.3, 0.7) at once, and a crumb under a firefly.
  world.swarm->measured.order = 0.9F;
  const sim::Vec2 under{world.swarm->x[0], world.swarm->y[0]};
  ASSERT_TRUE(act(*world.meadow, 6, sim::FlowerTap{under}).accepted);
  world.step(1);
  const FrameBundlePtr bundle = builder.build(*world.meadow, 0);
  for (const std::string* bytes : {&bundle->world(sim::WorldKind::swarm).key_message,
                                   &bundle->world(sim::WorldKind::swarm).delta_message}) {
    const v1::Frame frame = parse_frame(*bytes);
    ASSERT_EQ(frame.events_size(), 3);
    EXPECT_EQ(frame.events(0).crumb_eaten().position().x(), under.x);
    EXPECT_EQ(frame.events(0).tick(), 1U);
    EXPECT_TRUE(frame.events(1).order_crossing().rising());
    EXPECT_FLOAT_EQ(frame.events(1).order_crossing().threshold(), 0.3F);
    EXPECT_FLOAT_EQ(frame.events(2).order_crossing().threshold(), 0.7F);
    EXPECT_FLOAT_EQ(frame.events(2).order_crossing().order(), 0.9F);
    EXPECT_EQ(frame.swarm().fed(), 1U);
    EXPECT_EQ(frame.marks_size(), 0);
  }
  world.step(1);
  EXPECT_EQ(parse_frame(builder.build(*world.meadow, 0)->world(sim::WorldKind::swarm).key_message).events_size(), 0);
}

}  // namespace
}  // namespace meadow::stream

namespace meadow::stream {
namespace {

TEST(FrameBuilder, FramesSayWhatTheOperatorLockedAndWhetherTheMeadowIsPaused) {
  World world(500);
  sim::ViewerLocks locks;
  locks.rock = true;
  locks.settings = true;
  sim::Action lock{sim::kOperator, 0, sim::SetLocks{locks}};
  ASSERT_TRUE(world.meadow->apply(lock).accepted);
  sim::Action pause{sim::kOperator, 0, sim::SetPaused{true}};
  ASSERT_TRUE(world.meadow->apply(pause).accepted);
  world.step(1);
  FrameBuilder builder(testing::standard_streams());
  const FrameBundlePtr bundle = builder.build(*world.meadow, 1);
  for (const sim::WorldKind w : {sim::WorldKind::swarm, sim::WorldKind::colony}) {
    const v1::Frame frame = parse_frame(bundle->world(w).key_message);
    EXPECT_TRUE(frame.locks().rock());
    EXPECT_TRUE(frame.locks().settings());
    EXPECT_FALSE(frame.locks().attract());
    EXPECT_TRUE(frame.paused());
  }
  EXPECT_TRUE(parse_frame(bundle->world(sim::WorldKind::swarm).key_message).swarm().settings_locked());
}

}  // namespace
}  // namespace meadow::stream
