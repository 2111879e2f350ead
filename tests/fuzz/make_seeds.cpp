// meadow-fuzz-seeds OUT_DIR: writes the binary seed corpora, OUT_DIR/NAME/*, from real encoded
// data: every kind of ClientMessage (and the common ways one is wrong), the light of a flocking
// swarm rendered by the server's LightRaster and encoded by its FrameEncoder (key and deltas),
// and streams of ServerMessages as a native viewer receives them. tests/fuzz/corpus/ holds its
// output (the HTTP requests there are plain text, written by hand):
//   cmake --build build/release --target meadow-fuzz-seeds
//   build/release/tests/fuzz/meadow-fuzz-seeds tests/fuzz/corpus
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include "edge/edge_mapping.hpp"
#include "fuzz_inputs.hpp"
#include "meadow/v1/viewer.pb.h"
#include "sim/land.hpp"
#include "sim/mold/mold_settings.hpp"
#include "sim/plate/plate_world.hpp"
#include "sim/pond/pond_world.hpp"
#include "stream/frame_codec.hpp"
#include "stream/light_raster.hpp"
#include "saved_meadow.hpp"
#include "sim/parallel_for.hpp"
#include "store/store_fixture.hpp"
#include "stream/snapshot_mapping.hpp"
#include "stream/swarm_fixture.hpp"
#include "stream/video_light.hpp"
#include "stream/swarm/swarm_light.hpp"

namespace meadow::fuzz {
namespace {

namespace fs = std::filesystem;

class SeedWriter {
 public:
  SeedWriter(const fs::path& out, const char* target) : folder_(out / target) { fs::create_directories(folder_); }
  void write(const std::string& name, const std::string& bytes) {
    std::ofstream(folder_ / name, std::ios::binary) << bytes;
    ++written_;
  }
  ~SeedWriter() { std::printf("%s: %d seeds\n", folder_.string().c_str(), written_); }
  SeedWriter(const SeedWriter&) = delete;
  SeedWriter& operator=(const SeedWriter&) = delete;

