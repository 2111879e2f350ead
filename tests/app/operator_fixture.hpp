#pragma once
// The operator's end-to-end tests' fixture (operator_e2e_test.cpp, moderation/): a real
// meadow-server with an operator token, its gRPC stub, meadowctl run as a process, and the status
// as it comes.
#include <gtest/gtest.h>
#include <grpcpp/grpcpp.h>

#include <array>
#include <cstdlib>
#include <filesystem>
#include <iterator>
#include <limits>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <utility>
#include <vector>

#include "meadow/v1/operator.grpc.pb.h"
#include "launch/server_launch.hpp"
#include "support/server_process.hpp"
#include "support/temp_path.hpp"
#include "support/test_paths.hpp"
#include "support/viewer_messages.hpp"
#include "ws/ws_client.hpp"


namespace meadow::operator_test {

using namespace std::chrono_literals;

inline constexpr const char* kToken = "correct-horse-battery-staple-meadow";

class OperatorTest : public ::testing::Test {
 protected:
  void SetUp() override {
    token_file_ = testing::unique_temp_path("meadow-operator-token");
    testing::write_secret_file(token_file_, kToken);
    std::vector<std::string> args{"--seed", "4", "--swarm-count", "400", "--log-level", "warn",
                                  "--web-root", MEADOW_TEST_WEB_ROOT, "--operator-port", "0",
                                  "--operator-token-file", token_file_};
    const std::vector<std::string> more = extra_args();
    args.insert(args.end(), more.begin(), more.end());
    args_ = args;
    start_server();
  }
  // Stops the server and starts it again with the same flags (its saved state, where it keeps one).
  void restart() {
    server_.reset();
    start_server();
  }
  void start_server() {
    server_ = std::make_unique<testing::ServerProcess>(MEADOW_SERVER_BIN, args_);
    ASSERT_NE(server_->operator_port(), 0);
    address_ = "127.0.0.1:" + std::to_string(server_->operator_port());
    stub_ = v1::Operator::NewStub(grpc::CreateChannel(address_, grpc::InsecureChannelCredentials()));
  }
  // More flags for the server (a fixture that keeps state adds --state-dir).
  virtual std::vector<std::string> extra_args() { return {}; }
  void prepare(grpc::ClientContext& c, const char* token = kToken) {
    c.set_deadline(std::chrono::system_clock::now() + 10s);
    if (token != nullptr) c.AddMetadata("authorization", std::string("Bearer ") + token);
  }
  v1::Status status() {
    grpc::ClientContext c;
    prepare(c);
    v1::Status s;
    EXPECT_TRUE(stub_->GetStatus(&c, {}, &s).ok());
    return s;
  }
  // The status once `ready` holds (asked again and again), or the last one after 10 s.
  template <typename Ready>
  v1::Status status_when(Ready ready) {
    v1::Status s = status();
    for (const auto deadline = std::chrono::steady_clock::now() + 10s; !ready(s) && std::chrono::steady_clock::now() < deadline;) {
      std::this_thread::sleep_for(20ms);
      s = status();
    }
    return s;
  }
  // Once the sim thread has published its first status (its first frame).
  v1::Status first_status() {
    return status_when([](const v1::Status& s) { return s.tick() > 0 && figure(s, v1::WORLD_COLONY, "size") > 0; });
  }
  // A world's figure in a status (NaN when the world or the figure is not there).
  static double figure(const v1::Status& s, v1::World world, const std::string& name) {
    for (const v1::WorldStatus& w : s.worlds()) {
      if (w.world() != world) continue;
      const auto it = w.figures().find(name);
      if (it != w.figures().end()) return it->second;
    }
    return std::numeric_limits<double>::quiet_NaN();
  }
  static std::string engine(const v1::Status& s, v1::World world) {
    for (const v1::WorldStatus& w : s.worlds()) {
      if (w.world() == world) return w.engine();
    }
    return {};
  }
  // A change of `world`'s settings by the names of its schema (and a preset, applied first).
  static v1::WorldSettings settings_of(v1::World world, const std::vector<std::pair<std::string, double>>& values,
                                       const std::string& preset = {}) {
    v1::WorldSettings change;
    change.set_world(world);
    if (!preset.empty()) change.set_preset(preset);
    for (const auto& [name, value] : values) {
      v1::SettingValue& v = *change.add_values();
      v.set_name(name);
      v.set_value(value);
    }
    return change;
  }
  // A tap of `tool` at (x, y) in `world`, as the operator's Act takes it.
  static v1::ActRequest tap(v1::World world, v1::Tool tool, float x, float y) {
    v1::ActRequest act;
    act.set_world(world);
    act.mutable_tool()->set_tool(tool);
    act.mutable_tool()->set_phase(v1::ToolAction::PHASE_TAP);
    act.mutable_tool()->mutable_position()->set_x(x);
    act.mutable_tool()->mutable_position()->set_y(y);
    return act;
  }
  // Runs meadowctl; returns its exit code and stdout.
  std::pair<int, std::string> meadowctl(const std::string& args, bool with_token = true) {
    std::string command = std::string(MEADOWCTL_BIN) + " --server " + address_ +
                          (with_token ? " --token-file " + token_file_ : "") + " " + args + " 2>/dev/null";
    FILE* pipe = popen(command.c_str(), "r");
    std::string out;
    std::array<char, 512> buf{};
    while (pipe != nullptr && fgets(buf.data(), buf.size(), pipe) != nullptr) out += buf.data();
    const int status = pipe != nullptr ? pclose(pipe) : -1;
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
  }

  void TearDown() override {
    server_.reset();
    std::remove(token_file_.c_str());
  }

  std::string token_file_;
  std::vector<std::string> args_;
  std::unique_ptr<testing::ServerProcess> server_;
  std::string address_;
  std::unique_ptr<v1::Operator::Stub> stub_;
};

}  // namespace meadow::operator_test
