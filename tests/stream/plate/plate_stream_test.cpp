// The plate on the wire (server/stream/plate/plate_stream.hpp): its birds six bytes each, its order,
// where it lies on the meadow, its settings by the schema's names and its crossings as events.
#include "stream/plate/plate_stream.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <memory>
#include <numbers>
#include <vector>

#include "stream/plate/plate_fixture.hpp"
#include "sim/meadow.hpp"
#include "stream/frame_builder.hpp"

namespace meadow::stream {
namespace {

using testing::plate_meadow;

FrameBuilder plate_builder() {
  std::vector<std::unique_ptr<WorldStream>> streams;
  streams.push_back(std::make_unique<PlateStream>());
  return FrameBuilder(std::move(streams));
}

v1::Frame plate_frame_of(const std::string& message) {
  v1::ServerMessage m;
  EXPECT_TRUE(m.ParseFromString(message));
  return m.frame();
}

std::uint16_t u16(const std::string& bytes, std::size_t at) {
  return static_cast<std::uint16_t>(static_cast<unsigned char>(bytes[at]) |
                                    (static_cast<unsigned char>(bytes[at + 1]) << 8U));
}

TEST(PlateStream, PacksEachBirdInSixBytesThatDecodeToWithinASixtyFiveThousandth) {
  sim::PlateBirds birds = sim::scatter_birds(50, 1987);
  birds.x[0] = 0.999999;  // next to the seam: wraps to 0
  const std::string packed = packed_birds(birds);
  ASSERT_EQ(packed.size(), 50U * 6U);
  EXPECT_EQ(u16(packed, 0), 0U);
  for (std::size_t i = 1; i < 50; ++i) {
    EXPECT_NEAR(u16(packed, i * 6) / 65536.0, birds.x[i], 1.0 / 65536.0);
    EXPECT_NEAR(u16(packed, i * 6 + 2) / 65536.0, birds.y[i], 1.0 / 65536.0);
    const double turn = u16(packed, i * 6 + 4) / 65536.0 * 2.0 * std::numbers::pi;
    EXPECT_NEAR(std::cos(turn), birds.hx[i], 1e-3);
    EXPECT_NEAR(std::sin(turn), birds.hy[i], 1e-3);
  }
}

TEST(PlateStream, APlateFrameCarriesItsBirdsOrderPlaceAndSettings) {
  auto meadow = plate_meadow();
  sim::SerialFor serial;
  for (int i = 0; i < 10; ++i) meadow->step(serial);
  FrameBuilder builder = plate_builder();
  const std::string bytes = builder.build(*meadow, 1)->world(sim::WorldKind::plate).key_message;
  std::printf("[plate] a frame of %u birds: %zu bytes\n", sim::plate_rules::kDefaultBirds, bytes.size());
  EXPECT_LT(bytes.size(), 6U * sim::plate_rules::kDefaultBirds + 400U) << "six bytes a bird and a little more";
  const v1::Frame f = plate_frame_of(bytes);
  EXPECT_EQ(f.world(), v1::WORLD_PLATE);
  const v1::PlateState& plate = f.plate();
  EXPECT_EQ(plate.count(), sim::plate_rules::kDefaultBirds);
  EXPECT_EQ(plate.birds().size(), sim::plate_rules::kDefaultBirds * 6U);
  EXPECT_EQ(plate.run_steps(), 10U);
  EXPECT_NEAR(plate.order(), meadow->get<sim::PlateWorld>().order(), 1e-6);
  // A square of the meadow's height (900) in the middle of its width (1600).
  EXPECT_FLOAT_EQ(plate.plate_side(), 900.0F);
  EXPECT_FLOAT_EQ(plate.plate_x(), 350.0F);
  EXPECT_FLOAT_EQ(plate.plate_y(), 0.0F);
  ASSERT_EQ(f.settings_size(), 6);
  EXPECT_EQ(f.settings(0).name(), "birds");
  EXPECT_EQ(f.settings(0).value(), 200.0);
  EXPECT_EQ(f.settings(4).name(), "neighbourhood");
  EXPECT_DOUBLE_EQ(f.settings(4).value(), 0.09);
  EXPECT_EQ(f.settings_preset(), "reynolds");
  EXPECT_FALSE(f.has_light()) << "the plate is drawn from its birds, not from light";
}

TEST(PlateStream, ItsCrossingsAreAnnouncedOnceInTheFrameAndTheOperatorsFeed) {
  auto meadow = plate_meadow();
  sim::SerialFor serial;
  sim::Action stream{sim::kOperator, 0, sim::SettingsChange{sim::WorldKind::plate, {}, "stream"}, sim::WorldKind::plate};
  ASSERT_TRUE(meadow->apply(stream).accepted);
  FrameBuilder builder = plate_builder();
  int crossings = 0;
  for (int tick = 0; tick < 360; ++tick) {
    meadow->step(serial);
    const v1::Frame f = plate_frame_of(builder.build(*meadow, 1)->world(sim::WorldKind::plate).key_message);
    for (const v1::Event& e : f.events()) {
      ASSERT_TRUE(e.has_order_crossing());
      crossings += 1;
    }
  }
  EXPECT_GE(crossings, 1);
  PlateStream feed;
  std::uint64_t last = 0;
  std::vector<std::string> out;
  feed.operator_events(meadow->get<sim::PlateWorld>(), last, out);
  EXPECT_EQ(static_cast<int>(out.size()), crossings);
  out.clear();
  feed.operator_events(meadow->get<sim::PlateWorld>(), last, out);
  EXPECT_TRUE(out.empty());
}

}  // namespace
}  // namespace meadow::stream
