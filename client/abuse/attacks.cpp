#include "abuse/attacks.hpp"

#include "abuse/attack_kit.hpp"
#include "abuse/extreme_messages.hpp"

#include <algorithm>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <memory>
#include <mutex>
#include <numbers>
#include <optional>
#include <string>
#include <random>
#include <thread>
#include <vector>

#include "abuse/raw_probe.hpp"
#include "watch/metrics_scrape.hpp"
#include "watch/ws_link.hpp"

namespace meadow::client::abuse {

namespace {

// The trails flood's recording: the operator's limits (a minute of warm-up and of recording, 5,000
// fireflies).
constexpr std::uint32_t kFloodTrailSteps = 3600;
constexpr std::uint32_t kFloodTrailFireflies = 5000;
// How long a probe of a finished attack may still take to be answered before it counts as
// unanswered.
constexpr Millis kAnswerGrace{3000};
// Bad requests in flight at once.
// Fewer than the connections one address may hold (32), so that every one is judged on what it
// says, not refused for the ones before it still closing.
constexpr std::size_t kBadRequestsAtOnce = 16;
// A slow client's bytes come this far apart.
constexpr Millis kSlowByteEvery{500};
// The reconnecting rock-placer: rocks a session, a little over the tap cooldown apart.
constexpr int kRocksPerReconnect = 3;
constexpr Millis kRockEvery{250};
// The action flood's pace: far past the rate limit.
constexpr Millis kFloodMessageEvery{1};
// The never-reading viewers' first address: clear of the attackers' (127.0.0.10 and on).
constexpr int kSilentAddressBase = 100;
// Their receive buffer (the kernel doubles it and keeps a floor): a few kilobytes.
constexpr int kSilentReceiveBuffer = 4096;
// How long their upgrades may take to be answered.
constexpr Millis kUpgradeWait{5000};
// How often the server's count of closed slow viewers is read while they hold on.
constexpr Millis kPollEvery{250};

// What a group of probes was answered, counted into `out`.
struct ProbeTally {
  std::uint64_t still_open = 0;
  std::uint64_t without_reason = 0;  // refusals (HTTP status ≥ 400) without a body line
  std::uint64_t not_4xx = 0;         // anything but an HTTP 4xx answer
  std::uint64_t upgraded = 0;
};

ProbeTally tally(const std::vector<ProbeResult>& results, AttackOutcome& out) {
  ProbeTally t;
  for (const ProbeResult& r : results) {
    std::string key;
    switch (r.kind) {
      case ProbeResult::Kind::kNoConnection: key = "no connection: " + r.detail; break;
      case ProbeResult::Kind::kAnswered:
        key = r.status == 101 ? "upgraded (101)" : "HTTP " + std::to_string(r.status) + ": " + r.detail;
        if (r.status == 101) ++t.upgraded;
        if (r.status >= 400 && r.detail.empty()) ++t.without_reason;
        break;
      case ProbeResult::Kind::kClosed: key = "closed: " + r.detail; break;
      case ProbeResult::Kind::kStillOpen:
        key = "still open, unanswered";
        ++t.still_open;
        break;
    }
    if (r.kind != ProbeResult::Kind::kAnswered || r.status < 400 || r.status > 499) ++t.not_4xx;
    ++out.answers[key];
  }
  return t;
}

ProbeSpec probe_spec(const AttackContext& c, std::string request) {
  ProbeSpec spec;
  spec.server_host = c.host;
  spec.server_port = c.port;
  spec.source_address = c.source;
  spec.request = std::move(request);
  return spec;
}

std::string upgrade_request(const std::string& host, const std::string& extra) {
  return "GET /ws HTTP/1.1\r\nHost: " + host + "\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n" + extra + "\r\n";
}

constexpr const char* kGoodKey = "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n";

// A viewer's use of `tool` at (x, y).
v1::ClientMessage tool_message(v1::Tool tool, v1::ToolAction::Phase phase, float x, float y) {
  v1::ClientMessage m;
  v1::ToolAction& action = *m.mutable_tool();
  action.set_tool(tool);
  action.set_phase(phase);
  action.mutable_position()->set_x(x);
  action.mutable_position()->set_y(y);
  return m;
}

// An unlabelled figure of the server's /metrics; nullopt when it cannot be read.
std::optional<double> server_figure(const AttackContext& c, const char* name) {
  const auto text = http_get(c.host, c.port, "/metrics");
  return text ? metric_value(*text, name) : std::nullopt;
}

}  // namespace

AttackOutcome every_field(const AttackContext& c) {
  // The address's eight viewers take turns through every message at its extremes, each at the
  // rate limit, over and over until the time is up.
  const std::vector<v1::ClientMessage> messages = extreme_messages();
  std::vector<std::unique_ptr<FloodingViewer>> viewers;
  for (std::size_t v = 0; v < kViewersPerAddress; ++v) viewers.push_back(std::make_unique<FloodingViewer>(c));
  std::uint64_t sent = 0;
  every_until_done(c, kMessageEvery, [&](std::uint64_t /*k*/) {
    for (auto& viewer : viewers) viewer->send(messages[sent++ % messages.size()]);
  });
  AttackOutcome out = finish_all(viewers, sent);
  out.verdict += " (" + std::to_string(messages.size()) + " messages, every field of every body at its extremes)";
  return out;
}

// What the settings walk sends, from the server's own welcome: for every world it runs (whatever
// they are: no world is named here), choosing it, then every setting of its schema at its least
// and its most, every preset, a tap of the flower tool and a handful in the meadow's middle.
std::vector<v1::ClientMessage> settings_walk_messages(const v1::Welcome& welcome) {
  std::vector<v1::ClientMessage> out;
  const v1::Rect& meadow = welcome.meadow();
  for (const v1::SettingsSchema& schema : welcome.settings_schemas()) {
    v1::ClientMessage choose;
    choose.mutable_choose_world()->set_world(schema.world());
    out.push_back(choose);
    for (const v1::SettingSpec& spec : schema.settings()) {
      for (const double value : {spec.max(), spec.min()}) {
        v1::ClientMessage m;
        m.mutable_settings()->set_world(schema.world());
        v1::SettingValue& v = *m.mutable_settings()->add_values();
        v.set_name(spec.name());
        v.set_value(value);
        out.push_back(m);
      }
    }
    for (const v1::SettingsPresetInfo& preset : schema.presets()) {
      v1::ClientMessage m;
      m.mutable_settings()->set_world(schema.world());
      m.mutable_settings()->set_preset(preset.name());
      out.push_back(m);
    }
    for (const bool handful : {false, true}) {
      v1::ClientMessage m;
      v1::ToolAction& tool = *m.mutable_tool();
      tool.set_tool(v1::TOOL_FLOWER);
      tool.set_phase(v1::ToolAction::PHASE_TAP);
      tool.set_handful(handful);
      tool.mutable_position()->set_x(meadow.x() + meadow.width() * 0.5F);
      tool.mutable_position()->set_y(meadow.y() + meadow.height() * 0.5F);
      out.push_back(m);
    }
  }
  return out;
}

AttackOutcome settings_walk(const AttackContext& c) {
  std::vector<std::unique_ptr<FloodingViewer>> viewers;
  for (std::size_t v = 0; v < kViewersPerAddress; ++v) viewers.push_back(std::make_unique<FloodingViewer>(c));
  const std::optional<v1::Welcome> welcome = viewers.front()->welcome(kUpgradeWait);
  if (!welcome) {
    AttackOutcome out = viewers.front()->finish(0);
    out.answered_clearly = false;
    out.verdict = "no welcome came, so there was no schema to walk";
    for (std::size_t v = 1; v < viewers.size(); ++v) (void)viewers[v]->finish(0);
    return out;
  }
  const std::vector<v1::ClientMessage> messages = settings_walk_messages(*welcome);
  std::uint64_t sent = 0;
  // Each viewer walks the same list from its own place in it, so every world is chosen and
  // pushed to its extremes by several viewers of one address at once.
  every_until_done(c, kMessageEvery, [&](std::uint64_t k) {
    for (std::size_t v = 0; v < viewers.size(); ++v) {
      viewers[v]->send(messages[(k + v * 3) % messages.size()]);
      ++sent;
    }
  });
  AttackOutcome out = finish_all(viewers, sent);
  out.verdict += " (" + std::to_string(messages.size()) + " messages over " +
                 std::to_string(welcome->settings_schemas_size()) + " worlds' schemas)";
  return out;
}

AttackOutcome replay_flood(const AttackContext& c) {
  std::vector<std::unique_ptr<FloodingViewer>> viewers;
  for (std::size_t v = 0; v < kViewersPerAddress; ++v) viewers.push_back(std::make_unique<FloodingViewer>(c));
  const std::optional<v1::Welcome> welcome = viewers.front()->welcome(kUpgradeWait);
  const v1::Rect meadow = welcome ? welcome->meadow() : v1::Rect{};
  std::mt19937_64 rng(7);
  const auto now_ms = [] {
    return std::chrono::duration_cast<Millis>(std::chrono::system_clock::now().time_since_epoch()).count();
  };
  std::uint64_t sent = 0;
  every_until_done(c, kMessageEvery, [&](std::uint64_t k) {
    for (std::size_t v = 0; v < viewers.size(); ++v) {
      v1::ClientMessage m;
      switch ((k + v) % 6) {
        case 0:
        case 3: {  // a seek anywhere in the last hour (or before what is kept)
          m.mutable_replay()->set_action(v1::ReplayRequest::ACTION_SEEK);
          m.mutable_replay()->set_at_ms(now_ms() - static_cast<std::int64_t>(rng() % 3'600'000));
          break;
        }
        case 1:
          m.mutable_replay()->set_action(v1::ReplayRequest::ACTION_SPEED);
          m.mutable_replay()->set_speed(1 + static_cast<std::uint32_t>(rng() % 60));
          break;
        case 2: {  // a tap while the past plays
          v1::ToolAction& tool = *m.mutable_tool();
          tool.set_tool(v1::TOOL_ROCK);
          tool.set_phase(v1::ToolAction::PHASE_TAP);
          tool.mutable_position()->set_x(meadow.x() + meadow.width() * 0.5F);
          tool.mutable_position()->set_y(meadow.y() + meadow.height() * 0.5F);
          break;
        }
        case 4:
          m.mutable_replay()->set_action(k % 60 < 30 ? v1::ReplayRequest::ACTION_START : v1::ReplayRequest::ACTION_STOP);
          break;
        default:
          m.mutable_replay()->set_action(v1::ReplayRequest::ACTION_START);
          m.mutable_replay()->set_speed(60);
          break;
      }
      viewers[v]->send(m);
      ++sent;
    }
  });
  AttackOutcome out = finish_all(viewers, sent);
  return out;
}

AttackOutcome trails_flood(const AttackContext& c) {
  // The largest recording the operator may ask for, every second, and live trails toggled at
  // the rate limit.
  FloodingViewer viewer(c);
  std::uint64_t sent = 0;
  every_until_done(c, kMessageEvery, [&](std::uint64_t k) {
    v1::ClientMessage m;
    if (k % 60 == 0) {
      v1::TrailsRequest& request = *m.mutable_record_trails();
      request.set_warmup_steps(kFloodTrailSteps);
      request.set_steps(kFloodTrailSteps);
      request.set_count(kFloodTrailFireflies);
    } else {
      m.mutable_watch_trails()->set_on(k % 2 == 0);
    }
    viewer.send(m);
    ++sent;
  });
  return viewer.finish(sent);
}

AttackOutcome rock_flood(const AttackContext& c) {
  FloodingViewer viewer(c);
  std::uint64_t sent = 0;
  every_until_done(c, kMessageEvery, [&](std::uint64_t k) {
    // Every other tap toggles one rock in the middle of the meadow; the others pave new spots
    // on a grid over the meadow (1600 × 900), as someone filling the land would.
    const std::uint64_t spot = k / 2;
    const float x = k % 2 == 0 ? 800.0F : 100.0F + static_cast<float>((spot * 97) % 1400);
    const float y = k % 2 == 0 ? 300.0F : 100.0F + static_cast<float>((spot * 61) % 700);
    viewer.send(tool_message(v1::TOOL_ROCK, v1::ToolAction::PHASE_TAP, x, y));
    ++sent;
  });
  return viewer.finish(sent);
}

AttackOutcome rock_reconnect(const AttackContext& c) {
  // A visitor who keeps opening new sessions, each placing a few rocks at new spots: a session's
  // cap is no cap for it; the visitor's is (the land's 48 are not its own).
  AttackOutcome out;
  const auto end = Clock::now() + c.duration;
  std::uint64_t sent = 0;
  std::uint64_t spot = 0;
  while (Clock::now() < end && !interrupted(c)) {
    FloodingViewer viewer(c);
    for (int k = 0; k < kRocksPerReconnect && Clock::now() < end; ++k, ++spot) {
      viewer.send(tool_message(v1::TOOL_ROCK, v1::ToolAction::PHASE_TAP, 100.0F + static_cast<float>((spot * 131) % 1400),
                               100.0F + static_cast<float>((spot * 71) % 700)));
      ++sent;
      std::this_thread::sleep_for(kRockEvery);
    }
    const AttackOutcome session = viewer.finish(sent);
    for (const auto& [answer, n] : session.answers) out.answers[answer] += n;
  }
  out.attempts = sent;
  out.answered_clearly = out.answers.count("notice rock_limit_visitor") > 0;
  out.verdict = out.answered_clearly ? "told its address's rocks are all placed (rock_limit_visitor)"
                                     : "no session was told of the visitor's cap";
  return out;
}

AttackOutcome connection_flood(const AttackContext& c, std::size_t connections) {
  AttackOutcome out;
  ProbeGroup probes(c.io);
  const auto end = Clock::now() + c.duration;
  for (std::size_t i = 0; i < connections && !interrupted(c); ++i, ++out.attempts) {
    probes.add(probe_spec(c, upgrade_request(c.host, std::string(kGoodKey) + "Sec-WebSocket-Version: 13\r\n")));
  }
  wait_out(c, end);
  probes.stop_all();
  const ProbeTally t = tally(probes.results(), out);
  out.answered_clearly = t.still_open == 0 && t.without_reason == 0;
  out.verdict = std::to_string(t.upgraded) + " taken as viewers, " +
                std::to_string(out.attempts - t.upgraded - t.still_open) + " refused or closed, " +
                std::to_string(t.still_open) + " left hanging" +
                (t.without_reason > 0 ? ", " + std::to_string(t.without_reason) + " refusals without a reason" : "");
  return out;
}

AttackOutcome slow_http(const AttackContext& c, std::size_t clients) {
  AttackOutcome out;
  ProbeGroup probes(c.io);
  const auto end = Clock::now() + c.duration;
  const std::string request = "GET / HTTP/1.1\r\nHost: " + c.host + "\r\nX-Slow: " + std::string(400, 'a') + "\r\n\r\n";
  for (std::size_t i = 0; i < clients && !interrupted(c); ++i, ++out.attempts) {
    ProbeSpec spec = probe_spec(c, request);
    spec.trickle_every = kSlowByteEvery;
    probes.add(std::move(spec));
  }
  wait_out(c, end);
  probes.stop_all();
  const ProbeTally t = tally(probes.results(), out);
  out.answered_clearly = t.still_open == 0;
  out.verdict = std::to_string(out.attempts - t.still_open) + " cut off or refused, " + std::to_string(t.still_open) +
                " still hanging after " + std::to_string(c.duration.count() / 1000) + " s";
  return out;
}

AttackOutcome bad_upgrades(const AttackContext& c, std::size_t requests) {
  const std::string& h = c.host;
  const std::vector<std::string> kinds = {
      // No Sec-WebSocket-Key.
      upgrade_request(h, "Sec-WebSocket-Version: 13\r\n"),
      // A version no server speaks.
      upgrade_request(h, std::string(kGoodKey) + "Sec-WebSocket-Version: 8\r\n"),
      // An upgrade by POST.
      "POST /ws HTTP/1.1\r\nHost: " + h + "\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n" + kGoodKey +
          "Sec-WebSocket-Version: 13\r\nContent-Length: 0\r\n\r\n",
      // A header far past any limit.
      upgrade_request(h, std::string(kGoodKey) + "Sec-WebSocket-Version: 13\r\nX-Big: " + std::string(20'000, 'b') + "\r\n"),
      // Not HTTP at all (a TLS hello on the plain port).
      std::string("\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03", 11) + std::string(500, '\x7f') + "\r\n\r\n",
      // A body far past the limit.
      "GET /ws HTTP/1.1\r\nHost: " + h + "\r\nContent-Length: 1000000\r\n\r\n" + std::string(8192, 'x'),
  };
  AttackOutcome out;
  ProbeGroup probes(c.io);
  const auto end = Clock::now() + c.duration;
  std::size_t started = 0;
  while (started < requests && Clock::now() < end && !interrupted(c)) {
    const std::size_t batch = std::min(kBadRequestsAtOnce, requests - started);
    for (std::size_t i = 0; i < batch; ++i, ++started) probes.add(probe_spec(c, kinds[started % kinds.size()]));
    probes.wait_answered(Clock::now() + kAnswerGrace);
    probes.stop_all();
  }
  out.attempts = started;
  const ProbeTally t = tally(probes.results(), out);
  out.answered_clearly = t.not_4xx == 0 && t.without_reason == 0 && started == requests;
  out.verdict = std::to_string(out.attempts - t.not_4xx) + " of " + std::to_string(out.attempts) +
                " answered with a 4xx status" +
                (t.without_reason > 0 ? ", " + std::to_string(t.without_reason) + " of them without a reason" : "") +
                (started < requests ? " (ran out of time after " + std::to_string(started) + ")" : "");
  return out;
}

AttackOutcome action_flood(const AttackContext& c) {
  const auto refused_before = server_figure(c, "meadow_rejected_messages_total");
  FloodingViewer viewer(c);
  std::uint64_t sent = 0;
  viewer.send(tool_message(v1::TOOL_PREDATOR, v1::ToolAction::PHASE_DOWN, 800.0F, 450.0F));
  every_until_done(c, kFloodMessageEvery, [&](std::uint64_t k) {
    // The predator runs circles (300 units in radius, a degree a move) around the meadow's middle.
    const float angle = static_cast<float>(k % 360) * std::numbers::pi_v<float> / 180.0F;
    viewer.send(tool_message(v1::TOOL_PREDATOR, v1::ToolAction::PHASE_MOVE, 800.0F + 300.0F * std::cos(angle),
                             450.0F + 300.0F * std::sin(angle)));
    ++sent;
  });
  AttackOutcome out = viewer.finish(sent + 1, true);
  const auto refused_after = server_figure(c, "meadow_rejected_messages_total");
  if (refused_before && refused_after) {
    out.answers["refused by the server in all (meadow_rejected_messages_total)"] =
        static_cast<std::uint64_t>(*refused_after - *refused_before);
  }
  return out;
}

AttackOutcome never_read(const AttackContext& c, std::size_t viewers) {
  AttackOutcome out;
  const auto end = Clock::now() + c.duration;
  const char* closed_slow = "meadow_sessions_closed_slow_total";
  const double closed_before = server_figure(c, closed_slow).value_or(0.0);
  const double sessions_before = server_figure(c, "meadow_sessions").value_or(0.0);
  ProbeGroup probes(c.io);
  for (std::size_t i = 0; i < viewers && !interrupted(c); ++i, ++out.attempts) {
    ProbeSpec spec = probe_spec(c, upgrade_request(c.host, std::string(kGoodKey) + "Sec-WebSocket-Version: 13\r\n"));
    spec.source_address = "127.0.0." + std::to_string(kSilentAddressBase + i / kViewersPerAddress);
    spec.receive_buffer_bytes = kSilentReceiveBuffer;
    probes.add(std::move(spec));
  }
  probes.wait_answered(Clock::now() + kUpgradeWait);
  const auto upgraded_at = Clock::now();
  const std::vector<ProbeResult> answered = probes.results();
  const auto upgraded = static_cast<std::size_t>(std::count_if(answered.begin(), answered.end(), [](const ProbeResult& r) {
    return r.kind == ProbeResult::Kind::kAnswered && r.status == 101;
  }));
  // Hold on, reading nothing, until the server says it closed them all (its count of viewers
  // closed for not reading grew by as many, and its viewers are those of before) or time is up.
  double closed = 0.0;
  std::optional<double> all_closed_after;
  while (Clock::now() < end && !interrupted(c)) {
    closed = server_figure(c, closed_slow).value_or(closed_before) - closed_before;
    const double sessions = server_figure(c, "meadow_sessions").value_or(sessions_before + 1.0);
    if (upgraded > 0 && closed >= static_cast<double>(upgraded) && sessions <= sessions_before) {
      all_closed_after = std::chrono::duration<double>(Clock::now() - upgraded_at).count();
      break;
    }
    std::this_thread::sleep_for(kPollEvery);
  }
  probes.stop_all();
  (void)tally(probes.results(), out);
  out.answers["closed by the server for not reading (meadow_sessions_closed_slow_total)"] =
      static_cast<std::uint64_t>(closed);
  out.answered_clearly = upgraded == viewers && all_closed_after.has_value();
  char when[64] = "by the end of the attack";
  if (all_closed_after) std::snprintf(when, sizeof when, "(the last %.1f s after the upgrades)", *all_closed_after);
  char line[256];
  std::snprintf(line, sizeof line, "%zu of %zu taken as viewers and never read; the server closed %.0f of them %s",
                upgraded, viewers, closed, when);
  out.verdict = line;
  return out;
}

}  // namespace meadow::client::abuse
