// meadowctl: the operator's console (docs/rules.md "The operator"). Talks to meadow-server's
// operator port over gRPC (meadow.v1.Operator) with a bearer token. Readable tables by default,
// --json for scripts, `watch` for a live view. Exit codes scripts can trust:
//   0 done · 1 the meadow refused the action (its reason is printed) · 2 usage ·
//   3 the server cannot be reached · 4 the token is missing or wrong · 5 any other error
#include <CLI/CLI.hpp>
#include <google/protobuf/util/json_util.h>
#include <grpcpp/grpcpp.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <cstdlib>
#include <algorithm>
#include <cctype>
#include <deque>
#include <map>
#include <fstream>
#include <optional>
#include <string>
#include <unistd.h>
#include <vector>

#include "meadow/v1/operator.grpc.pb.h"
#include "meadowctl/trail_files.hpp"
#include "meadowctl/status_text.hpp"
#include "meadowctl/time_args.hpp"
#include "meadowctl/tool_args.hpp"
#include "meadowctl/world_settings_args.hpp"

namespace {

namespace v1 = meadow::v1;

enum Exit : int { kOk = 0, kRefused = 1, kUsage = 2, kUnreachable = 3, kUnauthenticated = 4, kOther = 5 };

constexpr auto kCallTimeout = std::chrono::seconds(5);
// The longest recording (a minute of warm-up and one recorded) with room for a world slowed down.
constexpr auto kTrailsTimeout = std::chrono::minutes(5);
// A rewind runs the journal on from the snapshot before the moment: up to an hour of the meadow.
constexpr auto kRewindTimeout = std::chrono::minutes(10);

struct Global {
  std::string server = "127.0.0.1:8081";
  std::string token_file;
  bool json = false;
  bool tls = false;
  std::string ca_file;
};

std::string read_token(const Global& g) {
  std::string token;
  if (!g.token_file.empty()) {
    std::ifstream in(g.token_file);
    if (!in) throw CLI::ValidationError("--token-file", "cannot read " + g.token_file);
    std::getline(in, token);
  } else if (const char* env = std::getenv("MEADOW_OPERATOR_TOKEN")) {
    token = env;
  }
  while (!token.empty() && (token.back() == '\r' || token.back() == ' ' || token.back() == '\t')) token.pop_back();
  return token;
}

class Console {
 public:
  explicit Console(const Global& g) : global_(g), token_(read_token(g)) {
    std::shared_ptr<grpc::ChannelCredentials> creds = grpc::InsecureChannelCredentials();
    if (g.tls) {
      grpc::SslCredentialsOptions options;
      if (!g.ca_file.empty()) {
        std::ifstream in(g.ca_file);
        options.pem_root_certs.assign(std::istreambuf_iterator<char>(in), {});
      }
      creds = grpc::SslCredentials(options);
    }
    stub_ = v1::Operator::NewStub(grpc::CreateChannel(g.server, creds));
  }

  void prepare(grpc::ClientContext& context, bool deadline = true) const {
    if (deadline) context.set_deadline(std::chrono::system_clock::now() + kCallTimeout);
    if (!token_.empty()) context.AddMetadata("authorization", "Bearer " + token_);
  }

  // Says what went wrong in words a person can act on; returns the exit code.
  int failed(const grpc::Status& status) const {
    switch (status.error_code()) {
      case grpc::StatusCode::UNAVAILABLE:
      case grpc::StatusCode::DEADLINE_EXCEEDED:
        std::fprintf(stderr, "meadowctl: cannot reach the meadow's operator port at %s (%s). Is meadow-server running "
                             "with an operator token?\n", global_.server.c_str(), status.error_message().c_str());
        return kUnreachable;
      case grpc::StatusCode::UNAUTHENTICATED:
        std::fprintf(stderr, "meadowctl: the server refused the token (%s): give the right one with --token-file FILE "
                             "or MEADOW_OPERATOR_TOKEN\n", token_.empty() ? "none was given" : "it does not match");
        return kUnauthenticated;
      default:
        std::fprintf(stderr, "meadowctl: %s\n", status.error_message().c_str());
        return kOther;
    }
  }

