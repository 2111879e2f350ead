#pragma once
// What each message a viewer may send costs at the door (docs/limits.md), one declaration per body
// of meadow.v1.ClientMessage: how many a session may send a second beyond the session's general
// rate (--messages-per-second). Actions (tools, settings) then meet their world's price on the
// sim thread (sim/price.hpp). The messages that change what the server does for one session are
// held to a few a second: Hello (its codecs pick the session's light) to one; ChooseWorld and
// WatchTrails (a key frame of the bundle every session shares, a gather built once a frame for all
// who watch; a world's video encoder is kept warm a while) to four, in bursts of eight, which a
// trip through the worlds stays within: a refused one leaves the viewer where it was, so they are
// not held tighter. A world's own body (a message its folder of the protocol declares,
// meadow/v1/<world>/: its settings as older clients send them) is declared by that rule, not by a
// line here: the session's general rate, then its world's price. A ClientMessage body without a
// declaration is refused at the door (and fails tests/net/message_prices_test.cpp).
#include <array>
#include <optional>
#include <span>
#include <string_view>

#include "meadow/v1/viewer.pb.h"

namespace meadow::net {

struct MessagePrice {
  std::string_view message;  // as docs/limits.md's tables name it
  int field = 0;             // its field number in ClientMessage's body
  // Its own rate (a token bucket per session), or nullopt: the session's general rate alone.
  std::optional<double> per_second;
  double burst = 1.0;
  std::string_view then;  // what happens to it after the door, for the docs
};

// The bodies every world shares.
inline constexpr std::array<MessagePrice, 8> kSharedMessagePrices{{
    {"hello", v1::ClientMessage::kHelloFieldNumber, 1.0, 3.0, "answered on the network thread; its codecs pick the session's light"},
    {"choose world", v1::ClientMessage::kChooseWorldFieldNumber, 4.0, 8.0, "the next frame is a key frame of that world"},
    {"tool", v1::ClientMessage::kToolFieldNumber, std::nullopt, 1.0, "its world's price (the table above)"},
    {"ping", v1::ClientMessage::kPingFieldNumber, std::nullopt, 1.0, "answered on the network thread"},
    {"trails request", v1::ClientMessage::kRecordTrailsFieldNumber, 1.0, 1.0, "the viewers' recording slot (below)"},
    {"watch trails", v1::ClientMessage::kWatchTrailsFieldNumber, 4.0, 8.0, "a world's live trails gather for this session"},
    {"world settings", v1::ClientMessage::kSettingsFieldNumber, std::nullopt, 1.0, "its world's price (the table above)"},
    {"replay", v1::ClientMessage::kReplayFieldNumber, 4.0, 8.0,
     "one replay a viewer, on a worker at the lowest CPU priority; --replays-most at once (below)"},
}};

// Every body's declaration, the shared ones' and each world's own, in the order of their field
// numbers (made once, on the first call; any thread).
[[nodiscard]] std::span<const MessagePrice> message_prices();

// The declaration of ClientMessage body field `field`, or null.
[[nodiscard]] const MessagePrice* message_price(int field);

}  // namespace meadow::net