 private:
  fs::path folder_;
  int written_ = 0;
};

std::string tool(v1::Tool which, v1::ToolAction::Phase phase, float x, float y, bool with_position = true) {
  v1::ClientMessage m;
  m.mutable_tool()->set_tool(which);
  m.mutable_tool()->set_phase(phase);
  if (with_position) {
    m.mutable_tool()->mutable_position()->set_x(x);
    m.mutable_tool()->mutable_position()->set_y(y);
  }
  return m.SerializeAsString();
}

void viewer_input_seeds(const fs::path& out) {
  SeedWriter seeds(out, "viewer_input");
  v1::ClientMessage m;
  m.mutable_hello()->set_protocol_version(v1::PROTOCOL_VERSION_CURRENT);
  m.mutable_hello()->set_client_name("meadow-web 0.1.0");
  seeds.write("hello", m.SerializeAsString());
  m.mutable_hello()->set_protocol_version(v1::PROTOCOL_VERSION_UNSPECIFIED);
  seeds.write("hello-no-version", m.SerializeAsString());
  m.mutable_hello()->set_protocol_version(v1::PROTOCOL_VERSION_CURRENT);
  m.mutable_hello()->set_client_name(std::string(65, 'x'));
  seeds.write("hello-long-name", m.SerializeAsString());

  for (const auto& [name, world] : {std::pair{"swarm", v1::WORLD_SWARM}, {"colony", v1::WORLD_COLONY},
                                    {"mold", v1::WORLD_MOLD}, {"unspecified", v1::WORLD_UNSPECIFIED}}) {
    m.mutable_choose_world()->set_world(world);
    seeds.write(std::string("choose-") + name, m.SerializeAsString());
  }

  using P = v1::ToolAction;
  seeds.write("attract-tap", tool(v1::TOOL_ATTRACT, P::PHASE_TAP, 800, 450));
  seeds.write("attract-held-down", tool(v1::TOOL_ATTRACT, P::PHASE_DOWN, 400, 300));
  seeds.write("attract-held-move-off-world", tool(v1::TOOL_ATTRACT, P::PHASE_MOVE, -50, 950));
  seeds.write("flower-tap", tool(v1::TOOL_FLOWER, P::PHASE_TAP, 120.5F, 880));
  seeds.write("rock-tap", tool(v1::TOOL_ROCK, P::PHASE_TAP, 1599, 0));
  seeds.write("rock-down", tool(v1::TOOL_ROCK, P::PHASE_DOWN, 10, 10));
  seeds.write("predator-down", tool(v1::TOOL_PREDATOR, P::PHASE_DOWN, 700, 400));
  seeds.write("predator-move-off-world", tool(v1::TOOL_PREDATOR, P::PHASE_MOVE, 1e9F, -1e9F));
  seeds.write("predator-up", tool(v1::TOOL_PREDATOR, P::PHASE_UP, 0, 0, false));
  seeds.write("predator-tap", tool(v1::TOOL_PREDATOR, P::PHASE_TAP, 5, 5));
  seeds.write("rock-nan", tool(v1::TOOL_ROCK, P::PHASE_TAP, std::numeric_limits<float>::quiet_NaN(), 5));
  seeds.write("flower-infinity", tool(v1::TOOL_FLOWER, P::PHASE_TAP, 5, std::numeric_limits<float>::infinity()));
  seeds.write("rock-outside", tool(v1::TOOL_ROCK, P::PHASE_TAP, 1700, 450));
  seeds.write("rock-no-position", tool(v1::TOOL_ROCK, P::PHASE_TAP, 0, 0, false));
  seeds.write("tool-unknown", tool(static_cast<v1::Tool>(9), P::PHASE_TAP, 5, 5));
  seeds.write("tool-unknown-phase", tool(v1::TOOL_ROCK, static_cast<P::Phase>(9), 5, 5));

  m.Clear();
  auto* swarm = m.mutable_swarm_settings();
  swarm->set_count(6000);
  swarm->set_separation(1.5F);
  swarm->set_alignment(1.0F);
  swarm->set_cohesion(0.25F);
  seeds.write("swarm-settings", m.SerializeAsString());
  swarm->set_count(50);
  seeds.write("swarm-count-too-small", m.SerializeAsString());
  swarm->clear_count();
  swarm->set_cohesion(3.5F);
  seeds.write("swarm-weight-too-large", m.SerializeAsString());

  m.Clear();
  auto* mold = m.mutable_mold_settings();
  mold->set_preset(std::string(sim::mold_presets().front().name));
  seeds.write("mold-preset", m.SerializeAsString());
  mold->set_agents(200000);
  mold->set_sensor_angle(22.5F);
  mold->set_turn_angle(45);
  mold->set_sensor_distance(9);
  mold->set_deposit(0.5F);
  mold->set_decay(0.1F);
  mold->set_diffusion(1);
  mold->set_occupancy(true);
  seeds.write("mold-settings", m.SerializeAsString());
  mold->clear_preset();
  mold->set_sensor_distance(41);
  seeds.write("mold-distance-too-far", m.SerializeAsString());
  mold->set_sensor_distance(9);
  mold->set_preset("no-such-preset");
  seeds.write("mold-unknown-preset", m.SerializeAsString());

  // Any world's settings by name (WorldSettings).
  m.Clear();
  auto* world_settings = m.mutable_settings();
  world_settings->set_world(v1::WORLD_MOLD);
  world_settings->set_preset("web");
  for (const auto& [name, value] : {std::pair{"decay", 0.25}, std::pair{"occupancy", 0.0}, std::pair{"agents", 4096.0}}) {
    v1::SettingValue& v = *world_settings->add_values();
    v.set_name(name);
    v.set_value(value);
  }
  seeds.write("world-settings", m.SerializeAsString());
  world_settings->set_world(v1::WORLD_SWARM);
  world_settings->clear_preset();
  world_settings->clear_values();
  v1::SettingValue& count = *world_settings->add_values();
  count.set_name("count");
  count.set_value(1000.5);
  seeds.write("world-settings-count-not-whole", m.SerializeAsString());

  // The night replayed: a start, a seek, a speed past the most, an action not given.
  m.Clear();
  m.mutable_replay()->set_action(v1::ReplayRequest::ACTION_START);
  m.mutable_replay()->set_speed(60);
  seeds.write("replay-start", m.SerializeAsString());
  m.mutable_replay()->set_action(v1::ReplayRequest::ACTION_SEEK);
  m.mutable_replay()->set_at_ms(1'796'680'800'000);
  seeds.write("replay-seek", m.SerializeAsString());
  m.mutable_replay()->set_action(v1::ReplayRequest::ACTION_SPEED);
  m.mutable_replay()->set_speed(61);
  seeds.write("replay-too-fast", m.SerializeAsString());
  m.mutable_replay()->set_action(v1::ReplayRequest::ACTION_UNSPECIFIED);
  seeds.write("replay-no-action", m.SerializeAsString());

  m.Clear();
  m.mutable_ping()->set_client_time_ms(1'700'000'000'000ULL);
  seeds.write("ping", m.SerializeAsString());
  seeds.write("empty", "");
  seeds.write("not-protobuf", "\xff\xff\xff\xff garbage");
}

// Small rasters: a fuzzer mutates a few kilobytes far faster than a full 400 × 225 frame.
constexpr std::uint32_t kSeedWidth = 80;
constexpr std::uint32_t kSeedHeight = 45;
const stream::RasterGeometry kSeedGeometry{{0, 0, sim::kMeadowWidth, sim::kMeadowHeight}, kSeedWidth, kSeedHeight};

// The light of a flocking swarm, frame after frame.
class SwarmLight {
 public:
  std::vector<std::uint8_t> next() {
    const auto image = stream::render_fireflies(raster_, swarm_.view(), kSeedGeometry);
    swarm_.advance();
    return {image.begin(), image.end()};
  }

