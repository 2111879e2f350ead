#pragma once
// sim ⇄ proto: the geometry and rocks of the land as wire messages, and the serialized
// ServerMessages the net layer sends besides frames (welcome, rocks, notice, pong). Only the
// generated classes of proto/meadow/v1/viewer.proto are used; nothing is encoded by hand.
// Viewer input is validated in client_input.hpp (included here for the net layer's convenience).
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "meadow/v1/viewer.pb.h"
#include "sim/actions.hpp"
#include "sim/geometry.hpp"
#include "sim/land.hpp"
#include "stream/client_input.hpp"
#include "stream/frame_bundle.hpp"
#include "stream/world_mapping.hpp"
#include "stream/rock_rims.hpp"

namespace meadow::stream {

// The server's version string in Welcome.
[[nodiscard]] std::string_view server_version();

void to_proto(const sim::Vec2& from, v1::Vec2& to);
void to_proto(const sim::Rect& from, v1::Rect& to);
void to_proto(const sim::Rock& from, v1::Rock& to);
void to_proto(const RockRim& from, v1::RockRim& to);
[[nodiscard]] sim::Vec2 from_proto(const v1::Vec2& from);
[[nodiscard]] sim::Rect from_proto(const v1::Rect& from);
[[nodiscard]] sim::Rock from_proto(const v1::Rock& from);

void to_proto(const sim::ViewerLocks& from, v1::Locks& to);
[[nodiscard]] sim::ViewerLocks from_proto(const v1::Locks& from);

// Serialized ServerMessages.
// Welcome: protocol version, session, server version, the meadow, the land's world, every
// rock, the rates (per second), the world this session watches, the worlds the server runs and
// the settings' schemas of those that have settings.
// `public_url`: the address phones open to join (Welcome.public_url; empty: none given).
[[nodiscard]] std::string welcome_message(std::uint64_t session_id, const sim::Land& land,
                                          float frame_rate, float tick_rate, sim::WorldKind world,
                                          std::span<const sim::WorldKind> worlds,
                                          std::span<const sim::SettingsSchema> schemas = {},
                                          std::string_view public_url = {}, bool replays = false);
// Rocks: the complete list of the land's rocks.
[[nodiscard]] std::string rocks_message(const sim::Land& land);
// Notice: code is machine-readable (e.g. "malformed_message"), text is for people.
[[nodiscard]] std::string notice_message(v1::Notice::Level level, std::string_view code,
                                         std::string_view text);
// Pong: echoes the client's time, with the sim tick now.
[[nodiscard]] std::string pong_message(std::uint64_t client_time_ms, std::uint64_t tick);

}  // namespace meadow::stream
