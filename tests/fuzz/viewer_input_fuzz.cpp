// Fuzz target viewer_input: one viewer message, as a binary WebSocket frame (or a gRPC
// ClientMessage) carries it, through ViewerInput: parsing, validation, the queue to the sim
// thread and the notices back. Beyond not crashing: whatever reaches the action queue is what the
// sim thread may take (docs/architecture.md "The wire": finite, inside the world, in range, a tool
// or setting a viewer may use), stamped with the session and the world it watches; every refusal
// names its code and sends a notice; everything sent back is a ServerMessage.
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "fuzz_check.hpp"
#include "quiet_protobuf.hpp"
#include "net/viewer_input.hpp"
#include "sim/land.hpp"
#include "sim/mold/mold_rules.hpp"
#include "sim/mold/mold_settings.hpp"
#include "sim/swarm/swarm_engine.hpp"
#include "sim/swarm/swarm_rules.hpp"
#include "sim/swarm/swarm_settings.hpp"

namespace meadow::fuzz {

namespace {

constexpr std::uint64_t kSession = 7;

class CheckingPort final : public net::ViewerPort {
 public:
  [[nodiscard]] sim::WorldKind watched_world() const override { return world; }
  void watch_world(sim::WorldKind w) override { world = w; }
  void take_video(bool /*offered*/) override {}
  void take_trails(bool /*on*/) override {}
  void send_to_viewer(net::SharedBytes message) override {
    v1::ServerMessage parsed;
    MEADOW_FUZZ_CHECK(message && parsed.ParseFromString(*message));
    if (parsed.has_notice()) ++notices;
  }
  std::function<void(net::SharedBytes)> later_sender() override {
    return [this](net::SharedBytes message) { send_to_viewer(std::move(message)); };
  }
  // A replay starts and stops here as the session's would; while one plays, actions are refused.
  void replay(const stream::ReplayCommand& command) override {
    MEADOW_FUZZ_CHECK(command.speed >= 1 && command.speed <= stream::kMostReplaySpeed && command.at_ms >= 0);
    if (command.kind == stream::ReplayCommand::Kind::start) playing = true;
    if (command.kind == stream::ReplayCommand::Kind::stop) playing = false;
  }
  [[nodiscard]] bool replaying() const override { return playing; }
  sim::WorldKind world = sim::WorldKind::swarm;
  int notices = 0;
  bool playing = false;
};

// The server's limits, but a message size limit within the lengths libFuzzer tries (4 KiB unless
// told otherwise), so that the refusal of a long message is reached too.
net::SessionLimits fuzz_limits() {
  net::SessionLimits limits;
  limits.max_message_bytes = 1024;
  return limits;
}

// A server's swarm of at most this many fireflies, and its mold.
constexpr std::size_t kFuzzMaxCount = 2'000'000;
net::ServerFacts fuzz_facts() {
  net::ServerFacts facts;
  facts.settings_schemas = {sim::swarm_settings_schema(kFuzzMaxCount), sim::mold_settings_schema()};
  facts.worlds = {sim::WorldKind::swarm, sim::WorldKind::colony};
  return facts;
}

// The edge a session sees, built once: a hub per input would cost more than the input.
struct Edge {
  net::Hub hub;
  stream::ActionQueue actions{16};
  net::Metrics metrics;
  net::Admission admission{net::AdmissionLimits{}};
  net::SessionContext context{hub, actions, metrics, admission, fuzz_limits(), fuzz_facts(), {}};
  Edge() { hub.update_land(std::make_shared<const sim::Land>(), nullptr); }
};

bool finite_inside(sim::Vec2 at, const sim::Rect& world) {
  return std::isfinite(at.x) && std::isfinite(at.y) && world.contains(at);
}

bool in_range(const std::optional<float>& value, float min, float max) {
  return !value || (std::isfinite(*value) && *value >= min && *value <= max);
}

bool in_range(const std::optional<float>& value, sim::MoldSettingRange range) {
  return in_range(value, range.min, range.max);
}

bool whole_in_range(std::optional<double> value, double min, double max) {
  return !value || (std::isfinite(*value) && *value >= min && *value <= max && *value == std::floor(*value));
}

// Every value named once, and every name one its world's own change reads back (checked apart from
// the schema's validator: the worlds' ranges as their rules name them).
bool names_are_the_worlds(const sim::SettingsChange& change, const sim::SettingsChange& read_back) {
  std::set<std::string> seen;
  for (const sim::SettingValue& v : change.values) {
    if (!seen.insert(v.name).second || !read_back.value(v.name)) return false;
  }
  return read_back.values.size() == change.values.size();
}

// What a viewer's action may carry to the sim thread.
void check_queued(const sim::ActionBody& body, const sim::Rect& world, const net::ServerFacts& facts) {
  std::visit(
      [&](const auto& b) {
        using T = std::decay_t<decltype(b)>;
        if constexpr (std::is_same_v<T, sim::RockTap> || std::is_same_v<T, sim::AttractTap> ||
                      std::is_same_v<T, sim::FlowerTap> || std::is_same_v<T, sim::FrogTap>) {
          MEADOW_FUZZ_CHECK(finite_inside(b.at, world));
        } else if constexpr (std::is_same_v<T, sim::PredatorPointer> || std::is_same_v<T, sim::AttractPointer>) {
          MEADOW_FUZZ_CHECK(b.phase == sim::PointerPhase::up || finite_inside(b.at, world));
        } else if constexpr (std::is_same_v<T, sim::SettingsChange>) {
          MEADOW_FUZZ_CHECK(sim::schema_of(facts.settings_schemas, b.world) != nullptr);
          if (b.world == sim::WorldKind::swarm) {
            MEADOW_FUZZ_CHECK(whole_in_range(b.value(sim::swarm_setting::kCount),
                                             static_cast<double>(sim::SwarmEngine::kMinCount), kFuzzMaxCount));
            const sim::SwarmSettingsChange c = sim::swarm_settings_change(b);
            MEADOW_FUZZ_CHECK(names_are_the_worlds(b, sim::as_settings(c)));
            for (const auto& weight : {c.separation, c.alignment, c.cohesion}) {
              MEADOW_FUZZ_CHECK(in_range(weight, sim::SwarmWeights::kMin, sim::SwarmWeights::kMax));
            }
            MEADOW_FUZZ_CHECK(
                in_range(c.speed, sim::swarm_rules::kLeastSpeedFactor, sim::swarm_rules::kMostSpeedFactor));
            MEADOW_FUZZ_CHECK(!b.preset);
          } else if (b.world == sim::WorldKind::mold) {
            MEADOW_FUZZ_CHECK(whole_in_range(b.value(sim::mold_setting::kAgents), sim::mold_rules::kMinAgents,
                                             sim::mold_rules::kMaxAgents));
            const auto occupancy = b.value(sim::mold_setting::kOccupancy);
            MEADOW_FUZZ_CHECK(!occupancy || *occupancy == 0.0 || *occupancy == 1.0);
            const sim::MoldSettingsChange c = sim::mold_settings_change(b);
            MEADOW_FUZZ_CHECK(names_are_the_worlds(b, sim::as_settings(c)));
            MEADOW_FUZZ_CHECK(in_range(c.sensor_angle_deg, sim::kSensorAngleRange));
            MEADOW_FUZZ_CHECK(in_range(c.turn_angle_deg, sim::kTurnAngleRange));
            MEADOW_FUZZ_CHECK(in_range(c.sensor_distance, sim::kSensorDistanceRange));
            MEADOW_FUZZ_CHECK(in_range(c.deposit, sim::kDepositRange));
            MEADOW_FUZZ_CHECK(in_range(c.decay, sim::kDecayRange));
            MEADOW_FUZZ_CHECK(in_range(c.diffusion, sim::kDiffusionRange));
            MEADOW_FUZZ_CHECK(!c.preset || sim::mold_preset(*c.preset) != nullptr);
          } else {
            constexpr bool another_world_has_settings_here = false;  // only the swarm's and mold's schemas
            MEADOW_FUZZ_CHECK(another_world_has_settings_here);
          }
        } else {
          // ViewerLeft, locks, pause, clearing the rocks: the session or the operator's, never a message's.
          constexpr bool a_viewer_may_make_this_action = false;
          MEADOW_FUZZ_CHECK(a_viewer_may_make_this_action);
        }
      },
      body);
}

}  // namespace

int fuzz_viewer_input(const std::uint8_t* data, std::size_t size) {
  quiet_protobuf();
  static Edge edge;
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  net::ViewerInput input(edge.context, kSession);
  CheckingPort port;
  const net::InputOutcome outcome = input.handle(bytes, port, net::ViewerInput::Clock::now());

  std::vector<stream::QueuedAction> queued;
  edge.actions.drain(queued);
  MEADOW_FUZZ_CHECK(queued.size() <= 1);
  for (const auto& q : queued) {
    MEADOW_FUZZ_CHECK(outcome.result == net::InputResult::kDone);
    MEADOW_FUZZ_CHECK(q.action.origin == kSession && q.action.tick == 0 && q.action.world == port.world);
    check_queued(q.action.body, edge.hub.land()->world(), edge.context.facts);
  }
  if (outcome.result == net::InputResult::kDone) {
    MEADOW_FUZZ_CHECK(outcome.code.empty());
  } else {
    // A fresh session is never over the rate limit, and its queue was empty.
    MEADOW_FUZZ_CHECK(outcome.result == net::InputResult::kRejected && !outcome.code.empty() && port.notices == 1);
  }
  return 0;
}

}  // namespace meadow::fuzz