  template <typename Message>
  void print_json(const Message& m) const {
    std::string out;
    google::protobuf::util::JsonPrintOptions options;
    options.add_whitespace = true;
    options.always_print_primitive_fields = true;
    (void)google::protobuf::util::MessageToJsonString(m, &out, options);
    std::fputs(out.c_str(), stdout);
  }

  int reply(const grpc::Status& status, const v1::ActionReply& r) const {
    if (!status.ok()) return failed(status);
    if (global_.json) {
      print_json(r);
    } else if (r.accepted()) {
      std::printf("done (tick %llu)\n", static_cast<unsigned long long>(r.tick()));
    }
    if (!r.accepted()) {
      if (!global_.json) std::fprintf(stderr, "refused (%s): %s\n", r.code().c_str(), r.reason().c_str());
      return kRefused;
    }
    return kOk;
  }

  v1::Operator::Stub& stub() { return *stub_; }
  [[nodiscard]] const Global& global() const { return global_; }

 private:
  const Global& global_;
  std::string token_;
  std::unique_ptr<v1::Operator::Stub> stub_;
};

using meadow::client::print_status;
using meadow::client::sorted_figures;
using meadow::client::when;
using meadow::client::world_name;

// ▁▂▃▄▅▆▇█ over the values' own range.
std::string sparkline(const std::deque<double>& values) {
  static const char* kBars[] = {"▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"};
  if (values.empty()) return {};
  double lo = values.front();
  double hi = values.front();
  for (double v : values) {
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  std::string out;
  for (double v : values) {
    const int i = hi > lo ? static_cast<int>((v - lo) / (hi - lo) * 7.0 + 0.5) : 0;
    out += kBars[std::clamp(i, 0, 7)];
  }
  return out;
}

// Applies names like "attract", "rock", "all" to a Locks message.
bool set_locks(v1::Locks& locks, const std::vector<std::string>& names, bool value, std::string& bad) {
  for (const std::string& n : names) {
    const bool all = n == "all";
    if (all || n == "attract") locks.set_attract(value);
    if (all || n == "flower") locks.set_flower(value);
    if (all || n == "rock") locks.set_rock(value);
    if (all || n == "predator") locks.set_predator(value);
    if (all || n == "frog") locks.set_frog(value);
    if (all || n == "settings") locks.set_settings(value);
    if (!all && n != "attract" && n != "flower" && n != "rock" && n != "predator" && n != "frog" && n != "settings") {
      bad = n;
      return false;
    }
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"meadowctl: the operator's console for meadow-server (gRPC, operator port).\n"
               "Exit codes: 0 done, 1 the meadow refused, 2 usage, 3 server unreachable, 4 token missing or wrong, "
               "5 other error.",
               "meadowctl"};
  Global g;
  app.add_option("--server", g.server, "HOST:PORT of the operator port")->capture_default_str();
  app.add_option("--token-file", g.token_file, "File holding the operator token (default: MEADOW_OPERATOR_TOKEN)");
  app.add_flag("--json", g.json, "Print JSON (the call's reply message) instead of text");
  app.add_flag("--tls", g.tls, "Connect with TLS");
  app.add_option("--ca-file", g.ca_file, "PEM roots to trust with --tls (default: the system's)");
  app.require_subcommand(1);
  app.fallthrough();  // the global flags also after the subcommand: meadowctl status --json

  auto* status = app.add_subcommand("status", "Status and live figures");
  // Every world's settings, by the names of its schema (the server's status carries it).
  auto* set = app.add_subcommand("set", "Change a world's settings: set WORLD NAME=VALUE… [--preset NAME] "
                                        "(see `meadowctl settings` for each world's names, units and ranges)");
  std::string set_world;
  std::vector<std::string> set_values;
  std::optional<std::string> preset;
  set->add_option("world", set_world, "The world, by its name (`meadowctl settings` lists those with settings)")->required();
  set->add_option("values", set_values, "NAME=VALUE, a number or on/off");
  set->add_option("--preset", preset, "One of the world's presets (`meadowctl settings WORLD` lists them), applied before the values");
  auto* settings = app.add_subcommand("settings", "Each world's settings now: names, values, ranges, units, presets");
  std::string settings_world;
  settings->add_option("world", settings_world, "Only this world");
  std::vector<std::string> lock_names;
  auto* lock = app.add_subcommand("lock", "Lock viewers' tools or settings: attract flower rock predator frog settings all");
  lock->add_option("what", lock_names, "What to lock")->required();
  auto* unlock = app.add_subcommand("unlock", "Unlock them again: attract flower rock predator frog settings all");
  unlock->add_option("what", lock_names, "What to unlock")->required();
  auto* rock = app.add_subcommand("rock", "Rocks: add X Y, remove ID, clear");
  rock->require_subcommand(1);
  float x = 0, y = 0;
  std::uint32_t rock_id = 0;
  auto* rock_add = rock->add_subcommand("add", "Place a rock at X Y (world units)");
  rock_add->add_option("x", x)->required();
  rock_add->add_option("y", y)->required();
  auto* rock_remove = rock->add_subcommand("remove", "Remove rock ID (see status --json or the viewer)");
  rock_remove->add_option("id", rock_id)->required();
  auto* rock_clear = rock->add_subcommand("clear", "Remove every rock");
  std::string act_world, act_tool, act_phase = "tap", clear_world, clear_what;
  bool act_handful = false;
  auto* act = app.add_subcommand("act", "Use a tool in a world as a viewer would: act WORLD TOOL X Y [--phase P] [--handful]");
  act->add_option("world", act_world, "The world, by its name (`meadowctl status` lists those the server runs)")->required();
  act->add_option("tool", act_tool, "attract, flower, rock, predator or frog")->required();
  act->add_option("x", x)->required();
  act->add_option("y", y)->required();
  act->add_option("--phase", act_phase, "tap, or a held pointer's down, move and up")->capture_default_str();
  act->add_flag("--handful", act_handful, "With the flower tool: a handful of food over the world's water (throw food)");
  auto* clear = app.add_subcommand("clear", "Clear what a world keeps: clear WORLD WHAT (its clearables in `status`, or rocks)");
  clear->add_option("world", clear_world, "The world, by its name (`meadowctl status` lists those the server runs)")->required();
  clear->add_option("what", clear_what, "one of the world's clearables (meadowctl status lists them), or rocks (any world)")->required();
  std::uint64_t actions_session = 0;
  std::string actions_address, keep_out_address;
  std::uint32_t actions_minutes = 0;
  std::string keep_out_while;
  auto* recent = app.add_subcommand("actions", "What was done lately, newest last: everyone's, or one session's or address's");
  recent->add_option("--session", actions_session, "One viewer's (see viewers)");
  recent->add_option("--address", actions_address, "One address's (an IPv6 address: its network)");
  recent->add_option("--minutes", actions_minutes, "The last this many minutes (default: all kept)");
  std::uint64_t undo_session = 0;
  std::string undo_address;
  std::uint32_t undo_minutes = 10;
  auto* undo = app.add_subcommand("undo", "Undo what one session or address did lately: what it placed goes, the settings it changed go back");
  undo->add_option("--session", undo_session, "One viewer's (see viewers, actions)");
  undo->add_option("--address", undo_address, "One address's (an IPv6 address: its network)");
  undo->add_option("--minutes", undo_minutes, "The last this many minutes, 1 to 1440")->capture_default_str();
  auto* keep_out = app.add_subcommand("keep-out", "Keep an address (an IPv6 address: its network) out as a viewer: keep-out ADDRESS WHILE");
  keep_out->add_option("address", keep_out_address)->required();
  keep_out->add_option("while", keep_out_while, "Minutes (15), or 90s, 15m, 2h: up to a week")->required();
  std::string care_switch, care_rule;
  auto* care = app.add_subcommand("care", "The wall's caretaker: its rules (no arguments), or care on|off RULE (drift, rocks, revive, hours)");
  care->add_option("switch", care_switch, "on or off")->check(CLI::IsMember({"on", "off"}));
  care->add_option("rule", care_rule, "drift, rocks, revive or hours");
  auto* viewers = app.add_subcommand("viewers", "List the viewers connected");
  std::uint64_t session = 0;
  auto* close = app.add_subcommand("close", "Close one viewer's connection");
  close->add_option("session", session, "Its session id (see viewers)")->required();
  auto* save = app.add_subcommand("save", "Save the meadow now, under NAME if given (the server needs --state-dir)");
  std::string snapshot_name;
  save->add_option("name", snapshot_name, "Up to 64 letters, digits, '-', '_' or '.'; saving a name again moves it");
  auto* restore = app.add_subcommand("restore", "Restore a snapshot: the meadow goes on from it");
  restore->add_option("name", snapshot_name, "Its name, or its id as #ID (see `meadowctl snapshots`)")->required();
  auto* snapshots = app.add_subcommand("snapshots", "List the snapshots kept: id, name, tick, time, size");
  std::string rewind_to;
  std::uint32_t rewind_minutes = 0;
  auto* rewind = app.add_subcommand(
      "rewind", "Take the meadow back to a moment the journal keeps (rewind 21:40, or --minutes 10); the viewers are told");
  rewind->add_option("time", rewind_to, "A time of day, HH:MM (the last time the clock showed it)");
  rewind->add_option("--minutes", rewind_minutes, "That many minutes ago, 1 to 1440");
  std::optional<std::uint32_t> replays_most;
  auto* replays = app.add_subcommand("replays", "The viewers' replays of the night: how many run (no argument), or replays N: at most N at once (0: none)");
  replays->add_option("most", replays_most, "0 to 64")->check(CLI::Range(0U, 64U));
  auto* pause = app.add_subcommand("pause", "Hold every world still (frames keep going out)");
  auto* resume = app.add_subcommand("resume", "Let the worlds go on");
  auto* watch = app.add_subcommand("watch", "Live view, redrawn in place: sparklines of the figures");
  std::uint32_t interval_ms = 500;
  std::uint32_t updates = 0;
  watch->add_option("--interval-ms", interval_ms, "Between updates")->capture_default_str();
  watch->add_option("--updates", updates, "Stop after this many updates (0: until interrupted)");
  auto* trails = app.add_subcommand(
      "trails", "Record the paths of a world's movers (after a warm-up) and write them: one polyline each, lifted "
                "where one did not fly (or crossed a torus's seam), each in its own colour");
  v1::TrailsRequest trails_request;
  std::uint32_t trail_warmup = 240;
  std::uint32_t trail_steps = 120;
  std::uint32_t trail_count = 200;
  std::string trail_format = "svg";
  std::string trail_out;
  std::string trail_world;  // empty: the server's default, as clients before --world asked
  bool trail_fresh = false;
  trails->add_option("--world", trail_world, "Whose paths, by the world's name (default: the server's)");
  trails->add_flag("--fresh", trail_fresh,
                     "A fresh run from the world's seeded start with its settings now (where it has one), not the live world");
  trails->add_option("--warmup", trail_warmup, "Steps before the recording (at most 3,600)")->capture_default_str();
  trails->add_option("--steps", trail_steps, "Steps recorded (1/60 s each on the live world; at most 3,600)")->capture_default_str();
  trails->add_option("--count", trail_count, "Movers: fireflies chosen from the seed, or a world's first (at most 5,000)")
      ->capture_default_str();
  trails->add_option("--format", trail_format, "svg, json, csv or geo (Houdini)")->capture_default_str();
  trails->add_option("--out", trail_out, "The file to write (default: standard output)");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? kOk : kUsage;
  }

  meadow::client::TrailFormat trail_file_format = meadow::client::TrailFormat::svg;
  if (trails->parsed() && !meadow::client::parse_trail_format(trail_format, trail_file_format)) {
    std::fprintf(stderr, "meadowctl trails: --format is svg, json, csv or geo, not '%s'\n", trail_format.c_str());
    return kUsage;
  }
  if (trails->parsed()) {
    if (!trail_world.empty()) {
      const std::optional<v1::World> world = meadow::client::world_by_name(trail_world);
      if (!world) {
        std::fprintf(stderr, "meadowctl trails: no world '%s'\n", trail_world.c_str());
        return kUsage;
      }
      trails_request.set_world(*world);
    }
    trails_request.set_fresh(trail_fresh);
  }

  try {
    Console console(g);
    grpc::ClientContext context;
    // A recording takes as long as its steps at its world's pace: no short deadline for it.
    console.prepare(context, !watch->parsed() && !trails->parsed());
    if (trails->parsed()) {
      context.set_deadline(std::chrono::system_clock::now() + kTrailsTimeout);
      trails_request.set_warmup_steps(trail_warmup);
      trails_request.set_steps(trail_steps);
      trails_request.set_count(trail_count);
      v1::Trails recorded;
      const grpc::Status st = console.stub().RecordTrails(&context, trails_request, &recorded);
      if (!st.ok()) return console.failed(st);
      const std::string file = meadow::client::trails_file(recorded, trail_file_format);
      if (trail_out.empty()) {
        std::fwrite(file.data(), 1, file.size(), stdout);
      } else {
        std::ofstream out(trail_out, std::ios::binary);
        out << file;
        if (!out) {
          std::fprintf(stderr, "meadowctl trails: cannot write %s\n", trail_out.c_str());
          return kOther;
        }
        std::fprintf(stderr, "%d trails of %u steps (after %u of warm-up) written to %s\n", recorded.trails_size(),
                     recorded.steps(), recorded.warmup_steps(), trail_out.c_str());
      }
      return kOk;
    }
    v1::ActionReply reply;
    if (status->parsed()) {
      v1::Status s;
      const grpc::Status st = console.stub().GetStatus(&context, v1::GetStatusRequest{}, &s);
      if (!st.ok()) return console.failed(st);
      g.json ? console.print_json(s) : print_status(s);
      return kOk;
    }
    if (set->parsed()) {
      const auto world = meadow::client::world_by_name(set_world);
      if (!world) {
        std::fprintf(stderr, "meadowctl set: no world is called '%s'\n", set_world.c_str());
        return kUsage;
      }
      v1::WorldSettings request;
      const std::string error = meadow::client::parse_setting_args(*world, set_values, preset, request);
      if (!error.empty()) {
        std::fprintf(stderr, "meadowctl set: %s\n", error.c_str());
        return kUsage;
      }
      return console.reply(console.stub().ChangeSettings(&context, request, &reply), reply);
    }
    if (settings->parsed()) {
      std::optional<v1::World> only;
      if (!settings_world.empty()) {
        only = meadow::client::world_by_name(settings_world);
        if (!only) {
          std::fprintf(stderr, "meadowctl settings: no world is called '%s'\n", settings_world.c_str());
          return kUsage;
        }
      }
      v1::Status s;
      const grpc::Status st = console.stub().GetStatus(&context, v1::GetStatusRequest{}, &s);
      if (!st.ok()) return console.failed(st);
      if (g.json) {
        console.print_json(s);
      } else {
        std::fputs(meadow::client::settings_text(s, only).c_str(), stdout);
      }
      return kOk;
    }
    if (lock->parsed() || unlock->parsed()) {
      // Locks are set as a whole: start from those in force.
      grpc::ClientContext status_context;
      console.prepare(status_context);
      v1::Status s;
      const grpc::Status st = console.stub().GetStatus(&status_context, v1::GetStatusRequest{}, &s);
      if (!st.ok()) return console.failed(st);
      v1::Locks locks = s.locks();
      std::string bad;
      if (!set_locks(locks, lock_names, lock->parsed(), bad)) {
        std::fprintf(stderr, "meadowctl: '%s' is not attract, flower, rock, predator, frog, settings or all\n", bad.c_str());
        return kUsage;
      }
      return console.reply(console.stub().SetLocks(&context, locks, &reply), reply);
    }
    if (rock_add->parsed()) {
      v1::PlaceRockRequest request;
      request.mutable_position()->set_x(x);
      request.mutable_position()->set_y(y);
      return console.reply(console.stub().PlaceRock(&context, request, &reply), reply);
    }
    if (rock_remove->parsed()) {
      v1::RemoveRockRequest request;
      request.set_rock_id(rock_id);
      return console.reply(console.stub().RemoveRock(&context, request, &reply), reply);
    }
    if (rock_clear->parsed()) return console.reply(console.stub().ClearRocks(&context, {}, &reply), reply);
    if (recent->parsed()) {
      v1::RecentActionsRequest request;
      request.set_session_id(actions_session);
      request.set_address(actions_address);
      request.set_minutes(actions_minutes);
      v1::RecentActionList list;
      const grpc::Status st = console.stub().RecentActions(&context, request, &list);
      if (!st.ok()) return console.failed(st);
      if (g.json) {
        console.print_json(list);
        return kOk;
      }
      for (const v1::RecentAction& a : list.actions()) {
        const std::time_t at = static_cast<std::time_t>(a.at_ms() / 1000);
        std::tm local{};
        localtime_r(&at, &local);
        char when[16];
        std::strftime(when, sizeof when, "%H:%M:%S", &local);
        std::printf("%s  tick %-8llu %-8s %-7s %s%s\n", when, static_cast<unsigned long long>(a.tick()),
                    a.session_id() == 0 ? "operator" : std::to_string(a.session_id()).c_str(), world_name(a.world()),
                    a.what().c_str(), a.accepted() ? "" : (" — refused: " + a.code()).c_str());
      }
      return kOk;
    }
    if (undo->parsed()) {
      if ((undo_session == 0) == undo_address.empty()) {
        std::fprintf(stderr, "meadowctl undo: name one of --session and --address\n");
        return kUsage;
      }
      v1::UndoRequest request;
      request.set_session_id(undo_session);
      request.set_address(undo_address);
      request.set_minutes(undo_minutes);
      return console.reply(console.stub().Undo(&context, request, &reply), reply);
    }
    if (keep_out->parsed()) {
      v1::KeepOutRequest request;
      request.set_address(keep_out_address);
      const auto seconds = meadow::client::while_seconds(keep_out_while);
      if (!seconds) {
        std::fprintf(stderr, "meadowctl keep-out: '%s' is not a while (15, 90s, 15m, 2h)\n", keep_out_while.c_str());
        return kUsage;
      }
      request.set_minutes(static_cast<std::uint32_t>(*seconds / 60));
      request.set_seconds(static_cast<std::uint32_t>(*seconds % 60));
      return console.reply(console.stub().KeepOut(&context, request, &reply), reply);
    }
    if (care->parsed()) {
      if (care_switch.empty()) {
        v1::Status s;
        const grpc::Status st = console.stub().GetStatus(&context, v1::GetStatusRequest{}, &s);
        if (!st.ok()) return console.failed(st);
        if (g.json) {
          console.print_json(s);
          return kOk;
        }
        if (s.care_size() == 0) std::printf("this server has no caretaker\n");
        for (const v1::CareRuleStatus& r : s.care()) {
          std::printf("  %-7s %-3s %s%llu decisions\n", r.rule().c_str(), r.on() ? "on" : "off",
                      r.wait_seconds() > 0 ? ("after " + std::to_string(static_cast<long long>(r.wait_seconds() / 60.0 + 0.5)) + " min, ").c_str() : "",
                      static_cast<unsigned long long>(r.decisions()));
        }
        if (s.closed()) std::printf("  the wall rests now (opening hours)\n");
        return kOk;
      }
      if (care_rule.empty()) {
        std::fprintf(stderr, "meadowctl care: name the rule: drift, rocks, revive or hours\n");
        return kUsage;
      }
      v1::CareRequest request;
      request.set_rule(care_rule);
      request.set_on(care_switch == "on");
      return console.reply(console.stub().SetCare(&context, request, &reply), reply);
    }
    if (act->parsed()) {
      const auto world = meadow::client::world_by_name(act_world);
      if (!world) {
        std::fprintf(stderr, "meadowctl act: no world is called '%s'\n", act_world.c_str());
        return kUsage;
      }
      v1::ActRequest request;
      request.set_world(*world);
      const std::string error = meadow::client::tool_action_of(act_tool, act_phase, x, y, act_handful, *request.mutable_tool());
      if (!error.empty()) {
        std::fprintf(stderr, "meadowctl act: %s\n", error.c_str());
        return kUsage;
      }
      return console.reply(console.stub().Act(&context, request, &reply), reply);
    }
    if (clear->parsed()) {
      const auto world = meadow::client::world_by_name(clear_world);
      if (!world) {
        std::fprintf(stderr, "meadowctl clear: no world is called '%s'\n", clear_world.c_str());
        return kUsage;
      }
      v1::ClearRequest request;
      request.set_world(*world);
      request.set_what(clear_what);
      return console.reply(console.stub().Clear(&context, request, &reply), reply);
    }
    if (viewers->parsed()) {
      v1::ViewerList list;
      const grpc::Status st = console.stub().ListViewers(&context, {}, &list);
      if (!st.ok()) return console.failed(st);
      if (g.json) {
        console.print_json(list);
        return kOk;
      }
      // Ids run to 16 digits where the server keeps state or serves edges (boot time × 2¹⁰).
      std::printf("%-16s %-22s %-7s %10s %12s %10s %8s %s\n", "session", "address", "world", "connected", "bytes sent",
                  "frames", "dropped", "edge");
      for (const auto& v : list.viewers()) {
        // The edge server a viewer is on (docs/edges.md); "-": the server this console talks to.
        std::printf("%-16llu %-22s %-7s %9.0fs %12llu %10llu %8llu %s\n", static_cast<unsigned long long>(v.session_id()),
                    v.address().c_str(), world_name(v.world()), v.connected_seconds(),
                    static_cast<unsigned long long>(v.bytes_sent()), static_cast<unsigned long long>(v.frames_sent()),
                    static_cast<unsigned long long>(v.frames_dropped()), v.edge().empty() ? "-" : v.edge().c_str());
      }
      return kOk;
    }
    if (close->parsed()) {
      v1::CloseViewerRequest request;
      request.set_session_id(session);
      return console.reply(console.stub().CloseViewer(&context, request, &reply), reply);
    }
    if (save->parsed() || restore->parsed() || rewind->parsed()) {
      v1::SnapshotReply answer;
      grpc::Status st;
      if (save->parsed()) {
        v1::SaveRequest request;
        request.set_name(snapshot_name);
        st = console.stub().Save(&context, request, &answer);
      } else if (restore->parsed()) {
        v1::RestoreRequest request;
        request.set_name(snapshot_name);
        st = console.stub().Restore(&context, request, &answer);
      } else {
        v1::RewindRequest request;
        if (!rewind_to.empty()) {
          const auto moment = meadow::client::moment_before(rewind_to, std::time(nullptr));
          if (!moment || rewind_minutes != 0) {
            std::fprintf(stderr, "meadowctl rewind: a time of day (21:40) or --minutes N, not both\n");
            return kUsage;
          }
          request.set_to_ms(*moment);
        } else {
          request.set_minutes_back(rewind_minutes);
        }
        // The past meadow is made by running the journal on: minutes on a long night.
        context.set_deadline(std::chrono::system_clock::now() + kRewindTimeout);
        st = console.stub().Rewind(&context, request, &answer);
      }
      if (!st.ok()) return console.failed(st);
      if (g.json) {
        console.print_json(answer);
      } else if (answer.ok()) {
        std::fputs(meadow::client::snapshot_answer_line(answer, save->parsed() ? "saved snapshot" : restore->parsed() ? "restored snapshot" : "rewound from snapshot").c_str(), stdout);
      } else {
        std::fprintf(stderr, "refused: %s\n", answer.reason().c_str());
      }
      return answer.ok() ? kOk : kRefused;
    }
    if (snapshots->parsed()) {
      v1::SnapshotList list;
      const grpc::Status st = console.stub().ListSnapshots(&context, {}, &list);
      if (!st.ok()) return console.failed(st);
      g.json ? console.print_json(list) : (void)std::fputs(meadow::client::snapshots_table(list).c_str(), stdout);
      return kOk;
    }
    if (replays->parsed()) {
      if (replays_most) {
        v1::ReplayLimitRequest request;
        request.set_most(*replays_most);
        return console.reply(console.stub().LimitReplays(&context, request, &reply), reply);
      }
      v1::Status s;
      const grpc::Status st = console.stub().GetStatus(&context, v1::GetStatusRequest{}, &s);
      if (!st.ok()) return console.failed(st);
      g.json ? console.print_json(s.replays()) : (void)std::fputs(meadow::client::replays_text(s).c_str(), stdout);
      return kOk;
    }
    if (pause->parsed()) return console.reply(console.stub().Pause(&context, {}, &reply), reply);
    if (resume->parsed()) return console.reply(console.stub().Resume(&context, {}, &reply), reply);
    if (watch->parsed()) {
      v1::WatchStatusRequest request;
      request.set_interval_ms(interval_ms);
      auto reader = console.stub().WatchStatus(&context, request);
      const bool tty = isatty(STDOUT_FILENO) != 0 && !g.json;
      constexpr std::size_t kHistory = 60;
      // A sparkline for every figure of every world ("WORLD FIGURE", as the status names them), and two more.
      std::map<std::string, std::deque<double>> lines;
      std::deque<double> viewer_count, tick_ms;
      const auto push = [](std::deque<double>& d, double v) {
        d.push_back(v);
        if (d.size() > kHistory) d.pop_front();
      };
      // The newest events, shown under the sparklines (by the name of their kind, with their tick).
      constexpr std::size_t kEventLines = 6;
      std::deque<std::string> recent;
      std::uint64_t missed = 0;
      v1::Status s;
      std::uint32_t seen = 0;
      while (reader->Read(&s)) {
        ++seen;
        for (const v1::Event& e : s.events()) {
          const auto* field = v1::Event::descriptor()->FindFieldByNumber(static_cast<int>(e.body_case()));
          recent.push_back("tick " + std::to_string(e.tick()) + "  " + (field != nullptr ? field->name() : "event"));
          if (recent.size() > kEventLines) recent.pop_front();
        }
        missed += s.events_missed();
        for (const v1::WorldStatus& w : s.worlds()) {
          for (const auto& [name, value] : sorted_figures(w)) push(lines[std::string(world_name(w.world())) + " " + name], value);
        }
        push(viewer_count, s.viewers());
        push(tick_ms, s.tick_p99_ms());
        if (g.json) {
          std::string line;
          (void)google::protobuf::util::MessageToJsonString(s, &line);
          std::printf("%s\n", line.c_str());
        } else {
          if (tty) std::printf("\x1b[H\x1b[2J");
          print_status(s);
          std::printf("\n");
          for (const auto& [name, history] : lines) {
            std::printf("  %-26s %10.3g  %s\n", name.c_str(), history.back(), sparkline(history).c_str());
          }
          std::printf("  %-26s %10u  %s\n", "viewers", s.viewers(), sparkline(viewer_count).c_str());
          std::printf("  %-26s %10.2f  %s\n", "p99 tick ms", s.tick_p99_ms(), sparkline(tick_ms).c_str());
          std::printf("\n  events%s\n", missed > 0 ? (" (" + std::to_string(missed) + " missed)").c_str() : "");
          for (const auto& line : recent) std::printf("    %s\n", line.c_str());
        }
        std::fflush(stdout);
        if (updates != 0 && seen >= updates) {
          context.TryCancel();
          break;
        }
      }
      const grpc::Status st = reader->Finish();
      if (updates != 0 && seen >= updates) return kOk;
      return st.ok() || st.error_code() == grpc::StatusCode::CANCELLED ? kOk : console.failed(st);
    }
  } catch (const CLI::ValidationError& e) {
    std::fprintf(stderr, "meadowctl: %s\n", e.what());
    return kUsage;
  }
  return kUsage;
}