 private:
  testing::SwarmFixture swarm_{1200, kSeedGeometry.bounds, 5};
  stream::LightRaster raster_;
};

v1::LightLayer light_layer(const std::string& data, bool key, std::uint64_t base_frame) {
  v1::LightLayer layer;
  layer.set_width(kSeedWidth);
  layer.set_height(kSeedHeight);
  layer.set_channels(stream::kLightChannels);
  layer.mutable_bounds()->set_width(sim::kMeadowWidth);
  layer.mutable_bounds()->set_height(sim::kMeadowHeight);
  layer.set_codec(v1::LIGHT_CODEC_ZSTD_U8);
  layer.set_key(key);
  layer.set_base_frame(base_frame);
  layer.set_data(data);
  return layer;
}

// A swarm frame with its light and the predator of session 7 on the follower's probe.
std::string frame_message(std::uint64_t number, const v1::LightLayer& layer) {
  v1::ServerMessage m;
  m.mutable_frame()->set_number(number);
  m.mutable_frame()->set_tick(number * 2);
  m.mutable_frame()->set_world(v1::WORLD_SWARM);
  *m.mutable_frame()->mutable_light() = layer;
  auto* predator = m.mutable_frame()->add_marks();
  predator->set_id(3);
  predator->set_tool(v1::TOOL_PREDATOR);
  predator->mutable_position()->set_x(kProbeX);
  predator->mutable_position()->set_y(kProbeY);
  predator->set_owner_session(7);
  return m.SerializeAsString();
}

void light_seeds(const fs::path& out) {
  stream::FrameEncoder encoder;
  const std::size_t row = kSeedWidth;
  const std::size_t rows = std::size_t{kSeedHeight} * stream::kLightChannels;
  SwarmLight light;
  const auto first = light.next();
  const auto second = light.next();
  const auto third = light.next();
  const std::string key = encoder.encode_key(first, row);
  const std::string delta = encoder.encode_delta(second, first, row);
  const std::string delta2 = encoder.encode_delta(third, second, row);

  {
    SeedWriter seeds(out, "light_codec");
    const auto r16 = static_cast<std::uint16_t>(row);
    const auto rows16 = static_cast<std::uint16_t>(rows);
    const std::string delta_on_base = encoder.encode_delta(second, light_delta_base(second.size()), row);
    seeds.write("key", light_codec_input(0, r16, rows16, key));
    seeds.write("delta", light_codec_input(kLightDelta, r16, rows16, delta_on_base));
    seeds.write("delta-ragged-base", light_codec_input(kLightDelta | kLightRaggedBase, r16, rows16, delta_on_base));
    const std::vector<std::uint8_t> one_row(16, 7);
    seeds.write("key-one-row", light_codec_input(0, 16, 1, encoder.encode_key(one_row, 16)));
    seeds.write("key-empty", light_codec_input(0, 0, 0, encoder.encode_key({}, 0)));
    seeds.write("key-wrong-size", light_codec_input(0, r16, static_cast<std::uint16_t>(rows - 1), key));
    seeds.write("key-truncated", light_codec_input(0, r16, rows16, key.substr(0, key.size() / 2)));
  }

  SeedWriter seeds(out, "frame_follower");
  v1::ServerMessage welcome;
  welcome.mutable_welcome()->set_protocol_version(v1::PROTOCOL_VERSION_CURRENT);
  welcome.mutable_welcome()->set_session_id(7);
  welcome.mutable_welcome()->mutable_world_bounds()->set_width(sim::kMeadowWidth);
  welcome.mutable_welcome()->mutable_world_bounds()->set_height(sim::kMeadowHeight);
  auto* rock = welcome.mutable_welcome()->add_rocks();
  rock->set_id(1);
  rock->mutable_center()->set_x(kProbeX);
  rock->mutable_center()->set_y(kProbeY);
  rock->set_radius(sim::kRockRadius);
  const std::string key_frame = frame_message(10, light_layer(key, true, 0));
  const std::string delta_frame = frame_message(11, light_layer(delta, false, 10));
  const std::string delta2_frame = frame_message(12, light_layer(delta2, false, 11));
  seeds.write("welcome-key-delta-delta",
              length_prefixed({welcome.SerializeAsString(), key_frame, delta_frame, delta2_frame}));
  seeds.write("key-then-skipped-delta", length_prefixed({key_frame, delta2_frame}));
  seeds.write("delta-without-key", length_prefixed({delta_frame}));
  v1::LightLayer other = light_layer(key, true, 0);
  other.set_height(kSeedHeight + 1);
  seeds.write("key-of-wrong-height", length_prefixed({frame_message(10, other), delta_frame}));
  v1::ServerMessage rocks;
  *rocks.mutable_rocks()->add_rocks() = *rock;
  v1::ServerMessage notice;
  notice.mutable_notice()->set_level(v1::Notice::LEVEL_WARNING);
  notice.mutable_notice()->set_code("rate_limited");
  v1::ServerMessage pong;
  pong.mutable_pong()->set_client_time_ms(1);
  seeds.write("rocks-notice-pong",
              length_prefixed({rocks.SerializeAsString(), notice.SerializeAsString(), pong.SerializeAsString()}));

  // The same light as VP9 video (stream/video_light.hpp): a key, a layer-2 and a layer-1 frame.
  stream::VideoLightEncoder video;
  const std::size_t pixels = std::size_t{kSeedWidth} * kSeedHeight;
  auto video_layer = [&](const std::vector<std::uint8_t>& raster, bool as_key) {
    const std::span<const std::uint8_t> planes(raster);
    v1::LightLayer layer = light_layer(
        video.encode(planes.first(pixels), planes.subspan(pixels, pixels), kSeedWidth, kSeedHeight, as_key).data,
        as_key, 0);
    layer.set_codec(v1::LIGHT_CODEC_VP9);
    return layer;
  };
  const v1::LightLayer video_key = video_layer(first, true);
  const v1::LightLayer video_top = video_layer(second, false);
  const v1::LightLayer video_middle = video_layer(third, false);
  seeds.write("video-key-delta-delta", length_prefixed({frame_message(10, video_key), frame_message(11, video_top),
                                                        frame_message(12, video_middle)}));
  seeds.write("video-delta-without-key", length_prefixed({frame_message(11, video_top)}));
  seeds.write("video-key-then-zstd-delta", length_prefixed({frame_message(10, video_key), delta_frame}));
  v1::LightLayer wider = video_key;
  wider.set_width(kSeedWidth + 2);
  seeds.write("video-key-of-wrong-width", length_prefixed({frame_message(10, wider), frame_message(11, video_top)}));
}

// Snapshots of the small meadow (saved_meadow.hpp) as it goes, with what viewers did in it.
void snapshot_seeds(const fs::path& out) {
  SeedWriter seeds(out, "snapshot_reader");
  sim::SerialFor serial;
  auto meadow = small_meadow(5);
  testing::ScriptDriver driver;
  for (const std::uint64_t tick : {0, 30, 58}) {  // before the script grows the swarm (tick 60)
    driver.run(*meadow, tick, serial);
    v1::SavedMeadow saved;
    stream::to_proto(meadow->save(), small_meadow_mappings(), saved);
    seeds.write("meadow-at-" + std::to_string(tick), saved.SerializeAsString());
  }
  // A frog in the colony, mid-hop after a few hundred steps, so its saved fields are seeds too.
  sim::Action frog{sim::kOperator, 0, sim::FrogTap{{1000.0F, 300.0F}}, sim::WorldKind::colony};
  (void)meadow->apply(frog);
  for (int step = 0; step < 240; ++step) {
    for (sim::World* w : meadow->worlds()) {
      if (w->kind() == sim::WorldKind::colony) meadow->step_world(*w, serial, sim::kNoStepBudget);
    }
    meadow->end_tick();
  }
  v1::SavedMeadow with_frog;
  stream::to_proto(meadow->save(), small_meadow_mappings(), with_frog);
  seeds.write("meadow-with-a-frog", with_frog.SerializeAsString());
  // A plate a second into its run, so the plate's saved fields are seeds too.
  sim::Meadow plate(5, {[](std::uint64_t, sim::Land&) -> std::unique_ptr<sim::World> {
                      return std::make_unique<sim::PlateWorld>();
                    }});
  for (int tick = 0; tick < 60; ++tick) plate.step(serial);
  v1::SavedMeadow with_plate;
  stream::to_proto(plate.save(), small_meadow_mappings(), with_plate);
  seeds.write("plate-at-60", with_plate.SerializeAsString());
  // A pond a second into its run with a handful of crumbs and a predator, so the pond's saved
  // fields are seeds too.
  sim::Meadow pond(5, {[](std::uint64_t seed, sim::Land& land) -> std::unique_ptr<sim::World> {
                     return std::make_unique<sim::PondWorld>(seed, land.meadow());
                   }});
  const sim::Vec2 water = pond.get<sim::PondWorld>().water().centre();
  sim::Action handful{7, 0, sim::FlowerTap{water, true}, sim::WorldKind::pond};
  (void)pond.apply(handful);
  sim::Action predator{8, 0, sim::PredatorPointer{sim::PointerPhase::down, water}, sim::WorldKind::pond};
  (void)pond.apply(predator);
  for (int tick = 0; tick < 60; ++tick) pond.step(serial);
  v1::SavedMeadow with_pond;
  stream::to_proto(pond.save(), small_meadow_mappings(), with_pond);
  seeds.write("pond-at-60", with_pond.SerializeAsString());
}

// The small meadow's journal over the store tests' script (tests/store/store_fixture.hpp): every
// kind of action and budget, as records each a length byte and its bytes (journal_reader_fuzz.cpp).
void journal_seeds(const fs::path& out) {
  SeedWriter seeds(out, "journal_reader");
  sim::SerialFor serial;
  auto meadow = small_meadow(5);
  testing::ScriptDriver driver;
  driver.run(*meadow, 300, serial);
  std::string batch;
  int written = 0;
  for (std::size_t i = 0; i < driver.journal.size(); ++i) {
    v1::JournalRecord record;
    stream::to_proto(driver.journal[i], record);
    const std::string bytes = record.SerializeAsString();
    if (bytes.size() > 255) continue;
    batch += static_cast<char>(bytes.size());
    batch += bytes;
    if ((i + 1) % 8 == 0 || i + 1 == driver.journal.size()) {
      seeds.write("records-" + std::to_string(written++), batch);
      batch.clear();
    }
  }
}

// What the sim and its edges send each other (edge_messages_fuzz.cpp): a kind byte, then a
// message made from the small meadow's real frames, actions and land.
void edge_seeds(const fs::path& out) {
  SeedWriter seeds(out, "edge_messages");
  const auto with_kind = [](char kind, const google::protobuf::Message& m) { return std::string(1, kind) + m.SerializeAsString(); };
  sim::SerialFor serial;
  auto meadow = small_meadow(5);
  testing::ScriptDriver driver;
  driver.run(*meadow, 120, serial);
  // A frame: a bundle of two worlds, one message each.
  stream::FrameBundle bundle;
  bundle.number = 9;
  bundle.tick = 18;
  bundle.world(sim::WorldKind::swarm).key_message = "key";
  bundle.world(sim::WorldKind::swarm).delta_message = "delta";
  bundle.world(sim::WorldKind::swarm).delta_base = 8;
  bundle.world(sim::WorldKind::colony).key_message = "colony key";
  std::vector<v1::EdgeFrame> frames;
  edge::to_proto(bundle, 77, 1, frames);
  seeds.write("frame", with_kind(0, frames[0]));
  // Actions: the script's, as an edge forwards them.
  v1::EdgeActions actions;
  actions.set_edge("edge-a");
  for (const stream::JournalEntry& entry : driver.journal) {
    if (std::holds_alternative<sim::Action>(entry.entry)) stream::to_proto(entry, *actions.add_actions());
    if (actions.actions_size() == 6) break;
  }
  seeds.write("actions", with_kind(1, actions));
  v1::EdgeReport report;
  report.set_edge("edge-a");
  edge::to_proto(net::SessionInfo{42, "10.0.0.2:4000", sim::WorldKind::colony, 3.0, 1000, 90, 1}, *report.add_viewers());
  report.add_video_viewers(1);
  report.add_video_key_asked(true);
  seeds.write("report", with_kind(2, report));
  v1::SavedLand land;
  stream::to_proto(meadow->land().state(), land);
  seeds.write("land", with_kind(3, land));
  v1::EdgeWelcome welcome;
  welcome.set_sim(77);
  welcome.add_worlds(v1::WORLD_SWARM);
  welcome.add_worlds(v1::WORLD_COLONY);
  *welcome.mutable_land() = land;
  for (const v1::EdgeFrame& f : frames) *welcome.add_frames() = f;
  seeds.write("welcome", with_kind(4, welcome));
}

}  // namespace
}  // namespace meadow::fuzz

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s OUT_DIR (tests/fuzz/corpus)\n", argv[0]);
    return 2;
  }
  const std::filesystem::path out(argv[1]);
  meadow::fuzz::viewer_input_seeds(out);
  meadow::fuzz::light_seeds(out);
  meadow::fuzz::snapshot_seeds(out);
  meadow::fuzz::journal_seeds(out);
  meadow::fuzz::edge_seeds(out);
  return 0;
}
