#pragma once
// A world that exists only in the tests' server (meadow-server-test-worlds): a beacon that glows
// on the meadow and goes where a viewer's attract tap puts it, with settings of its own (how bright
// and how large it glows, and two presets) that every sender changes through its schema. It proves that a new world is new
// files plus one registration: it implements sim::World and stream::WorldStream and nothing
// outside this file and its registration (test_server_worlds.cpp) knows it; its kind
// is a number the product leaves free (test_world_kind.hpp).
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "meadow/v1/viewer.pb.h"
#include "sim/world.hpp"
#include "stream/frame_codec.hpp"
#include "stream/world_stream.hpp"
#include "support/test_world_kind.hpp"

namespace meadow::testing {

// Its number on the wire (meadow.v1.World has no name for it: the product does not run it).
inline constexpr v1::World kTestWorldWire = static_cast<v1::World>(static_cast<int>(kTestWorldKind));

class TestWorld final : public sim::World {
 public:
  static constexpr sim::WorldKind kKind = kTestWorldKind;
  // Where the beacon starts (world units: the meadow's middle).
  static constexpr sim::Vec2 kStart{800.0F, 450.0F};

  // Its settings: the glow (a share of full light) and the beacon's size (pixels a side).
  static constexpr double kLeastGlow = 0.1;
  static constexpr std::uint32_t kLargestSize = 4;

  [[nodiscard]] sim::Vec2 beacon() const { return beacon_; }
  [[nodiscard]] double glow() const { return glow_; }
  [[nodiscard]] std::uint32_t size() const { return size_; }

  [[nodiscard]] sim::WorldKind kind() const override { return kKind; }
  void step(const sim::WorldStep& step) override;
  [[nodiscard]] std::uint64_t steps() const override { return steps_; }
  // The beacon moves with the attract tool, as often as a viewer may send it; its settings change
  // as often too (nothing of them costs a tick more).
  [[nodiscard]] std::span<const sim::Price> prices() const override {
    static constexpr sim::Price kPrices[] = {
        {.message = "attract tap (test world)", .body = sim::body_index<sim::AttractTap>(),
         .lock = &sim::ViewerLocks::attract, .locked_what = "the attract tool"},
        {.message = "test world settings", .body = sim::body_index<sim::SettingsChange>(),
         .lock = &sim::ViewerLocks::settings, .locked_what = "the test world's settings"}};
    return kPrices;
  }
  [[nodiscard]] const sim::SettingsSchema* settings_schema() const override;
  [[nodiscard]] std::vector<sim::SettingValue> settings_now() const override;
  std::optional<sim::ActionOutcome> apply(const sim::Action& action, sim::Land& land) override;
  void figures(std::vector<sim::WorldFigure>& out) const override;
  [[nodiscard]] std::unique_ptr<sim::WorldState> save() const override;
  void restore(const sim::WorldState& state, sim::Land& land) override;

  // Everything the beacon is.
  struct State final : sim::WorldState {
    static constexpr sim::WorldKind kKind = TestWorld::kKind;
    [[nodiscard]] sim::WorldKind kind() const override { return kKind; }
    sim::Vec2 beacon;
    std::uint64_t steps = 0;
    std::uint64_t taps = 0;
    double glow = 1.0;
    std::uint32_t size = 1;
  };

 private:
  sim::Vec2 beacon_ = kStart;
  double glow_ = 1.0;
  std::uint32_t size_ = 1;
  std::uint64_t steps_ = 0;
  std::uint64_t taps_ = 0;
};

// The beacon's frame: the meadow as camera and bounds, and a light layer of one channel with
// the beacon lit (kPixel world units a pixel).
class TestWorldStream final : public stream::WorldStream {
 public:
  static constexpr float kPixel = 10.0F;

  [[nodiscard]] sim::WorldKind kind() const override { return TestWorld::kKind; }
  void build(const sim::World& world, const stream::FrameContext& context, v1::ServerMessage& message,
             stream::WorldFrame& out) override;

 private:
  stream::FrameEncoder encoder_;
  std::vector<std::uint8_t> raster_;
};

}  // namespace meadow::testing
