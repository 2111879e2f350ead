#include "stream/client_input.hpp"

#include <gtest/gtest.h>

#include <limits>

#include "meadow/v1/viewer.pb.h"
#include "sim/mold/mold_settings.hpp"
#include "sim/swarm/swarm_engine.hpp"
#include "sim/swarm/swarm_settings.hpp"

namespace meadow::stream {
namespace {

const sim::Rect kWorld{0.0F, 0.0F, 1600.0F, 900.0F};
constexpr std::uint32_t kMaxCount = 50000;
// The schemas a server with a swarm of at most kMaxCount fireflies and a mold hands the door.
const std::vector<sim::SettingsSchema> kSchemas = {sim::swarm_settings_schema(kMaxCount), sim::mold_settings_schema()};
const InputLimits kLimits{4096, kSchemas};
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

ClientInput parse(const v1::ClientMessage& message) {
  return parse_client_message(message.SerializeAsString(), kWorld, kLimits, 5);
}

std::string rejection_code(const ClientInput& input) {
  const auto* r = std::get_if<Rejection>(&input);
  if (r == nullptr) return "(accepted)";
  EXPECT_FALSE(r->text.empty());
  return r->code;
}

v1::ClientMessage tool(v1::Tool t, v1::ToolAction::Phase phase, float x, float y) {
  v1::ClientMessage m;
  m.mutable_tool()->set_tool(t);
  m.mutable_tool()->set_phase(phase);
  m.mutable_tool()->mutable_position()->set_x(x);
  m.mutable_tool()->mutable_position()->set_y(y);
  return m;
}

v1::ClientMessage settings() {
  v1::ClientMessage m;
  m.mutable_swarm_settings();
  return m;
}

TEST(ClientInput, RockTapInsideTheWorldIsAnAction) {
  const ClientInput input = parse(tool(v1::TOOL_ROCK, v1::ToolAction::PHASE_TAP, 100.0F, 800.0F));
  const auto* action = std::get_if<sim::Action>(&input);
  ASSERT_NE(action, nullptr);
  EXPECT_EQ(action->origin, 5U);
  const auto* tap = std::get_if<sim::RockTap>(&action->body);
  ASSERT_NE(tap, nullptr);
  EXPECT_EQ(tap->at, (sim::Vec2{100.0F, 800.0F}));
  // The edges belong to the world.
  EXPECT_EQ(rejection_code(parse(tool(v1::TOOL_ROCK, v1::ToolAction::PHASE_TAP, 0, 900))),
            "(accepted)");
}

TEST(ClientInput, SettingsWithinRangeAreAnAction) {
  v1::ClientMessage m = settings();
  m.mutable_swarm_settings()->set_count(20000);
  m.mutable_swarm_settings()->set_cohesion(3.0F);
  m.mutable_swarm_settings()->set_separation(0.0F);
  const ClientInput input = parse(m);
  const auto* action = std::get_if<sim::Action>(&input);
  ASSERT_NE(action, nullptr);
  const auto* settings_change = std::get_if<sim::SettingsChange>(&action->body);
  ASSERT_NE(settings_change, nullptr);
  EXPECT_EQ(settings_change->world, sim::WorldKind::swarm);
  const auto change = sim::swarm_settings_change(*settings_change);
  EXPECT_EQ(change.count, 20000U);
  EXPECT_EQ(change.cohesion, 3.0F);
  EXPECT_EQ(change.separation, 0.0F);
  EXPECT_FALSE(change.alignment.has_value());
  // Bounds of the count are inclusive.
  m.mutable_swarm_settings()->set_count(static_cast<std::uint32_t>(sim::SwarmEngine::kMinCount));
  EXPECT_EQ(rejection_code(parse(m)), "(accepted)");
  m.mutable_swarm_settings()->set_count(kMaxCount);
  EXPECT_EQ(rejection_code(parse(m)), "(accepted)");
}

TEST(ClientInput, HelloChooseWorldPingAreForTheNetLayer) {
  v1::ClientMessage hello;
  hello.mutable_hello()->set_protocol_version(v1::PROTOCOL_VERSION_CURRENT);
  hello.mutable_hello()->set_client_name("gallery wall");
  const ClientInput h = parse(hello);
  ASSERT_TRUE(std::holds_alternative<ClientHello>(h));
  EXPECT_EQ(std::get<ClientHello>(h).client_name, "gallery wall");

  v1::ClientMessage choose;
  choose.mutable_choose_world()->set_world(v1::WORLD_COLONY);
  const ClientInput c = parse(choose);
  ASSERT_TRUE(std::holds_alternative<ChooseWorld>(c));
  EXPECT_EQ(std::get<ChooseWorld>(c).world, sim::WorldKind::colony);

  v1::ClientMessage ping;
  ping.mutable_ping()->set_client_time_ms(1234);
  const ClientInput p = parse(ping);
  ASSERT_TRUE(std::holds_alternative<ClientPing>(p));
  EXPECT_EQ(std::get<ClientPing>(p).client_time_ms, 1234U);
}

TEST(ClientInput, UnparseableOversizedAndEmptyMessagesAreRejected) {
  EXPECT_EQ(rejection_code(parse_client_message("\xff\xff\xff\xff", kWorld, kLimits)),
            reject::kMalformed);
  EXPECT_EQ(rejection_code(parse_client_message("\x1a\x10\x08", kWorld, kLimits)),  // truncated
            reject::kMalformed);
  EXPECT_EQ(rejection_code(parse_client_message(std::string(5000, '\0'), kWorld, kLimits)),
            reject::kTooLarge);
  EXPECT_EQ(rejection_code(parse_client_message("", kWorld, kLimits)), reject::kEmpty);
  // A field this server does not know (a newer viewer) leaves no body it knows.
  EXPECT_EQ(rejection_code(parse_client_message("\x48\x01", kWorld, kLimits)), reject::kEmpty);
  // Exactly at the limit is fine.
  const std::string ping = [] {
    v1::ClientMessage m;
    m.mutable_ping()->set_client_time_ms(1);
    return m.SerializeAsString();
  }();
  EXPECT_EQ(rejection_code(parse_client_message(ping, kWorld, InputLimits{ping.size(), kSchemas})),
            "(accepted)");
  EXPECT_EQ(rejection_code(parse_client_message(ping, kWorld, InputLimits{ping.size() - 1, kSchemas})),
            reject::kTooLarge);
}

TEST(ClientInput, UnknownAndUnspecifiedEnumsAreRejected) {
  EXPECT_EQ(rejection_code(parse(tool(v1::TOOL_UNSPECIFIED, v1::ToolAction::PHASE_TAP, 1, 1))),
            reject::kUnknownValue);
  EXPECT_EQ(rejection_code(parse(tool(static_cast<v1::Tool>(42), v1::ToolAction::PHASE_TAP, 1, 1))),
            reject::kUnknownValue);
  EXPECT_EQ(rejection_code(parse(tool(v1::TOOL_ROCK, v1::ToolAction::PHASE_UNSPECIFIED, 1, 1))),
            reject::kUnknownValue);
  EXPECT_EQ(rejection_code(parse(tool(v1::TOOL_ROCK, static_cast<v1::ToolAction::Phase>(9), 1, 1))),
            reject::kUnknownValue);
  v1::ClientMessage choose;
  choose.mutable_choose_world()->set_world(v1::WORLD_UNSPECIFIED);
  EXPECT_EQ(rejection_code(parse(choose)), reject::kUnknownValue);
  choose.mutable_choose_world()->set_world(static_cast<v1::World>(17));
  EXPECT_EQ(rejection_code(parse(choose)), reject::kUnknownValue);
  v1::ClientMessage hello;
  hello.mutable_hello()->set_protocol_version(v1::PROTOCOL_VERSION_UNSPECIFIED);
  EXPECT_EQ(rejection_code(parse(hello)), reject::kUnsupportedProtocol);
  hello.mutable_hello()->set_protocol_version(static_cast<v1::ProtocolVersion>(2));
  EXPECT_EQ(rejection_code(parse(hello)), reject::kUnsupportedProtocol);
}

template <typename Body>
const Body* body_of(const ClientInput& input) {
  const auto* action = std::get_if<sim::Action>(&input);
  if (action == nullptr) return nullptr;
  EXPECT_EQ(action->origin, 5U);
  return std::get_if<Body>(&action->body);
}

TEST(ClientInput, AttractAndFlowerTapsAreActions) {
  using P = v1::ToolAction;
  const ClientInput attract_input = parse(tool(v1::TOOL_ATTRACT, P::PHASE_TAP, 300, 200));
  const auto* attract = body_of<sim::AttractTap>(attract_input);
  ASSERT_NE(attract, nullptr);
  EXPECT_EQ(attract->at, (sim::Vec2{300.0F, 200.0F}));
  const ClientInput flower_input = parse(tool(v1::TOOL_FLOWER, P::PHASE_TAP, 1600, 0));
  const auto* flower = body_of<sim::FlowerTap>(flower_input);
  ASSERT_NE(flower, nullptr);
  EXPECT_EQ(flower->at, (sim::Vec2{1600.0F, 0.0F}));
  EXPECT_FALSE(flower->handful);
  // "Throw food": a handful, where the world has water to scatter it on.
  v1::ClientMessage handful = tool(v1::TOOL_FLOWER, P::PHASE_TAP, 1200, 230);
  handful.mutable_tool()->set_handful(true);
  const ClientInput handful_input = parse(handful);
  const auto* thrown = body_of<sim::FlowerTap>(handful_input);
  ASSERT_NE(thrown, nullptr);
  EXPECT_TRUE(thrown->handful);
}

TEST(ClientInput, MoldSettingsAreCheckedAgainstTheirRanges) {
  v1::ClientMessage m;
  m.mutable_mold_settings()->set_preset("veins");
  m.mutable_mold_settings()->set_sensor_angle(30.0F);
  m.mutable_mold_settings()->set_agents(5000);
  const ClientInput ok = parse(m);
  const auto* settings_change = body_of<sim::SettingsChange>(ok);
  ASSERT_NE(settings_change, nullptr);
  EXPECT_EQ(settings_change->world, sim::WorldKind::mold);
  const auto change = sim::mold_settings_change(*settings_change);
  EXPECT_EQ(change.preset, "veins");
  EXPECT_EQ(change.sensor_angle_deg, 30.0F);
  EXPECT_EQ(change.agents, 5000U);
  EXPECT_FALSE(change.decay.has_value());
  v1::ClientMessage far;
  far.mutable_mold_settings()->set_sensor_distance(41.0F);
  EXPECT_EQ(rejection_code(parse(far)), reject::kOutOfRange);
  v1::ClientMessage nan;
  nan.mutable_mold_settings()->set_decay(kNaN);
  EXPECT_EQ(rejection_code(parse(nan)), reject::kNotFinite);
  v1::ClientMessage unknown;
  unknown.mutable_mold_settings()->set_preset("nope");
  EXPECT_EQ(rejection_code(parse(unknown)), reject::kUnknownValue);
}

// WorldSettings carries any world's settings by the names of its schema; the door checks them
// against that schema, as the meadow does again.
TEST(ClientInput, WorldSettingsAreCheckedAgainstTheirWorldsSchema) {
  const auto world_settings = [](v1::World world, std::initializer_list<std::pair<const char*, double>> values) {
    v1::ClientMessage m;
    m.mutable_settings()->set_world(world);
    for (const auto& [name, value] : values) {
      v1::SettingValue& v = *m.mutable_settings()->add_values();
      v.set_name(name);
      v.set_value(value);
    }
    return m;
  };
  const ClientInput ok = parse(world_settings(v1::WORLD_MOLD, {{"decay", 0.25}, {"occupancy", 0}}));
  const auto* change = body_of<sim::SettingsChange>(ok);
  ASSERT_NE(change, nullptr);
  EXPECT_EQ(change->world, sim::WorldKind::mold);
  const auto mold = sim::mold_settings_change(*change);
  EXPECT_EQ(mold.decay, 0.25F);
  EXPECT_EQ(mold.occupancy, false);
  EXPECT_EQ(rejection_code(parse(world_settings(v1::WORLD_SWARM, {{"count", kMaxCount}}))), "(accepted)");
  EXPECT_EQ(rejection_code(parse(world_settings(v1::WORLD_SWARM, {{"count", 1000.5}}))), reject::kOutOfRange);
  EXPECT_EQ(rejection_code(parse(world_settings(v1::WORLD_MOLD, {{"occupancy", 0.5}}))), reject::kOutOfRange);
  EXPECT_EQ(rejection_code(parse(world_settings(v1::WORLD_MOLD, {{"gravity", 1}}))), reject::kUnknownValue);
  EXPECT_EQ(rejection_code(parse(world_settings(v1::WORLD_MOLD, {{"decay", 0.1}, {"decay", 0.2}}))),
            reject::kDuplicate);
  // A world without settings here, and a world the wire does not know.
  EXPECT_EQ(rejection_code(parse(world_settings(v1::WORLD_COLONY, {}))), reject::kUnknownValue);
  EXPECT_EQ(rejection_code(parse(world_settings(static_cast<v1::World>(99), {}))), reject::kUnknownValue);
  // The refusal never quotes what was sent.
  const ClientInput long_name = parse(world_settings(v1::WORLD_MOLD, {{"<script>", 1}}));
  ASSERT_NE(std::get_if<Rejection>(&long_name), nullptr);
  EXPECT_EQ(std::get<Rejection>(long_name).text.find("<script>"), std::string::npos);
}

TEST(ClientInput, AHeldAttractIsAPointerAsTheMoldTakesIt) {
  using P = v1::ToolAction;
  const ClientInput down = parse(tool(v1::TOOL_ATTRACT, P::PHASE_DOWN, 300, 200));
  const auto* pointer = body_of<sim::AttractPointer>(down);
  ASSERT_NE(pointer, nullptr);
  EXPECT_EQ(pointer->phase, sim::PointerPhase::down);
  EXPECT_EQ(pointer->at, (sim::Vec2{300.0F, 200.0F}));
  const ClientInput up_input = parse(tool(v1::TOOL_ATTRACT, P::PHASE_UP, 0, 0));
  const auto* up = body_of<sim::AttractPointer>(up_input);
  ASSERT_NE(up, nullptr);
  EXPECT_EQ(up->phase, sim::PointerPhase::up);
  EXPECT_EQ(rejection_code(parse(tool(v1::TOOL_ATTRACT, P::PHASE_DOWN, kNaN, 10))), reject::kNotFinite);
}

TEST(ClientInput, AttractAndFlowerActOnATapOnlyWithAFinitePointInsideTheWorld) {
  using P = v1::ToolAction;
  for (auto phase : {P::PHASE_DOWN, P::PHASE_MOVE, P::PHASE_UP}) {
    EXPECT_EQ(rejection_code(parse(tool(v1::TOOL_FLOWER, phase, 10, 10))), reject::kUnsupportedPhase);
  }
  for (v1::Tool t : {v1::TOOL_ATTRACT, v1::TOOL_FLOWER}) {
    EXPECT_EQ(rejection_code(parse(tool(t, P::PHASE_TAP, kNaN, 10))), reject::kNotFinite) << t;
    EXPECT_EQ(rejection_code(parse(tool(t, P::PHASE_TAP, 10, -kInf))), reject::kNotFinite) << t;
    EXPECT_EQ(rejection_code(parse(tool(t, P::PHASE_TAP, 1600.5F, 10))), reject::kOutsideWorld) << t;
    EXPECT_EQ(rejection_code(parse(tool(t, P::PHASE_TAP, 10, -1))), reject::kOutsideWorld) << t;
    v1::ClientMessage no_point;
    no_point.mutable_tool()->set_tool(t);
    no_point.mutable_tool()->set_phase(P::PHASE_TAP);
    EXPECT_EQ(rejection_code(parse(no_point)), reject::kMissingField) << t;
  }
}

TEST(ClientInput, PredatorFollowsDownMoveUp) {
  using P = v1::ToolAction;
  const ClientInput down_input = parse(tool(v1::TOOL_PREDATOR, P::PHASE_DOWN, 50, 60));
  const auto* down = body_of<sim::PredatorPointer>(down_input);
  ASSERT_NE(down, nullptr);
  EXPECT_EQ(down->phase, sim::PointerPhase::down);
  EXPECT_EQ(down->at, (sim::Vec2{50.0F, 60.0F}));
  const ClientInput move_input = parse(tool(v1::TOOL_PREDATOR, P::PHASE_MOVE, 70, 80));
  const auto* move = body_of<sim::PredatorPointer>(move_input);
  ASSERT_NE(move, nullptr);
  EXPECT_EQ(move->phase, sim::PointerPhase::move);
  EXPECT_EQ(move->at, (sim::Vec2{70.0F, 80.0F}));
  // Up needs no point.
  v1::ClientMessage up;
  up.mutable_tool()->set_tool(v1::TOOL_PREDATOR);
  up.mutable_tool()->set_phase(P::PHASE_UP);
  const ClientInput lift_input = parse(up);
  const auto* lift = body_of<sim::PredatorPointer>(lift_input);
  ASSERT_NE(lift, nullptr);
  EXPECT_EQ(lift->phase, sim::PointerPhase::up);
}

TEST(ClientInput, PredatorRulesForPointsAndPhases) {
  using P = v1::ToolAction;
  EXPECT_EQ(rejection_code(parse(tool(v1::TOOL_PREDATOR, P::PHASE_TAP, 10, 10))), reject::kUnsupportedPhase);
  EXPECT_EQ(rejection_code(parse(tool(v1::TOOL_PREDATOR, P::PHASE_DOWN, -5, 10))), reject::kOutsideWorld);
  EXPECT_EQ(rejection_code(parse(tool(v1::TOOL_PREDATOR, P::PHASE_DOWN, kNaN, 10))), reject::kNotFinite);
  EXPECT_EQ(rejection_code(parse(tool(v1::TOOL_PREDATOR, P::PHASE_MOVE, 10, kInf))), reject::kNotFinite);
  // A held pointer dragged past the edge keeps the predator on the edge.
  const ClientInput move_input = parse(tool(v1::TOOL_PREDATOR, P::PHASE_MOVE, -40, 2000));
  const auto* move = body_of<sim::PredatorPointer>(move_input);
  ASSERT_NE(move, nullptr);
  EXPECT_EQ(move->at, (sim::Vec2{0.0F, 900.0F}));
  v1::ClientMessage no_point;
  no_point.mutable_tool()->set_tool(v1::TOOL_PREDATOR);
  no_point.mutable_tool()->set_phase(P::PHASE_MOVE);
  EXPECT_EQ(rejection_code(parse(no_point)), reject::kMissingField);
}

TEST(ClientInput, RockTapNeedsAFinitePointInsideTheWorldOnATap) {
  using P = v1::ToolAction;
  EXPECT_EQ(rejection_code(parse(tool(v1::TOOL_ROCK, P::PHASE_TAP, kNaN, 10))), reject::kNotFinite);
  EXPECT_EQ(rejection_code(parse(tool(v1::TOOL_ROCK, P::PHASE_TAP, 10, kInf))), reject::kNotFinite);
  EXPECT_EQ(rejection_code(parse(tool(v1::TOOL_ROCK, P::PHASE_TAP, -kInf, 10))), reject::kNotFinite);
  EXPECT_EQ(rejection_code(parse(tool(v1::TOOL_ROCK, P::PHASE_TAP, -0.5F, 10))), reject::kOutsideWorld);
  EXPECT_EQ(rejection_code(parse(tool(v1::TOOL_ROCK, P::PHASE_TAP, 10, 900.5F))), reject::kOutsideWorld);
  EXPECT_EQ(rejection_code(parse(tool(v1::TOOL_ROCK, P::PHASE_TAP, 1e30F, 10))), reject::kOutsideWorld);
  EXPECT_EQ(rejection_code(parse(tool(v1::TOOL_ROCK, P::PHASE_DOWN, 10, 10))), reject::kUnsupportedPhase);
  EXPECT_EQ(rejection_code(parse(tool(v1::TOOL_ROCK, P::PHASE_MOVE, 10, 10))), reject::kUnsupportedPhase);
  v1::ClientMessage no_point;
  no_point.mutable_tool()->set_tool(v1::TOOL_ROCK);
  no_point.mutable_tool()->set_phase(P::PHASE_TAP);
  EXPECT_EQ(rejection_code(parse(no_point)), reject::kMissingField);
}

TEST(ClientInput, SettingsOutOfRangeOrNotFiniteAreRejected) {
  const auto with_weight = [](void (v1::SwarmSettings::*set)(float), float value) {
    v1::ClientMessage m = settings();
    (m.mutable_swarm_settings()->*set)(value);
    return m;
  };
  for (auto set : {&v1::SwarmSettings::set_separation, &v1::SwarmSettings::set_alignment,
                   &v1::SwarmSettings::set_cohesion}) {
    EXPECT_EQ(rejection_code(parse(with_weight(set, kNaN))), reject::kNotFinite);
    EXPECT_EQ(rejection_code(parse(with_weight(set, kInf))), reject::kNotFinite);
    EXPECT_EQ(rejection_code(parse(with_weight(set, -0.01F))), reject::kOutOfRange);
    EXPECT_EQ(rejection_code(parse(with_weight(set, 3.01F))), reject::kOutOfRange);
    EXPECT_EQ(rejection_code(parse(with_weight(set, 1.0F))), "(accepted)");
  }
  v1::ClientMessage m = settings();
  m.mutable_swarm_settings()->set_count(static_cast<std::uint32_t>(sim::SwarmEngine::kMinCount - 1));
  EXPECT_EQ(rejection_code(parse(m)), reject::kOutOfRange);
  m.mutable_swarm_settings()->set_count(kMaxCount + 1);
  EXPECT_EQ(rejection_code(parse(m)), reject::kOutOfRange);
  m.mutable_swarm_settings()->set_count(0);
  EXPECT_EQ(rejection_code(parse(m)), reject::kOutOfRange);
  // One bad field rejects the whole change: nothing half-applied.
  m.mutable_swarm_settings()->set_count(1000);
  m.mutable_swarm_settings()->set_alignment(kNaN);
  EXPECT_EQ(rejection_code(parse(m)), reject::kNotFinite);
}

TEST(ClientInput, LongClientNameIsRejected) {
  v1::ClientMessage hello;
  hello.mutable_hello()->set_protocol_version(v1::PROTOCOL_VERSION_CURRENT);
  hello.mutable_hello()->set_client_name(std::string(kMaxClientNameBytes, 'a'));
  EXPECT_EQ(rejection_code(parse(hello)), "(accepted)");
  hello.mutable_hello()->set_client_name(std::string(kMaxClientNameBytes + 1, 'a'));
  EXPECT_EQ(rejection_code(parse(hello)), reject::kOutOfRange);
}

TEST(ClientInput, InvalidUtf8NameIsMalformed) {
  // Hello{protocol_version: 1, client_name: "\xff\xfe"} written out by hand: protobuf's own
  // serializer would refuse to produce it. proto3 strings must be UTF-8.
  const std::string bytes("\x0a\x06\x08\x01\x12\x02\xff\xfe", 8);
  EXPECT_EQ(rejection_code(parse_client_message(bytes, kWorld, kLimits)), reject::kMalformed);
}

TEST(ClientInput, TheSpeedSettingIsCheckedAgainstItsOwnRange) {
  v1::ClientMessage m = settings();
  m.mutable_swarm_settings()->set_speed(2.0F);
  const ClientInput fast = parse(m);
  const auto* change = body_of<sim::SettingsChange>(fast);
  ASSERT_NE(change, nullptr);
  EXPECT_EQ(sim::swarm_settings_change(*change).speed, 2.0F);
  m.mutable_swarm_settings()->set_speed(0.5F);
  EXPECT_EQ(rejection_code(parse(m)), "(accepted)");
  for (const float bad : {0.49F, 2.01F, 0.0F, 3.0F}) {
    m.mutable_swarm_settings()->set_speed(bad);
    const ClientInput refused = parse(m);
    EXPECT_EQ(rejection_code(refused), reject::kOutOfRange) << bad;
    const auto* r = std::get_if<Rejection>(&refused);
    if (r != nullptr) {
      EXPECT_EQ(r->text, "The swarm's speed must be between 0.5 and 2.");
    }
  }
  m.mutable_swarm_settings()->set_speed(kNaN);
  EXPECT_EQ(rejection_code(parse(m)), reject::kNotFinite);
}

TEST(ClientInput, AFrogTapIsAnAction) {
  const ClientInput input = parse(tool(v1::TOOL_FROG, v1::ToolAction::PHASE_TAP, 400, 300));
  const auto* frog = body_of<sim::FrogTap>(input);
  ASSERT_NE(frog, nullptr);
  EXPECT_EQ(frog->at, (sim::Vec2{400.0F, 300.0F}));
  EXPECT_EQ(rejection_code(parse(tool(v1::TOOL_FROG, v1::ToolAction::PHASE_DOWN, 400, 300))),
            reject::kUnsupportedPhase);
  EXPECT_EQ(rejection_code(parse(tool(v1::TOOL_FROG, v1::ToolAction::PHASE_TAP, kNaN, 300))), reject::kNotFinite);
}

TEST(ClientInput, TrailsAreForTheNetLayerWithinTheirLimits) {
  v1::ClientMessage watch;
  watch.mutable_watch_trails()->set_on(true);
  const ClientInput w = parse(watch);
  ASSERT_TRUE(std::holds_alternative<WatchTrails>(w));
  EXPECT_TRUE(std::get<WatchTrails>(w).on);

  v1::ClientMessage record;
  record.mutable_record_trails();
  const ClientInput plate = parse(record);
  ASSERT_TRUE(std::holds_alternative<RecordTrails>(plate));
  EXPECT_EQ(std::get<RecordTrails>(plate).plan.warmup_steps, sim::kTrailDefaultWarmupSteps);
  EXPECT_EQ(std::get<RecordTrails>(plate).plan.steps, sim::kTrailDefaultSteps);
  EXPECT_EQ(std::get<RecordTrails>(plate).plan.count, sim::kTrailDefaultCount);
  // A viewer may ask for the study's recording at most, not the operator's limits.
  record.mutable_record_trails()->set_count(sim::kViewerTrailLimits.count);
  record.mutable_record_trails()->set_steps(30);
  const ClientInput asked = parse(record);
  ASSERT_TRUE(std::holds_alternative<RecordTrails>(asked));
  EXPECT_EQ(std::get<RecordTrails>(asked).plan.steps, 30U);
  record.mutable_record_trails()->set_count(sim::kViewerTrailLimits.count + 1);
  EXPECT_EQ(rejection_code(parse(record)), reject::kOutOfRange);
  record.mutable_record_trails()->set_count(sim::kViewerTrailLimits.count);
  record.mutable_record_trails()->set_steps(sim::kViewerTrailLimits.steps + 1);
  EXPECT_EQ(rejection_code(parse(record)), reject::kOutOfRange);
  record.mutable_record_trails()->set_steps(sim::kViewerTrailLimits.steps);
  record.mutable_record_trails()->set_warmup_steps(sim::kViewerTrailLimits.warmup_steps + 1);
  EXPECT_EQ(rejection_code(parse(record)), reject::kOutOfRange);

  // Whose trails: no world named is left to the server (older viewers: the first world that keeps
  // trails); the plate's, fresh; none unknown.
  record.mutable_record_trails()->set_warmup_steps(0);
  EXPECT_EQ(std::get<RecordTrails>(parse(record)).plan.world, sim::WorldKind{});
  EXPECT_FALSE(std::get<RecordTrails>(parse(record)).plan.fresh);
  record.mutable_record_trails()->set_world(v1::WORLD_PLATE);
  record.mutable_record_trails()->set_fresh(true);
  const ClientInput fresh = parse(record);
  ASSERT_TRUE(std::holds_alternative<RecordTrails>(fresh));
  EXPECT_EQ(std::get<RecordTrails>(fresh).plan.world, sim::WorldKind::plate);
  EXPECT_TRUE(std::get<RecordTrails>(fresh).plan.fresh);
  record.mutable_record_trails()->set_world(static_cast<v1::World>(99));
  EXPECT_EQ(rejection_code(parse(record)), reject::kOutOfRange);
}

}  // namespace
}  // namespace meadow::stream
