#include "stream/client_input.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <array>
#include <charconv>
#include <optional>

#include "meadow/v1/viewer.pb.h"
#include "stream/legacy_settings.hpp"
#include "stream/proto_mapping.hpp"
#include "stream/settings_mapping.hpp"
#include "stream/trails_mapping.hpp"

namespace meadow::stream {

namespace {

Rejection rejected(std::string_view code, std::string text) {
  return Rejection{std::string(code), std::move(text)};
}

// The point of a tool action: present, finite, and (unless `clamp`) inside the world. With
// `clamp` a point past the edge is moved onto it: a held predator dragged off the world stays
// at its edge instead of drawing a notice per pointer move.
std::variant<sim::Vec2, Rejection> tool_point(const v1::ToolAction& tool, const sim::Rect& world,
                                              bool clamp) {
  if (!tool.has_position()) return rejected(reject::kMissingField, "A tool action needs a position.");
  const sim::Vec2 at{tool.position().x(), tool.position().y()};
  if (!std::isfinite(at.x) || !std::isfinite(at.y)) {
    return rejected(reject::kNotFinite, "The position must be finite numbers.");
  }
  if (clamp) {
    return sim::Vec2{std::clamp(at.x, world.x, world.right()), std::clamp(at.y, world.y, world.bottom())};
  }
  if (!world.contains(at)) return rejected(reject::kOutsideWorld, "The position is outside the world.");
  return at;
}

const char* tool_name(int tool) {
  switch (tool) {
    case v1::TOOL_ATTRACT: return "attract";
    case v1::TOOL_FLOWER: return "flower";
    case v1::TOOL_ROCK: return "rock";
    case v1::TOOL_FROG: return "frog";
    default: return "predator";
  }
}

ClientInput parse_tool(const v1::ToolAction& tool, const sim::Rect& world, std::uint64_t origin) {
  if (!v1::Tool_IsValid(tool.tool()) || tool.tool() == v1::TOOL_UNSPECIFIED) {
    return rejected(reject::kUnknownValue, "Unknown tool.");
  }
  if (!v1::ToolAction::Phase_IsValid(tool.phase()) ||
      tool.phase() == v1::ToolAction::PHASE_UNSPECIFIED) {
    return rejected(reject::kUnknownValue, "Unknown tool phase.");
  }
  const bool tap = tool.phase() == v1::ToolAction::PHASE_TAP;
  // The predator always, and attract where a world takes it held, follow a held pointer: down,
  // move, up.
  const bool held_attract = tool.tool() == v1::TOOL_ATTRACT && !tap;
  if (tool.tool() == v1::TOOL_PREDATOR || held_attract) {
    if (tap) return rejected(reject::kUnsupportedPhase, "The predator tool follows a held pointer (down, move, up).");
    const auto action = [&](sim::PointerPhase phase, sim::Vec2 at) {
      if (held_attract) return sim::Action{origin, 0, sim::AttractPointer{phase, at}};
      return sim::Action{origin, 0, sim::PredatorPointer{phase, at}};
    };
    if (tool.phase() == v1::ToolAction::PHASE_UP) return action(sim::PointerPhase::up, {});
    const bool down = tool.phase() == v1::ToolAction::PHASE_DOWN;
    auto point = tool_point(tool, world, /*clamp=*/!down);
    if (auto* r = std::get_if<Rejection>(&point)) return std::move(*r);
    return action(down ? sim::PointerPhase::down : sim::PointerPhase::move, std::get<sim::Vec2>(point));
  }
  // Flower and rock act on a tap (attract too, where it is not held).
  if (!tap) {
    return rejected(reject::kUnsupportedPhase,
                    std::string("The ") + tool_name(tool.tool()) + " tool acts on a tap only.");
  }
  auto point = tool_point(tool, world, /*clamp=*/false);
  if (auto* r = std::get_if<Rejection>(&point)) return std::move(*r);
  const sim::Vec2 at = std::get<sim::Vec2>(point);
  switch (tool.tool()) {
    case v1::TOOL_ATTRACT: return sim::Action{origin, 0, sim::AttractTap{at}};
    case v1::TOOL_FLOWER: return sim::Action{origin, 0, sim::FlowerTap{at, tool.handful()}};
    case v1::TOOL_FROG: return sim::Action{origin, 0, sim::FrogTap{at}};
    default: return sim::Action{origin, 0, sim::RockTap{at}};
  }
}

// A settings change of any world, checked against that world's schema (the meadow checks it again,
// as it checks the operator's and the journal's).
ClientInput parse_settings(sim::SettingsChange change, const InputLimits& limits, std::uint64_t origin) {
  const sim::SettingsSchema* schema = sim::schema_of(limits.schemas, change.world);
  if (schema == nullptr) {
    return rejected(reject::kUnknownValue,
                    "The " + std::string(sim::world_name(change.world)) + " has no settings on this server.");
  }
  if (auto refusal = sim::settings_refusal(*schema, change)) return rejected(refusal->code, std::move(refusal->text));
  return sim::Action{origin, 0, std::move(change)};
}

ClientInput replay_command(const v1::ReplayRequest& request) {
  ReplayCommand command;
  switch (request.action()) {
    case v1::ReplayRequest::ACTION_START: command.kind = ReplayCommand::Kind::start; break;
    case v1::ReplayRequest::ACTION_SEEK: command.kind = ReplayCommand::Kind::seek; break;
    case v1::ReplayRequest::ACTION_SPEED: command.kind = ReplayCommand::Kind::speed; break;
    case v1::ReplayRequest::ACTION_STOP: command.kind = ReplayCommand::Kind::stop; break;
    default: return rejected(reject::kUnknownValue, "A replay request needs its action: start, seek, speed or stop.");
  }
  if (request.at_ms() < 0) return rejected(reject::kOutOfRange, "A replay's moment is a time since 1970.");
  if (request.speed() > kMostReplaySpeed) {
    return rejected(reject::kOutOfRange, "A replay plays at most " + std::to_string(kMostReplaySpeed) + " times as fast.");
  }
  command.at_ms = request.at_ms();
  command.speed = request.speed() == 0 ? kMostReplaySpeed : request.speed();
  return command;
}

}  // namespace

ClientInput parse_tool_action(const v1::ToolAction& tool, const sim::Rect& world, std::uint64_t origin) {
  return parse_tool(tool, world, origin);
}

ClientInput parse_client_message(std::string_view bytes, const sim::Rect& world,
                                 const InputLimits& limits, std::uint64_t origin, int* body) {
  if (body != nullptr) *body = 0;
  // protobuf takes an int length; anything near that is far past any sane limit anyway.
  if (bytes.size() > limits.max_message_bytes || bytes.size() > static_cast<std::size_t>(INT_MAX)) {
    return rejected(reject::kTooLarge, "Messages may be at most " +
                                           std::to_string(limits.max_message_bytes) + " bytes.");
  }
  v1::ClientMessage message;
  if (!message.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
    return rejected(reject::kMalformed, "The message is not a meadow.v1.ClientMessage.");
  }
  if (body != nullptr) *body = static_cast<int>(message.body_case());
  // Clients older than WorldSettings send a world's settings in a message of its own.
  if (auto change = legacy_settings(message)) return parse_settings(std::move(*change), limits, origin);
  switch (message.body_case()) {
    case v1::ClientMessage::kHello: {
      const v1::Hello& hello = message.hello();
      if (hello.protocol_version() != v1::PROTOCOL_VERSION_CURRENT) {
        return rejected(reject::kUnsupportedProtocol,
                        "This server speaks protocol version " +
                            std::to_string(v1::PROTOCOL_VERSION_CURRENT) + ".");
      }
      if (hello.client_name().size() > kMaxClientNameBytes) {
        return rejected(reject::kOutOfRange, "The client name may be at most " +
                                                 std::to_string(kMaxClientNameBytes) + " bytes.");
      }
      // Codecs this server does not know (a newer client's) are ignored, not refused.
      const bool offers_video = std::any_of(hello.light_codecs().begin(), hello.light_codecs().end(),
                                            [](int codec) { return codec == v1::LIGHT_CODEC_VP9; });
      return ClientHello{static_cast<std::uint32_t>(hello.protocol_version()), hello.client_name(), offers_video};
    }
    case v1::ClientMessage::kChooseWorld: {
      ChooseWorld choice;
      if (!world_from_proto(message.choose_world().world(), choice.world)) {
        return rejected(reject::kUnknownValue, "Unknown world.");
      }
      return choice;
    }
    case v1::ClientMessage::kTool:
      return parse_tool(message.tool(), world, origin);
    case v1::ClientMessage::kSettings: {
      auto change = from_proto(message.settings());
      if (!change) return rejected(reject::kUnknownValue, "Unknown world.");
      return parse_settings(std::move(*change), limits, origin);
    }
    case v1::ClientMessage::kPing:
      return ClientPing{message.ping().client_time_ms()};
    case v1::ClientMessage::kWatchTrails:
      return WatchTrails{message.watch_trails().on()};
    case v1::ClientMessage::kRecordTrails: {
      const std::optional<sim::TrailPlan> plan = trail_plan(message.record_trails(), sim::kViewerTrailLimits);
      if (!plan) {
        return rejected(reject::kOutOfRange,
                        "A viewer's trails recording takes " + trail_limits_text(sim::kViewerTrailLimits) + ".");
      }
      return RecordTrails{*plan};
    }
    case v1::ClientMessage::kReplay:
      return replay_command(message.replay());
    default:  // nothing, or a world's own settings message (read above)
      break;
  }
  return rejected(reject::kEmpty, "The message carries nothing.");
}

}  // namespace meadow::stream
