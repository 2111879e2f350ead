// End to end, the operator: the real meadow-server with an operator token, its gRPC service
// called through a real channel with and without the token, locks honoured for a WebSocket
// viewer, and meadowctl run as a command.
#include <gtest/gtest.h>
#include <grpcpp/generic/generic_stub.h>
#include <grpcpp/grpcpp.h>

#include <array>
#include <cstdlib>
#include <filesystem>
#include <iterator>
#include <limits>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <future>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <sys/wait.h>
#include <thread>

#include "meadow/v1/operator.grpc.pb.h"
#include "meadow/v1/swarm/swarm_frame.pb.h"
#include "launch/server_launch.hpp"
#include "support/server_process.hpp"
#include "support/temp_path.hpp"
#include "support/test_paths.hpp"
#include "support/viewer_messages.hpp"
#include "operator_fixture.hpp"
#include "ws/ws_client.hpp"

namespace meadow {
namespace {

using namespace std::chrono_literals;
using operator_test::kToken;
using operator_test::OperatorTest;

TEST_F(OperatorTest, EveryCallNeedsTheToken) {
  for (const char* token : {static_cast<const char*>(nullptr), "wrong"}) {
    grpc::ClientContext c1, c2, c3, c4, c5;
    prepare(c1, token);
    prepare(c2, token);
    prepare(c3, token);
    prepare(c4, token);
    prepare(c5, token);
    v1::Status s;
    v1::ActionReply r;
    v1::ViewerList list;
    EXPECT_EQ(stub_->GetStatus(&c1, {}, &s).error_code(), grpc::StatusCode::UNAUTHENTICATED);
    v1::PlaceRockRequest rock;
    rock.mutable_position()->set_x(500);
    rock.mutable_position()->set_y(400);
    EXPECT_EQ(stub_->PlaceRock(&c2, rock, &r).error_code(), grpc::StatusCode::UNAUTHENTICATED);
    EXPECT_EQ(stub_->Pause(&c3, {}, &r).error_code(), grpc::StatusCode::UNAUTHENTICATED);
    EXPECT_EQ(stub_->ListViewers(&c4, {}, &list).error_code(), grpc::StatusCode::UNAUTHENTICATED);
    auto reader = stub_->WatchStatus(&c5, {});
    while (reader->Read(&s)) {
    }
    EXPECT_EQ(reader->Finish().error_code(), grpc::StatusCode::UNAUTHENTICATED);
  }
  EXPECT_EQ(status().rocks(), 0U);  // nothing happened
  EXPECT_FALSE(status().paused());
}

TEST_F(OperatorTest, EveryCallWithTheTokenDoesWhatItSays) {
  v1::Status s = first_status();
  EXPECT_EQ(figure(s, v1::WORLD_SWARM, "count"), 400.0);
  EXPECT_EQ(figure(s, v1::WORLD_COLONY, "size"), 50.0);
  EXPECT_EQ(engine(s, v1::WORLD_SWARM), "cpu");
  EXPECT_EQ(engine(s, v1::WORLD_COLONY), "cpu");
  EXPECT_GT(s.tick(), 0U);

  const auto call = [&](auto method, const auto& request) {
    grpc::ClientContext c;
    prepare(c);
    v1::ActionReply r;
    const grpc::Status st = ((*stub_).*method)(&c, request, &r);
    EXPECT_TRUE(st.ok()) << st.error_message();
    return r;
  };
  EXPECT_TRUE(call(&v1::Operator::Stub::ChangeSettings,
                   settings_of(v1::WORLD_SWARM, {{"count", 900}, {"cohesion", 2.0}, {"speed", 1.5}}))
                  .accepted());
  EXPECT_TRUE(call(&v1::Operator::Stub::ChangeSettings, settings_of(v1::WORLD_MOLD, {{"agents", 3000}}, "veins")).accepted());
  v1::PlaceRockRequest rock;
  rock.mutable_position()->set_x(500);
  rock.mutable_position()->set_y(400);
  EXPECT_TRUE(call(&v1::Operator::Stub::PlaceRock, rock).accepted());
  EXPECT_TRUE(call(&v1::Operator::Stub::Act, tap(v1::WORLD_COLONY, v1::TOOL_FLOWER, 900, 300)).accepted());
  EXPECT_TRUE(call(&v1::Operator::Stub::Act, tap(v1::WORLD_COLONY, v1::TOOL_FROG, 1100, 300)).accepted());
  EXPECT_TRUE(call(&v1::Operator::Stub::Pause, v1::PauseRequest{}).accepted());
  s = status_when([](const v1::Status& st) { return st.paused(); });
  EXPECT_EQ(figure(s, v1::WORLD_SWARM, "target_count"), 900.0);
  EXPECT_FLOAT_EQ(static_cast<float>(figure(s, v1::WORLD_SWARM, "cohesion")), 2.0F);
  EXPECT_FLOAT_EQ(static_cast<float>(figure(s, v1::WORLD_SWARM, "speed")), 1.5F);
  EXPECT_EQ(figure(s, v1::WORLD_COLONY, "frogs"), 1.0);
  EXPECT_EQ(s.rocks(), 1U);
  EXPECT_EQ(figure(s, v1::WORLD_COLONY, "flowers"), 1.0);
  EXPECT_EQ(figure(s, v1::WORLD_MOLD, "agents"), 3000.0);
  EXPECT_TRUE(s.paused());
  EXPECT_TRUE(call(&v1::Operator::Stub::Resume, v1::ResumeRequest{}).accepted());
  EXPECT_TRUE(call(&v1::Operator::Stub::ClearRocks, v1::ClearRocksRequest{}).accepted());
  v1::ClearRequest frogs;
  frogs.set_world(v1::WORLD_COLONY);
  frogs.set_what("frogs");
  EXPECT_TRUE(call(&v1::Operator::Stub::Clear, frogs).accepted());
  s = status_when([](const v1::Status& st) { return !st.paused() && st.rocks() == 0; });
  EXPECT_EQ(figure(s, v1::WORLD_COLONY, "frogs"), 0.0);
  EXPECT_FALSE(s.paused());
  EXPECT_EQ(s.rocks(), 0U);
  // A refusal comes back as the meadow's reason, not as an error.
  rock.mutable_position()->set_x(-5000);
  const v1::ActionReply refused = call(&v1::Operator::Stub::PlaceRock, rock);
  EXPECT_FALSE(refused.accepted());
  EXPECT_EQ(refused.code(), "outside_world");
  // A setting out of its range is the caller's error.
  {
    grpc::ClientContext c;
    prepare(c);
    v1::ActionReply r;
    const v1::WorldSettings far = settings_of(v1::WORLD_MOLD, {{"sensor_distance", 400.0}});
    EXPECT_EQ(stub_->ChangeSettings(&c, far, &r).error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  }
  {
    grpc::ClientContext c;
    prepare(c);
    v1::ActionReply r;
    const v1::WorldSettings too_fast = settings_of(v1::WORLD_SWARM, {{"speed", 2.5}});
    EXPECT_EQ(stub_->ChangeSettings(&c, too_fast, &r).error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  }
  // Any world's settings by the names of its schema, which the status carries with the values now.
  v1::WorldSettings decay;
  decay.set_world(v1::WORLD_MOLD);
  v1::SettingValue& value = *decay.add_values();
  value.set_name("decay");
  value.set_value(0.25);
  EXPECT_TRUE(call(&v1::Operator::Stub::ChangeSettings, decay).accepted());
  s = status_when([](const v1::Status& st) {
    for (const v1::WorldStatus& w : st.worlds()) {
      for (const v1::SettingValue& v : w.settings()) {
        if (w.world() == v1::WORLD_MOLD && v.name() == "decay" && v.value() == 0.25) return true;
      }
    }
    return false;
  });
  for (const v1::WorldStatus& w : s.worlds()) {
    if (w.world() == v1::WORLD_COLONY) {
      EXPECT_FALSE(w.has_settings_schema()) << "the colony has no settings";
      continue;
    }
    ASSERT_TRUE(w.has_settings_schema()) << v1::World_Name(w.world());
    EXPECT_EQ(w.settings_schema().settings_size(), w.settings_size()) << "a value for every setting";
    if (w.world() == v1::WORLD_MOLD) {
      EXPECT_EQ(w.settings_schema().presets_size(), 4);
      EXPECT_EQ(w.settings_schema().settings(0).name(), "agents");
    }
  }
  {
    grpc::ClientContext c;
    prepare(c);
    v1::ActionReply r;
    value.set_value(1.5);  // past 1
    const grpc::Status st = stub_->ChangeSettings(&c, decay, &r);
    EXPECT_EQ(st.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    EXPECT_EQ(st.error_message(), "The mold's decay must be between 0 and 1.");
  }
  // Live figures stream until cancelled.
  grpc::ClientContext watch;
  prepare(watch);
  v1::WatchStatusRequest every;
  every.set_interval_ms(100);
  auto reader = stub_->WatchStatus(&watch, every);
  int seen = 0;
  while (seen < 3 && reader->Read(&s)) ++seen;
  EXPECT_EQ(seen, 3);
  watch.TryCancel();
  (void)reader->Finish();
}

// An older console's per-world calls (SetSwarm, SetMold, DropFlower, TapFrog, ClearFrogs) went
// when ChangeSettings, Act and Clear took their place: gRPC answers them UNIMPLEMENTED, and the
// meadow is left as it was (docs/running.md "The operator's console").
TEST_F(OperatorTest, ThePerWorldCallsOfOlderConsolesAnswerUnimplemented) {
  (void)first_status();
  v1::SwarmSettings older;  // what an older console sent SetSwarm; the other calls' bodies were as small
  older.set_count(900);
  const std::string body = older.SerializeAsString();
  grpc::GenericStub generic(grpc::CreateChannel(address_, grpc::InsecureChannelCredentials()));
  for (const char* method : {"SetSwarm", "SetMold", "DropFlower", "TapFrog", "ClearFrogs"}) {
    grpc::ClientContext c;
    prepare(c);
    grpc::Slice slice(body);
    grpc::ByteBuffer request(&slice, 1);
    grpc::ByteBuffer reply;
    std::promise<grpc::Status> done;
    generic.UnaryCall(&c, std::string("/meadow.v1.Operator/") + method, grpc::StubOptions(), &request, &reply,
                      [&done](const grpc::Status& st) { done.set_value(st); });
    EXPECT_EQ(done.get_future().get().error_code(), grpc::StatusCode::UNIMPLEMENTED) << method;
  }
  const v1::Status s = status();
  EXPECT_EQ(figure(s, v1::WORLD_SWARM, "target_count"), 400.0) << "SetSwarm changed nothing";
  EXPECT_EQ(figure(s, v1::WORLD_COLONY, "frogs"), 0.0) << "TapFrog dropped nothing";
}

// The live stream carries the meadow's events since its previous message: a flower dropped while
// watching is there, once; the colony's flashes (hundreds a second) are left out.
TEST_F(OperatorTest, WatchStatusBringsTheEventsAsTheyHappen) {
  grpc::ClientContext watch;
  prepare(watch);
  v1::WatchStatusRequest every;
  every.set_interval_ms(100);
  auto reader = stub_->WatchStatus(&watch, every);
  v1::Status s;
  ASSERT_TRUE(reader->Read(&s));
  grpc::ClientContext c;
  prepare(c);
  v1::ActionReply r;
  ASSERT_TRUE(stub_->Act(&c, tap(v1::WORLD_COLONY, v1::TOOL_FLOWER, 1000, 350), &r).ok());
  ASSERT_TRUE(r.accepted());
  int dropped = 0;
  int flashes = 0;
  int events = 0;
  std::uint64_t last_tick = 0;
  for (int i = 0; i < 30 && reader->Read(&s); ++i) {
    EXPECT_EQ(s.events_missed(), 0U);
    for (const auto& e : s.events()) {
      ++events;
      EXPECT_GE(e.tick(), last_tick) << "oldest first";
      last_tick = e.tick();
      if (e.has_colony_flower_dropped()) {
        ++dropped;
        EXPECT_FLOAT_EQ(e.colony_flower_dropped().position().x(), 1000.0F);
      }
      if (e.has_colony_flash() || e.has_colony_sip()) ++flashes;
    }
    if (dropped > 0 && i >= 10) break;
  }
  EXPECT_EQ(dropped, 1);
  EXPECT_EQ(flashes, 0);
  EXPECT_GE(events, 1);
  watch.TryCancel();
  (void)reader->Finish();
}

TEST_F(OperatorTest, LocksAreHonouredForViewersAndViewersCanBeListedAndClosed) {
  client::WsClient viewer;
  viewer.connect("127.0.0.1", server_->port());
  ASSERT_TRUE(viewer.wait_for([](const v1::ServerMessage& m) { return m.has_welcome(); }, testing::kReplyWait));
  v1::Locks locks;
  locks.set_rock(true);
  {
    grpc::ClientContext c;
    prepare(c);
    v1::ActionReply r;
    ASSERT_TRUE(stub_->SetLocks(&c, locks, &r).ok());
    ASSERT_TRUE(r.accepted());
  }
  v1::ClientMessage tap;
  tap.mutable_tool()->set_tool(v1::TOOL_ROCK);
  tap.mutable_tool()->set_phase(v1::ToolAction::PHASE_TAP);
  tap.mutable_tool()->mutable_position()->set_x(600);
  tap.mutable_tool()->mutable_position()->set_y(300);
  viewer.send(tap);
  const auto notice = viewer.wait_for([](const v1::ServerMessage& m) { return m.has_notice(); }, testing::kReplyWait);
  ASSERT_TRUE(notice);
  EXPECT_EQ(notice->notice().code(), "locked");
  const auto frame = viewer.wait_for([](const v1::ServerMessage& m) { return m.has_frame(); }, testing::kReplyWait);
  ASSERT_TRUE(frame);
  EXPECT_TRUE(frame->frame().locks().rock());  // the viewer can show it as locked
  EXPECT_EQ(status().rocks(), 0U);

  v1::ViewerList list;
  {
    grpc::ClientContext c;
    prepare(c);
    ASSERT_TRUE(stub_->ListViewers(&c, {}, &list).ok());
  }
  ASSERT_EQ(list.viewers_size(), 1);
  EXPECT_GT(list.viewers(0).bytes_sent(), 0U);
  EXPECT_EQ(list.viewers(0).world(), v1::WORLD_SWARM);
  grpc::ClientContext c;
  prepare(c);
  v1::CloseViewerRequest close;
  close.set_session_id(list.viewers(0).session_id());
  v1::ActionReply r;
  ASSERT_TRUE(stub_->CloseViewer(&c, close, &r).ok());
  EXPECT_TRUE(r.accepted());
  const auto deadline = std::chrono::steady_clock::now() + 10s;
  while (!viewer.close_info().closed && std::chrono::steady_clock::now() < deadline) {
    (void)viewer.next(50ms);  // the close arrives after whatever was queued
  }
  EXPECT_TRUE(viewer.close_info().closed);
}

TEST_F(OperatorTest, MeadowctlEndToEnd) {
  (void)first_status();
  auto [code, out] = meadowctl("status");
  EXPECT_EQ(code, 0);
  EXPECT_NE(out.find("colony"), std::string::npos);
  std::tie(code, out) = meadowctl("status --json");
  EXPECT_EQ(code, 0);
  EXPECT_NE(out.find("\"count\": 400"), std::string::npos) << out;
  EXPECT_EQ(meadowctl("set swarm count=700 speed=0.75").first, 0);
  EXPECT_EQ(meadowctl("set swarm speed=3").first, 5);  // out of range: the server says why
  EXPECT_EQ(meadowctl("act colony frog 1200 250").first, 0);
  EXPECT_EQ(meadowctl("clear colony frogs").first, 0);
  EXPECT_EQ(meadowctl("frog tap 1200 250").first, 2);  // usage: the per-world commands went with their calls
  EXPECT_EQ(meadowctl("flower 900 300").first, 2);
  EXPECT_EQ(meadowctl("set mold --preset web agents=2000 occupancy=on").first, 0);
  EXPECT_EQ(meadowctl("set mold sensor_angle=200").first, 5);  // out of range: the server says why
  EXPECT_EQ(meadowctl("set mold sensor_angle").first, 2);      // usage: not NAME=VALUE
  EXPECT_EQ(meadowctl("set nowhere x=5").first, 2);            // usage: no such world
  // The settings as the schemas in the status give them: names, values now, ranges, presets.
  std::tie(code, out) = meadowctl("settings mold");
  EXPECT_EQ(code, 0);
  EXPECT_NE(out.find("sensor_angle"), std::string::npos) << out;
  EXPECT_NE(out.find("0 … 90 degrees"), std::string::npos) << out;
  EXPECT_NE(out.find("web (Web)"), std::string::npos) << out;
  EXPECT_EQ(out.find("separation"), std::string::npos) << "the mold's alone: " << out;
  // The pond's, from its schema like every world's: its palette a preset.
  EXPECT_EQ(meadowctl("set pond fish=40 max_speed=3 --preset deep").first, 0);
  EXPECT_EQ(meadowctl("set pond fish=61").first, 5);  // past the source's 60: the server says why
  std::tie(code, out) = meadowctl("settings pond");
  EXPECT_EQ(code, 0);
  EXPECT_NE(out.find("max_speed"), std::string::npos) << out;
  EXPECT_NE(out.find("deep (Deep)"), std::string::npos) << out;
  const v1::Status pond = status_when([](const v1::Status& st) { return figure(st, v1::WORLD_POND, "fish") == 40.0; });
  EXPECT_EQ(figure(pond, v1::WORLD_POND, "fish"), 40.0);
  // Any tool in any world, and clearing what a world keeps, by the names its status gives.
  EXPECT_EQ(meadowctl("act pond flower 1232 234 --handful").first, 0);
  const v1::Status fed = status_when([](const v1::Status& st) {
    return figure(st, v1::WORLD_POND, "crumbs") + figure(st, v1::WORLD_POND, "fed") >= 6.0;
  });
  EXPECT_GE(figure(fed, v1::WORLD_POND, "crumbs") + figure(fed, v1::WORLD_POND, "fed"), 6.0);
  std::tie(code, out) = meadowctl("status");
  EXPECT_NE(out.find("clears: crumbs"), std::string::npos) << out;
  EXPECT_EQ(meadowctl("clear pond crumbs").first, 0);
  EXPECT_EQ(figure(status_when([](const v1::Status& st) { return figure(st, v1::WORLD_POND, "crumbs") == 0.0; }),
                   v1::WORLD_POND, "crumbs"),
            0.0);
  EXPECT_EQ(meadowctl("clear pond fish").first, 1);     // refused by the pond: it clears crumbs
  EXPECT_EQ(meadowctl("clear swarm frogs").first, 1);   // the swarm keeps nothing to clear
  EXPECT_EQ(meadowctl("act pond spoon 1 1").first, 2);  // usage: no such tool
  EXPECT_EQ(meadowctl("act colony frog 1100 300").first, 0);
  EXPECT_EQ(meadowctl("clear colony frogs").first, 0);
  EXPECT_EQ(meadowctl("lock rock settings").first, 0);
  std::tie(code, out) = meadowctl("status --json");
  EXPECT_NE(out.find("\"target_count\": 700"), std::string::npos) << out;
  EXPECT_NE(out.find("\"speed\""), std::string::npos) << out;
  EXPECT_NE(out.find("\"rock\": true"), std::string::npos) << out;
  EXPECT_NE(out.find("\"settings\": true"), std::string::npos) << out;
  EXPECT_EQ(meadowctl("unlock all").first, 0);
  EXPECT_EQ(meadowctl("viewers").first, 0);
  EXPECT_EQ(meadowctl("viewers --json").first, 0);
  EXPECT_EQ(meadowctl("rock add -9000 0").first, 1);       // refused by the meadow
  EXPECT_EQ(meadowctl("status", false).first, 4);          // no token
  EXPECT_EQ(meadowctl("lock nonsense").first, 2);          // usage
  EXPECT_EQ(meadowctl("watch --updates 2 --interval-ms 100").first, 0);
  EXPECT_EQ(server_->stop(), 0);
  EXPECT_EQ(meadowctl("status").first, 3);                 // server gone
}

// Trails (docs/rules.md "The swarm · Trails"): recorded on the live swarm, one polyline per firefly
// chosen, refused while another recording is under way or the meadow is paused; meadowctl writes
// them as SVG.
TEST_F(OperatorTest, TrailsAreRecordedOnTheLiveSwarmAndWrittenByMeadowctl) {
  (void)first_status();
  v1::TrailsRequest request;
  request.set_warmup_steps(30);
  request.set_steps(40);
  request.set_count(25);
  grpc::ClientContext c;
  prepare(c);
  v1::Trails trails;
  const grpc::Status st = stub_->RecordTrails(&c, request, &trails);
  ASSERT_TRUE(st.ok()) << st.error_message();
  EXPECT_EQ(trails.source(), v1::WORLD_SWARM) << "a request naming no world: the first world that keeps trails";
  EXPECT_EQ(trails.trails_size(), 25);
  EXPECT_EQ(trails.steps(), 40U);
  EXPECT_EQ(trails.warmup_steps(), 30U);
  std::size_t points = 0;
  for (const v1::Trail& t : trails.trails()) {
    for (const v1::TrailPiece& p : t.pieces()) {
      EXPECT_GE(p.xy_size(), 4) << "a piece is a line";
      points += static_cast<std::size_t>(p.xy_size() / 2);
    }
  }
  EXPECT_GT(points, 25U * 35U) << "nearly every firefly flew the whole recording in one piece";
  EXPECT_LE(points, 25U * 40U);
  EXPECT_GT(trails.world().width(), 0.0F);

  grpc::ClientContext too_many;
  prepare(too_many);
  request.set_count(6000);
  EXPECT_EQ(stub_->RecordTrails(&too_many, request, &trails).error_code(), grpc::StatusCode::INVALID_ARGUMENT);

  // Paused, the swarm takes no steps: the recording is refused at once rather than hanging.
  ASSERT_EQ(meadowctl("pause").first, 0);
  grpc::ClientContext paused;
  prepare(paused);
  request.set_count(5);
  EXPECT_EQ(stub_->RecordTrails(&paused, request, &trails).error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  ASSERT_EQ(meadowctl("resume").first, 0);

  const std::string svg = testing::unique_temp_path("meadow-trails") + ".svg";
  EXPECT_EQ(meadowctl("trails --warmup 10 --steps 20 --count 12 --format svg --out " + svg).first, 0);
  std::ifstream in(svg);
  const std::string file((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(file.rfind("<svg", 0), 0U) << file.substr(0, 80);
  std::set<std::string> ids;
  for (std::size_t at = file.find("data-id=\""); at != std::string::npos; at = file.find("data-id=\"", at + 1)) {
    ids.insert(file.substr(at + 9, file.find('"', at + 9) - at - 9));
  }
  EXPECT_EQ(ids.size(), 12U);
  std::filesystem::remove(svg);
  EXPECT_EQ(meadowctl("trails --format png").first, 2);
}

// The plate's trails (docs/rules.md "The plate"): a fresh study from its seeded start (every bird,
// in plate units, the same twice), the live plate after a warm-up, written by meadowctl as
// Houdini's geometry; a world with no trails is told so.
TEST_F(OperatorTest, ThePlatesTrailsComeFreshOrLiveAndMeadowctlWritesThemForHoudini) {
  (void)first_status();
  v1::TrailsRequest request;
  request.set_world(v1::WORLD_PLATE);
  request.set_fresh(true);
  const auto record = [&](v1::Trails& out) {
    grpc::ClientContext c;
    prepare(c);
    return stub_->RecordTrails(&c, request, &out);
  };
  v1::Trails fresh;
  ASSERT_TRUE(record(fresh).ok());
  EXPECT_EQ(fresh.source(), v1::WORLD_PLATE);
  EXPECT_TRUE(fresh.fresh());
  EXPECT_EQ(fresh.trails_size(), 200) << "every bird of the default plate";
  EXPECT_EQ(fresh.warmup_steps(), 240U);
  EXPECT_EQ(fresh.steps(), 120U);
  EXPECT_FLOAT_EQ(fresh.world().width(), 1.0F) << "in plate units";
  v1::Trails again;
  ASSERT_TRUE(record(again).ok());
  again.set_tick(fresh.tick());  // asked a little later: the same study all the same
  EXPECT_EQ(again.SerializeAsString(), fresh.SerializeAsString()) << "the seeded study, the same every time";

  request.set_fresh(false);
  request.set_warmup_steps(5);
  request.set_steps(10);
  request.set_count(30);
  v1::Trails live;
  ASSERT_TRUE(record(live).ok());
  EXPECT_EQ(live.trails_size(), 30);
  EXPECT_FALSE(live.fresh());

  request.set_world(v1::WORLD_MOLD);
  v1::Trails none;
  EXPECT_EQ(record(none).error_code(), grpc::StatusCode::FAILED_PRECONDITION);

  const std::string geo = testing::unique_temp_path("meadow-plate") + ".geo";
  EXPECT_EQ(meadowctl("trails --world plate --fresh --format geo --out " + geo).first, 0);
  std::ifstream in(geo);
  const std::string file((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(file.rfind("PGEOMETRY V5\n", 0), 0U) << file.substr(0, 80);
  EXPECT_NE(file.find("Run "), std::string::npos);
  EXPECT_NE(file.find("beginExtra\nendExtra\n"), std::string::npos);
  std::filesystem::remove(geo);
  EXPECT_EQ(meadowctl("trails --world nowhere").first, 2);
}

// A long recording under way when the server stops is answered, not left hanging (the server
// stops within its usual time).
TEST_F(OperatorTest, ARecordingUnderWayIsAnsweredWhenTheServerStops) {
  (void)first_status();
  v1::TrailsRequest request;
  request.set_warmup_steps(3600);
  request.set_steps(3600);
  grpc::ClientContext c;
  prepare(c);
  c.set_deadline(std::chrono::system_clock::now() + 60s);
  v1::Trails trails;
  grpc::Status answer;
  std::thread call([&] { answer = stub_->RecordTrails(&c, request, &trails); });
  std::this_thread::sleep_for(500ms);
  const auto stopping = std::chrono::steady_clock::now();
  EXPECT_EQ(server_->stop(), 0);
  call.join();
  EXPECT_LT(std::chrono::steady_clock::now() - stopping, 15s);
  EXPECT_EQ(answer.error_code(), grpc::StatusCode::FAILED_PRECONDITION) << answer.error_message();
  EXPECT_NE(answer.error_message().find("stopping"), std::string::npos) << answer.error_message();
}

TEST_F(OperatorTest, SnapshotsNeedAStateDirAndSaySo) {
  (void)first_status();
  grpc::ClientContext c;
  prepare(c);
  v1::SnapshotReply reply;
  const grpc::Status st = stub_->Save(&c, {}, &reply);
  EXPECT_EQ(st.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_NE(st.error_message().find("--state-dir"), std::string::npos) << st.error_message();
  EXPECT_EQ(meadowctl("snapshots").first, 5);
  const auto [code, out] = meadowctl("status");
  EXPECT_NE(out.find("not saved"), std::string::npos) << out;
}

class OperatorStateTest : public OperatorTest {
 protected:
  std::vector<std::string> extra_args() override {
    state_dir_ = testing::unique_temp_path("meadow-operator-state");
    std::filesystem::remove_all(state_dir_);
    return {"--state-dir", state_dir_};
  }
  void TearDown() override {
    OperatorTest::TearDown();
    std::filesystem::remove_all(state_dir_);
  }
  std::string state_dir_;
};

TEST_F(OperatorStateTest, MeadowctlSavesListsAndRestores) {
  (void)first_status();
  auto [code, out] = meadowctl("save opening");
  EXPECT_EQ(code, 0) << out;
  EXPECT_NE(out.find("saved snapshot"), std::string::npos) << out;
  EXPECT_NE(out.find("opening"), std::string::npos) << out;
  // A rock the snapshot does not have, then back to the snapshot: the rock is gone.
  EXPECT_EQ(meadowctl("rock add 300 300").first, 0);
  (void)status_when([](const v1::Status& s) { return s.rocks() == 1; });
  std::tie(code, out) = meadowctl("restore opening");
  EXPECT_EQ(code, 0) << out;
  EXPECT_NE(out.find("restored snapshot"), std::string::npos) << out;
  EXPECT_EQ(status_when([](const v1::Status& s) { return s.rocks() == 0; }).rocks(), 0U);
  std::tie(code, out) = meadowctl("snapshots");
  EXPECT_EQ(code, 0);
  EXPECT_NE(out.find("opening"), std::string::npos) << out;
  std::tie(code, out) = meadowctl("snapshots --json");
  EXPECT_NE(out.find("\"timeline\""), std::string::npos) << out;  // a restore started a new timeline
  EXPECT_EQ(meadowctl("restore nothing-of-that-name").first, 1);
  EXPECT_EQ(meadowctl("save 'bad name!'").first, 5);
  std::tie(code, out) = meadowctl("status");
  EXPECT_NE(out.find("last snapshot at tick"), std::string::npos) << out;
  // By id too.
  std::tie(code, out) = meadowctl("restore '#1'");
  EXPECT_EQ(code, 0) << out;
}

// A status watch's alarm can fire just as the call ends (its client gone): the callback then ran
// on a watch OnDone had deleted. Stress the meeting: watches at the shortest interval, cancelled
// around the moment their next alarm fires; the server must keep serving and exit cleanly.
TEST_F(OperatorTest, StatusWatchesCancelledAsTheirAlarmFiresEndCleanly) {
  std::mt19937 random(11);
  for (int round = 0; round < 30; ++round) {
    std::vector<std::unique_ptr<grpc::ClientContext>> contexts;
    std::vector<std::unique_ptr<grpc::ClientReader<v1::Status>>> readers;
    for (int i = 0; i < 6; ++i) {
      contexts.push_back(std::make_unique<grpc::ClientContext>());
      prepare(*contexts.back());
      v1::WatchStatusRequest request;
      request.set_interval_ms(100);
      readers.push_back(stub_->WatchStatus(contexts.back().get(), request));
      v1::Status first;
      ASSERT_TRUE(readers.back()->Read(&first));  // written: the next alarm is set
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(std::uniform_int_distribution<int>(95, 110)(random)));
    for (auto& c : contexts) c->TryCancel();
    for (auto& r : readers) (void)r->Finish();
  }
  grpc::ClientContext c;
  prepare(c);
  v1::Status status;
  EXPECT_TRUE(stub_->GetStatus(&c, v1::GetStatusRequest(), &status).ok()) << "the server still serves";
  EXPECT_EQ(server_->stop(), 0) << "and exits cleanly (a sanitizer's report would fail it)";
}

// The operator's port off loopback: TLS, or refused unless plain text is meant; over TLS the token
// is checked as the call arrives, before gRPC reads its message.
class OperatorTlsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = testing::unique_temp_path("operator-tls");
    std::filesystem::create_directories(dir_);
    token_file_ = dir_ + "/token";
    testing::write_secret_file(token_file_, kToken);
    const std::string make_cert = "openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=localhost "
                                  "-addext subjectAltName=DNS:localhost -keyout " + dir_ + "/key.pem -out " + dir_ +
                                  "/cert.pem >/dev/null 2>&1";
    ASSERT_EQ(std::system(make_cert.c_str()), 0) << "openssl is needed to make a throw-away certificate";
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string read(const std::string& name) {
    std::ifstream in(dir_ + "/" + name);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }
  std::string dir_;
  std::string token_file_;
};

TEST_F(OperatorTlsTest, ThePortOffLoopbackNeedsTlsUnlessPlainTextIsMeant) {
  client::LaunchSpec spec;
  spec.binary = MEADOW_SERVER_BIN;
  spec.args = {"--port", "0", "--no-viewer-grpc", "--swarm-engine", "cpu", "--operator-bind", "0.0.0.0",
               "--operator-port", "0", "--operator-token-file", token_file_};
  spec.startup_timeout = 10s;
  try {
    client::LaunchedServer server(spec);
    ADD_FAILURE() << "a plain-text operator port on 0.0.0.0 must be refused";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("exit code 1"), std::string::npos) << e.what();
  }
}

TEST_F(OperatorTlsTest, OverTlsTheTokenIsCheckedBeforeTheMessageIsRead) {
  auto server = std::make_unique<testing::ServerProcess>(
      MEADOW_SERVER_BIN,
      std::vector<std::string>{"--swarm-count", "300", "--log-level", "warn", "--operator-port", "0",
                               "--operator-token-file", token_file_, "--operator-tls-cert", dir_ + "/cert.pem",
                               "--operator-tls-key", dir_ + "/key.pem"});
  grpc::SslCredentialsOptions ssl;
  ssl.pem_root_certs = read("cert.pem");
  grpc::ChannelArguments args;
  args.SetSslTargetNameOverride("localhost");
  auto channel = grpc::CreateCustomChannel("127.0.0.1:" + std::to_string(server->operator_port()),
                                           grpc::SslCredentials(ssl), args);
  const auto call = [&](const char* token, const v1::GetStatusRequest& request) {
    grpc::ClientContext c;
    c.set_deadline(std::chrono::system_clock::now() + 10s);
    if (token != nullptr) c.AddMetadata("authorization", std::string("Bearer ") + token);
    v1::Status out;
    return v1::Operator::NewStub(channel)->GetStatus(&c, request, &out);
  };
  EXPECT_TRUE(call(kToken, {}).ok());
  EXPECT_EQ(call("wrong-token-wrong-token-wrong", {}).error_code(), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(call(nullptr, {}).error_code(), grpc::StatusCode::UNAUTHENTICATED);
  // A request far larger than the operator reads (unknown fields make any message that big):
  // with the token it is refused for its size; without, for the token, before its bytes count.
  v1::GetStatusRequest big;
  big.GetReflection()->MutableUnknownFields(&big)->AddLengthDelimited(999, std::string(200'000, 'x'));
  EXPECT_EQ(call(kToken, big).error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
  EXPECT_EQ(call("wrong-token-wrong-token-wrong", big).error_code(), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(server->stop(), 0);
}

}  // namespace
}  // namespace meadow
