#include "app/sim_loop.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <memory>
#include <thread>
#include <string>

#include "sim/state_hash.hpp"
#include "sim/swarm/cpu_swarm.hpp"
#include "store/recovery.hpp"
#include "store/state_store.hpp"
#include "store/store_writer.hpp"
#include "stream/colony/colony_snapshot.hpp"
#include "stream/swarm/swarm_snapshot.hpp"
#include "support/meadow_streams.hpp"
#include "support/meadow_worlds.hpp"
#include "support/temp_path.hpp"
#include "meadow/v1/viewer.pb.h"

namespace meadow::app {
namespace {

class RecordingSession final : public net::HubSession {
 public:
  explicit RecordingSession(std::uint64_t id) : id_(id) {}
  [[nodiscard]] std::uint64_t id() const override { return id_; }
  void deliver_frame(stream::FrameBundlePtr bundle) override { frames.push_back(std::move(bundle)); }
  void deliver_reliable(net::SharedBytes message) override {
    v1::ServerMessage m;
    ASSERT_TRUE(m.ParseFromString(*message));
    reliable.push_back(m);
  }
  void close_soon(const char*) override {}
  [[nodiscard]] net::SessionInfo info() const override { return {}; }

  std::uint64_t id_;
  std::vector<stream::FrameBundlePtr> frames;
  std::vector<v1::ServerMessage> reliable;
};

struct Fixture {
  sim::Land land;
  sim::Meadow meadow{3, testing::swarm_and_colony(std::make_unique<sim::CpuSwarm>(3, 300, land))};
  sim::SerialFor serial;
  stream::ActionQueue actions{64};
  net::Hub hub;
  net::Metrics metrics;
};

TEST(SimLoop, BuildsFramesAtTheFrameRate) {
  Fixture f;
  SimLoop loop(f.meadow, f.serial, f.actions, f.hub, f.metrics, 30.0, testing::standard_streams());
  auto viewer = std::make_shared<RecordingSession>(1);
  f.hub.join(viewer);
  for (int i = 0; i < 60; ++i) loop.tick();
  EXPECT_EQ(f.metrics.ticks_total.load(), 60U);
  EXPECT_EQ(f.metrics.frames_total.load(), 30U) << "30 frames in one second of 60 ticks";
  ASSERT_EQ(viewer->frames.size(), 30U);
  for (std::size_t i = 1; i < viewer->frames.size(); ++i) {
    EXPECT_EQ(viewer->frames[i]->number, viewer->frames[i - 1]->number + 1);
    EXPECT_EQ(viewer->frames[i]->tick, viewer->frames[i - 1]->tick + 2);
  }
}

TEST(SimLoop, OddFrameRatesStillAverageOut) {
  Fixture f;
  SimLoop loop(f.meadow, f.serial, f.actions, f.hub, f.metrics, 24.0, testing::standard_streams());
  for (int i = 0; i < 600; ++i) loop.tick();
  EXPECT_EQ(f.metrics.frames_total.load(), 240U);
}

TEST(SimLoop, AppliesQueuedActionsAndAnnouncesRocks) {
  Fixture f;
  SimLoop loop(f.meadow, f.serial, f.actions, f.hub, f.metrics, 30.0, testing::standard_streams());
  auto viewer = std::make_shared<RecordingSession>(9);
  f.hub.join(viewer);
  ASSERT_TRUE(f.actions.push(sim::Action{9, 0, sim::RockTap{{500, 500}}}));
  loop.tick();
  EXPECT_EQ(f.meadow.land().rocks().size(), 1U);
  EXPECT_EQ(f.hub.land()->rocks().size(), 1U) << "new viewers are welcomed with the rock";
  ASSERT_EQ(viewer->reliable.size(), 1U);
  ASSERT_TRUE(viewer->reliable[0].has_rocks());
  EXPECT_EQ(viewer->reliable[0].rocks().rocks_size(), 1);
}

TEST(SimLoop, ARefusedActionGetsANoticeToItsViewerOnly) {
  Fixture f;
  SimLoop loop(f.meadow, f.serial, f.actions, f.hub, f.metrics, 30.0, testing::standard_streams());
  auto asker = std::make_shared<RecordingSession>(1);
  auto other = std::make_shared<RecordingSession>(2);
  f.hub.join(asker);
  f.hub.join(other);
  // Fill the land with rocks (a rock each from many viewers), then one more from the asker.
  for (std::size_t i = 0; i <= sim::kMaxRocks; ++i) {
    const float x = 30.0F + static_cast<float>(i % 20) * 75.0F;
    const float y = 30.0F + static_cast<float>(i / 20) * 75.0F;
    const std::uint64_t origin = i < sim::kMaxRocks ? 100 + i : 1;
    ASSERT_TRUE(f.actions.push(sim::Action{origin, 0, sim::RockTap{{x, y}}}));
  }
  loop.tick();
  EXPECT_EQ(f.meadow.land().rocks().size(), sim::kMaxRocks);
  const auto is_notice = [](const v1::ServerMessage& m) { return m.has_notice(); };
  EXPECT_EQ(std::count_if(asker->reliable.begin(), asker->reliable.end(), is_notice), 1);
  EXPECT_EQ(std::count_if(other->reliable.begin(), other->reliable.end(), is_notice), 0);
}

TEST(SimLoop, AFloodOfRefusalsIsToldOnceASecondAndAHeldCountAsInformation) {
  Fixture f;
  SimLoop loop(f.meadow, f.serial, f.actions, f.hub, f.metrics, 30.0, testing::standard_streams());
  auto flooder = std::make_shared<RecordingSession>(1);
  f.hub.join(flooder);
  // A rock tap every tick: the first places a rock, the next eleven meet the tap cooldown.
  for (int i = 0; i < 60; ++i) {
    ASSERT_TRUE(f.actions.push(sim::Action{1, 0, sim::RockTap{{100.0F + 20.0F * static_cast<float>(i), 300.0F}}}));
    loop.tick();
  }
  const auto notices_of = [&](const std::string& code) {
    return std::count_if(flooder->reliable.begin(), flooder->reliable.end(),
                         [&](const v1::ServerMessage& m) { return m.has_notice() && m.notice().code() == code; });
  };
  EXPECT_EQ(notices_of("too_fast"), static_cast<long>(NoticeThrottle::kBurst)) << "a second of refusals, a burst of notices";
  // A count above the viewers' ceiling is held to it, and the viewer is told so as information.
  sim::SwarmSettingsChange change;
  change.count = 2'000'000;
  ASSERT_TRUE(f.actions.push(sim::Action{1, 0, sim::as_settings(change)}));
  loop.tick();
  ASSERT_EQ(notices_of("count_limit"), 1);
  const auto note = std::find_if(flooder->reliable.begin(), flooder->reliable.end(),
                                 [](const v1::ServerMessage& m) { return m.has_notice() && m.notice().code() == "count_limit"; });
  EXPECT_EQ(note->notice().level(), v1::Notice::LEVEL_INFO);
  EXPECT_EQ(testing::swarm_of(f.meadow).target_count(), testing::swarm_of(f.meadow).viewer_max_count());
}

TEST(SimLoop, RunsOnItsThreadAndStops) {
  Fixture f;
  SimLoop loop(f.meadow, f.serial, f.actions, f.hub, f.metrics, 30.0, testing::standard_streams());
  loop.start();
  while (f.metrics.ticks_total.load() < 3) std::this_thread::yield();
  loop.stop();
  const auto ticks = f.metrics.ticks_total.load();
  EXPECT_GE(ticks, 3U);
  EXPECT_EQ(f.meadow.tick(), ticks);
  // Each tick says the thread is alive, for /healthz (app/serving.hpp's sim_stuck).
  const auto now_ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
  EXPECT_GT(f.metrics.sim_alive_ms.load(), now_ms - 10'000);
}


TEST(SimLoop, AWorldThatGrowsIsPublishedForValidationAndWelcomes) {
  Fixture f;
  SimLoop loop(f.meadow, f.serial, f.actions, f.hub, f.metrics, 30.0, testing::standard_streams());
  sim::SwarmSettingsChange change;
  change.count = 12000;
  ASSERT_TRUE(f.actions.push(sim::Action{1, 0, sim::as_settings(change)}));
  loop.tick();
  EXPECT_GT(f.hub.land()->world().width, 1600.0F);
  EXPECT_EQ(f.hub.land()->world(), f.meadow.land().world());
}

TEST(SimLoop, AViewerLeavingIsQueuedEvenWhenTheQueueIsFull) {
  Fixture f;
  SimLoop loop(f.meadow, f.serial, f.actions, f.hub, f.metrics, 30.0, testing::standard_streams());
  ASSERT_TRUE(f.actions.push(sim::Action{7, 0, sim::PredatorPointer{sim::PointerPhase::down, {100.0F, 100.0F}}}));
  for (std::size_t i = 1; i < f.actions.capacity(); ++i) {
    ASSERT_TRUE(f.actions.push(sim::Action{8, 0, sim::PredatorPointer{sim::PointerPhase::move, {200.0F, 100.0F}}}));
  }
  EXPECT_FALSE(f.actions.push(sim::Action{9, 0, sim::FlowerTap{{1.0F, 1.0F}}}));
  f.actions.push_always(sim::Action{7, 0, sim::ViewerLeft{}});
  loop.tick();
  ASSERT_EQ(testing::swarm_of(f.meadow).tools().predators().size(), 1U);
  EXPECT_EQ(testing::swarm_of(f.meadow).tools().predators()[0].owner, 8U);
}

}  // namespace
}  // namespace meadow::app

namespace meadow::app {
namespace {

// Saving the meadow (docs/durability.md): the loop on its own thread hands its journal and copies
// of the meadow to the store's thread while viewers' actions come in from a third; what the store
// then holds brings back the very meadow the loop ended with.
TEST(SimLoop, SavesFromItsThreadWhileTheStoreWritesOnItsOwn) {
  const std::filesystem::path dir = testing::unique_temp_path("sim-loop-store");
  std::filesystem::remove_all(dir);
  const std::vector<stream::WorldSnapshotMapping> mappings{stream::swarm_snapshot_mapping(),
                                                           stream::colony_snapshot_mapping()};
  Fixture f;
  {
    store::StoreWriter writer(dir, 3, mappings, {});
    SimLoop loop(f.meadow, f.serial, f.actions, f.hub, f.metrics, 30.0, testing::standard_streams());
    loop.set_store(&writer, 30);
    loop.start();
    for (int i = 0; i < 6; ++i) {
      ASSERT_TRUE(f.actions.push(sim::Action{9, 0, sim::RockTap{{200.0F + 150.0F * static_cast<float>(i), 300.0F}}}));
      std::this_thread::sleep_for(std::chrono::milliseconds(120));
    }
    while (f.metrics.ticks_total.load() < 120) std::this_thread::yield();
    loop.stop();
    writer.flush();
    EXPECT_TRUE(writer.status().saving) << writer.status().problem;
    EXPECT_GE(writer.status().snapshots_written, 3U);
  }
  sim::Land land;
  sim::Meadow back{3, testing::swarm_and_colony(std::make_unique<sim::CpuSwarm>(3, 300, land))};
  store::StateStore store(dir);
  const store::Recovery r = store::recover(store, back, f.serial, mappings);
  EXPECT_TRUE(r.restored);
  EXPECT_EQ(back.tick(), f.meadow.tick());
  EXPECT_EQ(back.land().rocks(), f.meadow.land().rocks());
  EXPECT_EQ(sim::meadow_state_hash(back), sim::meadow_state_hash(f.meadow));
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace meadow::app
