// meadow-watch: the headless native viewer. Watches the meadow over the WebSocket or gRPC,
// decodes the frames, prints live figures, can write the light layer as a PNG; and with --load N
// runs N viewers at once and reports what they received (see load_run.hpp).
#include <CLI/CLI.hpp>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "watch/frame_follower.hpp"
#include "watch/grpc_link.hpp"
#include "watch/load_run.hpp"
#include "watch/png_writer.hpp"
#include "watch/world_hooks.hpp"
#include "watch/ws_link.hpp"

namespace {

using namespace meadow;
using Clock = std::chrono::steady_clock;

// Exit codes scripts can rely on.
constexpr int kExitOk = 0;
constexpr int kExitUsage = 2;
constexpr int kExitNoServer = 3;   // could not connect, or the server ended the stream
constexpr int kExitNoFrame = 4;    // connected, but no (decodable) frame came in time
// How long a --png run waits for a light layer before giving up.
constexpr std::chrono::seconds kPngWait{15};

std::atomic<bool> g_interrupted{false};
extern "C" void on_interrupt(int /*signal*/) { g_interrupted = true; }

bool split_address(const std::string& text, client::LinkTarget& out) {
  const auto colon = text.rfind(':');
  if (colon == std::string::npos || colon == 0) return false;
  try {
    const int port = std::stoi(text.substr(colon + 1));
    if (port <= 0 || port > 65535) return false;
    out.host = text.substr(0, colon);
    if (out.host.size() > 2 && out.host.front() == '[' && out.host.back() == ']') out.host = out.host.substr(1, out.host.size() - 2);
    out.port = static_cast<std::uint16_t>(port);
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

struct Options {
  std::string server = "127.0.0.1:8080";
  std::string grpc;
  std::string world;  // empty: where the server starts its viewers
  double seconds = 0.0;
  std::string png;
  bool json = false;
  std::uint32_t load = 0;
  unsigned threads = 2;
  std::uint64_t seed = 1;
  bool watch_only = false;
  std::uint32_t replayers = 0;
  std::uint32_t replay_speed = 60;
  std::string light_codec = "vp9";
};

// Every world the wire names, by its name ("WORLD_NAME" → "name"): a new world needs no line here.
std::vector<std::string> world_names() {
  std::vector<std::string> names;
  const auto* worlds = v1::World_descriptor();
  for (int i = 0; i < worlds->value_count(); ++i) {
    if (worlds->value(i)->number() == v1::WORLD_UNSPECIFIED) continue;
    std::string name = worlds->value(i)->name().substr(6);  // past "WORLD_"
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    names.push_back(std::move(name));
  }
  return names;
}

// One viewer: live figures once a second, a PNG of the light when asked.
int watch_one(const Options& o, const client::LinkTarget& target, bool over_grpc) {
  std::mutex mutex;
  std::condition_variable changed;
  client::FrameFollower follower(true);
  std::optional<std::string> closed;
  client::LinkHandlers handlers;
  handlers.on_message = [&](v1::ServerMessage&& message, std::size_t bytes) {
    std::lock_guard lock(mutex);
    follower.take(std::move(message), bytes, Clock::now());
    changed.notify_all();
  };
  handlers.on_closed = [&](const std::string& why) {
    std::lock_guard lock(mutex);
    closed = why;
    changed.notify_all();
  };
  boost::asio::io_context io;
  auto work = boost::asio::make_work_guard(io);
  std::jthread io_thread([&io] { io.run(); });
  auto link = over_grpc ? client::make_grpc_link(client::viewer_channel(target), target, std::move(handlers))
                        : client::make_ws_link(io, target, std::move(handlers));
  link->start();

  int code = kExitOk;
  const auto started = Clock::now();
  auto next_print = started + std::chrono::seconds(1);
  std::uint64_t frames_before = 0;
  std::uint64_t bytes_before = 0;
  {
    std::unique_lock lock(mutex);
    while (!g_interrupted) {
      changed.wait_for(lock, std::chrono::milliseconds(100));
      const auto now = Clock::now();
      if (closed) {
        std::fprintf(stderr, "meadow-watch: %s\n", closed->c_str());
        code = kExitNoServer;
        break;
      }
      if (!o.png.empty()) {
        if (follower.light()) {
          try {
            client::write_png(o.png, *follower.light());
          } catch (const std::exception& e) {
            std::fprintf(stderr, "meadow-watch: %s\n", e.what());
            code = kExitUsage;
            break;
          }
          const auto& l = *follower.light();
          std::printf("wrote %s: light of frame %llu (tick %llu), %u × %u\n", o.png.c_str(),
                      static_cast<unsigned long long>(l.frame), static_cast<unsigned long long>(l.tick), l.width,
                      l.height);
          break;
        }
        if (now - started > kPngWait) {
          std::fprintf(stderr, "meadow-watch: no light layer within %lld s (watching a world without one?)\n",
                       static_cast<long long>(kPngWait.count()));
          code = kExitNoFrame;
          break;
        }
        continue;
      }
      if (now >= next_print) {
        const double s = std::chrono::duration<double>(now - next_print + std::chrono::seconds(1)).count();
        const auto& frame = follower.last_frame();
        const v1::Frame& shown = frame ? *frame : v1::Frame::default_instance();
        const double fps = static_cast<double>(follower.frames() - frames_before) / s;
        const double kbps = static_cast<double>(follower.bytes() - bytes_before) / s / 1e3;
        frames_before = follower.frames();
        bytes_before = follower.bytes();
        if (o.json) {
          std::printf("{\"session\": %llu, \"tick\": %llu, \"frames_per_s\": %.1f, \"kB_per_s\": %.1f, "
                      "\"frames_skipped\": %llu, %s\"viewers\": %u}\n",
                      static_cast<unsigned long long>(follower.session_id()),
                      static_cast<unsigned long long>(shown.tick()), fps, kbps,
                      static_cast<unsigned long long>(follower.frames_skipped()),
                      client::frame_figures_json(shown).c_str(), shown.viewers());
        } else {
          std::printf("tick %8llu  %5.1f frames/s  %7.1f kB/s  skipped %llu%s  viewers %u\n",
                      static_cast<unsigned long long>(shown.tick()), fps, kbps,
                      static_cast<unsigned long long>(follower.frames_skipped()),
                      client::frame_figures_text(shown).c_str(), shown.viewers());
        }
        std::fflush(stdout);
        next_print += std::chrono::seconds(1);
      }
      if (o.seconds > 0 && std::chrono::duration<double>(now - started).count() >= o.seconds) {
        if (follower.frames() == 0) code = kExitNoFrame;
        break;
      }
    }
  }
  link->stop();
  work.reset();
  io.stop();
  return code;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  CLI::App app{"meadow-watch: a headless Meadow viewer (WebSocket or gRPC), and a load generator"};
  app.add_option("--server", o.server, "The server's HTTP/WebSocket address HOST:PORT (also where /metrics is read)")
      ->capture_default_str();
  app.add_option("--grpc", o.grpc, "Watch over gRPC at HOST:PORT (the server's --viewer-grpc-port) instead of /ws");
  app.add_option("--world", o.world, "World to watch, by its name (default: where the server starts its viewers)")
      ->check(CLI::IsMember(world_names()));
  app.add_option("--seconds", o.seconds, "Stop after this many seconds (0: until Ctrl-C; --load: default 20)");
  app.add_option("--png", o.png, "Write the light layer of the first decoded frame to this PNG file and exit");
  app.add_flag("--json", o.json, "Figures as JSON (one object a second; with --load, one object at the end)");
  app.add_option("--load", o.load, "Run this many viewers at once and report what they received")
      ->check(CLI::Range(1U, 100000U));
  app.add_option("--threads", o.threads, "I/O threads for the load's WebSocket viewers")->check(CLI::Range(1U, 64U))
      ->capture_default_str();
  app.add_option("--seed", o.seed, "Seed of what the load's people do and when")->capture_default_str();
  app.add_option("--light-codec", o.light_codec,
                 "The light codec to ask for: vp9 (video, where the server sends it; zstd frames until its "
                 "first key frame) or zstd")
      ->check(CLI::IsMember({"vp9", "zstd"}))
      ->capture_default_str();
  app.add_flag("--watch-only", o.watch_only, "Load: the people only watch (no rocks, no predators)");
  app.add_option("--replayers", o.replayers,
                 "Load: this many of the viewers replay the night instead, from its start, again when one ends "
                 "(the server needs --state-dir)");
  app.add_option("--replay-speed", o.replay_speed, "Load: the replayers' speed, times real time")
      ->check(CLI::Range(1U, 60U))
      ->capture_default_str();
  app.footer(
      "Exit codes: 0 done, 2 usage or a file that cannot be written, 3 the server cannot be reached or ended the "
      "stream, 4 no frame came in time.\nExample: meadow-watch --load 50 --seconds 20 --json");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? kExitOk : kExitUsage;
  }
  client::LinkTarget http;
  if (!split_address(o.server, http)) {
    std::fprintf(stderr, "meadow-watch: --server wants HOST:PORT, not '%s'\n", o.server.c_str());
    return kExitUsage;
  }
  client::LinkTarget target = http;
  const bool over_grpc = !o.grpc.empty();
  if (over_grpc && !split_address(o.grpc, target)) {
    std::fprintf(stderr, "meadow-watch: --grpc wants HOST:PORT, not '%s'\n", o.grpc.c_str());
    return kExitUsage;
  }
  // The world by its wire name (WORLD_NAME), as world_names() offered it.
  if (!o.world.empty()) {
    std::string wire_name = "WORLD_" + o.world;
    std::transform(wire_name.begin(), wire_name.end(), wire_name.begin(),
                   [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    v1::World world = v1::WORLD_UNSPECIFIED;
    v1::World_Parse(wire_name, &world);
    target.world = world;
  }
  target.offer_video = o.light_codec == "vp9";
  std::signal(SIGINT, on_interrupt);
  std::signal(SIGTERM, on_interrupt);

  if (o.load == 0) return watch_one(o, target, over_grpc);

  client::LoadOptions load;
  load.target = target;
  load.target.client_name = "meadow-watch load";
  load.transport = over_grpc ? client::Transport::kGrpc : client::Transport::kWebSocket;
  load.http_port = http.port;
  load.viewers = o.load;
  load.duration = std::chrono::seconds(o.seconds > 0 ? static_cast<long>(o.seconds) : 20);
  load.threads = o.threads;
  load.seed = o.seed;
  load.act = !o.watch_only;
  load.replayers = o.replayers;
  load.replay_speed = o.replay_speed;
  load.interrupted = &g_interrupted;
  try {
    const client::LoadReport report = client::run_load(load);
    std::printf("%s\n", o.json ? report.json().c_str() : report.text().c_str());
    return report.viewers_with_frames == 0 ? kExitNoServer : kExitOk;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "meadow-watch: %s\n", e.what());
    return kExitNoServer;
  }
}
