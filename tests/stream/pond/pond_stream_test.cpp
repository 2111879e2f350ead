// The pond on the wire (server/stream/pond/pond_stream.hpp): its fish eight bytes each, its crumbs
// and predators, fed, its water and the camera on it, its settings and palette, crumbs eaten as events.
#include "stream/pond/pond_stream.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <vector>

#include "sim/meadow.hpp"
#include "stream/frame_builder.hpp"
#include "stream/pond/pond_fixture.hpp"

namespace meadow::stream {
namespace pond_stream_test {

using testing::pond_action;
using testing::pond_meadow;

FrameBuilder pond_builder() {
  std::vector<std::unique_ptr<WorldStream>> streams;
  streams.push_back(std::make_unique<PondStream>());
  return FrameBuilder(std::move(streams));
}

v1::Frame frame_of(const std::string& message) {
  v1::ServerMessage m;
  EXPECT_TRUE(m.ParseFromString(message));
  return m.frame();
}

std::uint16_t u16(const std::string& bytes, std::size_t at) {
  return static_cast<std::uint16_t>(static_cast<unsigned char>(bytes[at]) |
                                    (static_cast<unsigned char>(bytes[at + 1]) << 8U));
}

TEST(PondStream, PacksEachFishInEightBytes) {
  const sim::Rect water{1000.0F, 100.0F, 264.0F, 162.8F};
  sim::PondFish fish;
  fish.resize(2);
  fish.x = {1000.0, 1200.5};
  fish.y = {262.79, 150.25};
  fish.vx = {0.5, -1.0};
  fish.vy = {-0.25, 0.004};
  const std::string packed = packed_fish(fish, water);
  ASSERT_EQ(packed.size(), 16U);
  EXPECT_EQ(u16(packed, 0), 0U);
  EXPECT_NEAR(water.y + u16(packed, 2) / 65536.0 * water.height, 262.79, water.height / 65536.0);
  EXPECT_EQ(static_cast<std::int16_t>(u16(packed, 4)), 50);
  EXPECT_EQ(static_cast<std::int16_t>(u16(packed, 6)), -25);
  EXPECT_NEAR(water.x + u16(packed, 8) / 65536.0 * water.width, 1200.5, water.width / 65536.0);
  EXPECT_EQ(static_cast<std::int16_t>(u16(packed, 12)), -100);
  EXPECT_EQ(static_cast<std::int16_t>(u16(packed, 14)), 0);
}

TEST(PondStream, APondFrameCarriesItsSchoolCrumbsWaterAndSettings) {
  auto meadow = pond_meadow();
  sim::SerialFor serial;
  const sim::Vec2 c = meadow->get<sim::PondWorld>().water().centre();
  sim::Action handful = pond_action(7, sim::FlowerTap{c, true});
  ASSERT_TRUE(meadow->apply(handful).accepted);
  sim::Action change = pond_action(7, sim::SettingsChange{sim::WorldKind::pond, {{"fish", 60}}, "arctic"});
  ASSERT_TRUE(meadow->apply(change).accepted);
  sim::Action predator = pond_action(8, sim::PredatorPointer{sim::PointerPhase::down, c});
  ASSERT_TRUE(meadow->apply(predator).accepted);
  meadow->step(serial);
  FrameBuilder builder = pond_builder();
  const std::string bytes = builder.build(*meadow, 1)->world(sim::WorldKind::pond).key_message;
  std::printf("[pond] a frame of 60 fish, 6 crumbs and a predator: %zu bytes\n", bytes.size());
  const v1::Frame f = frame_of(bytes);
  EXPECT_EQ(f.world(), v1::WORLD_POND);
  ASSERT_TRUE(f.has_pond());
  EXPECT_EQ(f.pond().count(), 60U);
  EXPECT_EQ(f.pond().fish().size(), 60U * 8U);
  EXPECT_EQ(f.pond().crumbs_size() + static_cast<int>(f.pond().fed()), 6) << "a handful: on the water or eaten";
  EXPECT_EQ(f.pond().predators_size(), 1);
  EXPECT_EQ(f.pond().predators(0).owner_session(), 8U);
  const sim::Rect water = meadow->get<sim::PondWorld>().water().bounds();
  EXPECT_EQ(f.pond().water().x(), water.x);
  EXPECT_EQ(f.pond().water().width(), water.width);
  // The camera frames the water with a margin of shore.
  EXPECT_LT(f.camera().x(), water.x);
  EXPECT_GT(f.camera().x() + f.camera().width(), water.x + water.width);
  EXPECT_EQ(f.settings_preset(), "arctic");
  ASSERT_EQ(f.settings_size(), 3);
  EXPECT_EQ(f.settings(0).name(), "fish");
  EXPECT_EQ(f.settings(0).value(), 60.0);
  EXPECT_LT(bytes.size(), 800U) << "a pond frame is small";
}

TEST(PondStream, ACrumbEatenIsAnnouncedOnce) {
  auto meadow = pond_meadow();
  sim::SerialFor serial;
  const sim::Vec2 c = meadow->get<sim::PondWorld>().water().centre();
  sim::Action handful = pond_action(7, sim::FlowerTap{c, true});
  ASSERT_TRUE(meadow->apply(handful).accepted);
  FrameBuilder builder = pond_builder();
  int announced = 0;
  for (int t = 0; t < 3600 && announced < 1; ++t) {
    meadow->step(serial);
    const v1::Frame f = frame_of(builder.build(*meadow, static_cast<std::uint64_t>(t + 1))->world(sim::WorldKind::pond).key_message);
    for (const v1::Event& e : f.events()) {
      if (!e.has_crumb_eaten()) continue;
      ++announced;
      EXPECT_EQ(f.pond().fed(), meadow->get<sim::PondWorld>().fed());
    }
  }
  EXPECT_GE(announced, 1) << "a fish found a crumb within a minute";
  meadow->step(serial);
  const v1::Frame next = frame_of(builder.build(*meadow, 99999)->world(sim::WorldKind::pond).key_message);
  for (const v1::Event& e : next.events()) {
    if (e.has_crumb_eaten()) EXPECT_GT(e.tick(), 0U);
  }
}

}  // namespace pond_stream_test
}  // namespace meadow::stream
