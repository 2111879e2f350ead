#pragma once
// Validation of viewer input at the edge (docs/architecture.md "The wire"): bytes from a WebSocket
// become either a validated value or a rejection with a code and a text for the notice back.
// Nothing that reaches the sim thread is non-finite, outside the world, out of range or unknown.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <variant>

#include "meadow/v1/viewer.pb.h"
#include "sim/actions.hpp"
#include "sim/geometry.hpp"
#include "sim/trails.hpp"
#include "stream/frame_bundle.hpp"

namespace meadow::stream {

// Longest Hello.client_name accepted, bytes (viewer.proto).
inline constexpr std::size_t kMaxClientNameBytes = 64;

struct InputLimits {
  std::size_t max_message_bytes = 0;  // a ClientMessage longer than this is refused unparsed
  // The schemas of the worlds that have settings: a change is checked against its world's.
  std::span<const sim::SettingsSchema> schemas;
};

// Values for the net layer (not actions on the meadow).
struct ClientHello {
  std::uint32_t protocol_version = 0;
  std::string client_name;
  bool offers_video = false;  // the client decodes LIGHT_CODEC_VP9 (Hello.light_codecs)
};
struct ChooseWorld {
  sim::WorldKind world = sim::kAllWorldKinds.front();
};
struct ClientPing {
  std::uint64_t client_time_ms = 0;
};
// The live trails layer on or off, in a world that offers live trail points.
struct WatchTrails {
  bool on = false;
};
// A recording of trails, answered to this viewer alone (the plan clamped to the limits).
struct RecordTrails {
  sim::TrailPlan plan;
};

// The night replayed (replay.proto, docs/gallery.md "Tonight so far"), checked: a known action, a
// moment not before 1970, a speed of 1 … kMostReplaySpeed times real time.
inline constexpr unsigned kMostReplaySpeed = 60;
struct ReplayCommand {
  enum class Kind { start, seek, speed, stop };
  Kind kind = Kind::start;
  std::int64_t at_ms = 0;  // 0 with start: the start of what is kept
  unsigned speed = kMostReplaySpeed;
};
// Refusal codes, as sent in Notice.code.
namespace reject {
inline constexpr std::string_view kMalformed = "malformed_message";    // not a ClientMessage
inline constexpr std::string_view kTooLarge = "message_too_large";     // over max_message_bytes
inline constexpr std::string_view kEmpty = "empty_message";            // no body set
inline constexpr std::string_view kMissingField = "missing_field";     // e.g. a tap without a point
inline constexpr std::string_view kUnknownValue = "unknown_value";     // enum unspecified/unknown
inline constexpr std::string_view kUnsupportedProtocol = "unsupported_protocol";
inline constexpr std::string_view kNotFinite = "not_finite";           // NaN or infinity
inline constexpr std::string_view kOutsideWorld = "outside_world";     // a point off the world
inline constexpr std::string_view kOutOfRange = "out_of_range";        // a setting out of bounds
inline constexpr std::string_view kDuplicate = "duplicate";            // a setting given twice
inline constexpr std::string_view kUnsupportedPhase = "unsupported_phase";  // e.g. rock + DOWN
inline constexpr std::string_view kToolUnavailable = "tool_unavailable";    // not built yet
}  // namespace reject

struct Rejection {
  std::string code;  // one of reject::k…
  std::string text;  // for people, never echoes the client's bytes
  friend bool operator==(const Rejection&, const Rejection&) = default;
};

// A sim::Action (origin set, tick 0: the sim thread stamps it), a value for the net layer, or a
// rejection.
using ClientInput =
    std::variant<sim::Action, ClientHello, ChooseWorld, ClientPing, WatchTrails, RecordTrails, ReplayCommand, Rejection>;

// One ToolAction as the action it asks for (a tap, a held pointer's phase, a handful), checked as
// a viewer's is: a known tool and phase, a finite point inside `world`. The operator's Act too.
[[nodiscard]] ClientInput parse_tool_action(const v1::ToolAction& tool, const sim::Rect& world, std::uint64_t origin);

// Parses and validates one binary ClientMessage. `world` is the land's world now (points must
// lie inside it); `origin` is the session id stamped on actions. `body`, when given, is set to
// the field number of the message's body once it parsed (0: it did not, or carries none): the
// door's price is the body's (net/message_prices.hpp). Never throws for bad input.
[[nodiscard]] ClientInput parse_client_message(std::string_view bytes, const sim::Rect& world,
                                               const InputLimits& limits,
                                               std::uint64_t origin = 0, int* body = nullptr);

}  // namespace meadow::stream
