// The mold on the wire (server/stream/mold/mold_stream.hpp): its trail as one channel of light
// over the meadow, key and delta; its figures, settings, presets; flakes and held pointers as marks.
#include "stream/mold/mold_stream.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "sim/meadow.hpp"
#include "sim/mold/cpu_mold.hpp"
#include "sim/mold/mold_world.hpp"
#include "stream/frame_builder.hpp"
#include "stream/frame_codec.hpp"

namespace meadow::stream {
namespace {

std::unique_ptr<sim::Meadow> mold_meadow() {
  return std::make_unique<sim::Meadow>(
      3, std::vector<sim::WorldMaker>{[](std::uint64_t seed, sim::Land& land) -> std::unique_ptr<sim::World> {
        return std::make_unique<sim::MoldWorld>(
            std::make_unique<sim::CpuMold>(seed, sim::map_of_width(128), sim::default_mold_settings(2000)), land);
      }});
}

FrameBuilder mold_builder() {
  std::vector<std::unique_ptr<WorldStream>> streams;
  streams.push_back(std::make_unique<MoldStream>());
  return FrameBuilder(std::move(streams));
}

v1::Frame frame_of(const std::string& message) {
  v1::ServerMessage m;
  EXPECT_TRUE(m.ParseFromString(message));
  return m.frame();
}

TEST(MoldStream, AMoldFrameCarriesItsTrailFiguresSettingsAndMarks) {
  auto meadow = mold_meadow();
  sim::SerialFor serial;
  sim::Action flake{7, 0, sim::FlowerTap{{800.0F, 450.0F}}, sim::WorldKind::mold};
  ASSERT_TRUE(meadow->apply(flake).accepted);
  sim::Action held{8, 0, sim::AttractPointer{sim::PointerPhase::down, {300.0F, 200.0F}}, sim::WorldKind::mold};
  ASSERT_TRUE(meadow->apply(held).accepted);
  for (int i = 0; i < 61; ++i) meadow->step(serial);
  FrameBuilder builder = mold_builder();
  const v1::Frame f = frame_of(builder.build(*meadow, 2)->world(sim::WorldKind::mold).key_message);
  EXPECT_EQ(f.world(), v1::WORLD_MOLD);
  EXPECT_EQ(f.viewers(), 2U);
  EXPECT_EQ(f.light().channels(), 1U);
  EXPECT_EQ(f.light().width(), 128U);
  EXPECT_EQ(f.light().height(), 72U);
  EXPECT_FLOAT_EQ(f.light().bounds().width(), 1600.0F);
  EXPECT_TRUE(f.light().key());
  const v1::MoldState& mold = f.mold();
  EXPECT_EQ(mold.settings().agents(), 2000U);
  EXPECT_EQ(mold.settings().preset(), "lace");
  EXPECT_FLOAT_EQ(mold.settings().sensor_distance(), sim::default_mold_settings(0).sensor_distance);
  EXPECT_EQ(mold.presets_size(), static_cast<int>(sim::mold_presets().size()));
  EXPECT_EQ(mold.map_width(), 128U);
  EXPECT_EQ(mold.figures().measured_step(), 60U);
  EXPECT_GT(mold.figures().coverage(), 0.0F);
  EXPECT_EQ(mold.food(), 1U);
  ASSERT_EQ(f.marks_size(), 2);
  EXPECT_EQ(f.marks(0).tool(), v1::TOOL_FLOWER);
  EXPECT_GT(f.marks(0).amount(), 0.0F);
  EXPECT_EQ(f.marks(0).owner_session(), 7U);
  EXPECT_EQ(f.marks(1).tool(), v1::TOOL_ATTRACT);
  // The flake's spot is lit.
  FrameDecoder decoder;
  std::vector<std::uint8_t> raster;
  decoder.decode_key(f.light().data(), f.light().width(), f.light().height(), raster);
  EXPECT_GT(raster[36 * 128 + 64], 200);
}

TEST(MoldStream, TheDeltaOnThePreviousFrameGivesTheKeysRaster) {
  auto meadow = mold_meadow();
  sim::SerialFor serial;
  FrameBuilder builder = mold_builder();
  meadow->step(serial);
  const FrameBundlePtr first = builder.build(*meadow, 1);
  for (int i = 0; i < 2; ++i) meadow->step(serial);
  const FrameBundlePtr second = builder.build(*meadow, 1);
  const WorldFrame& w = second->world(sim::WorldKind::mold);
  ASSERT_FALSE(w.delta_message.empty());
  EXPECT_EQ(w.delta_base, first->number);
  const v1::Frame base = frame_of(first->world(sim::WorldKind::mold).key_message);
  const v1::Frame key = frame_of(w.key_message);
  const v1::Frame delta = frame_of(w.delta_message);
  EXPECT_FALSE(delta.light().key());
  FrameDecoder decoder;
  std::vector<std::uint8_t> from_base, from_key, from_delta;
  decoder.decode_key(base.light().data(), base.light().width(), base.light().height(), from_base);
  decoder.decode_key(key.light().data(), key.light().width(), key.light().height(), from_key);
  decoder.decode_delta(delta.light().data(), from_base, delta.light().width(), from_delta);
  EXPECT_EQ(from_delta, from_key);
}

}  // namespace
}  // namespace meadow::stream
