#pragma once
// What one viewer's message does, the same whichever way it came (WebSocket or gRPC): the rate
// limit, validation at the edge (stream::parse_client_message), actions queued for the sim
// thread, a world chosen, a ping answered, and a clear notice for anything refused. The session
// supplies what is its own through ViewerPort. Not thread-safe: the session serialises calls.
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "meadow/v1/viewer.pb.h"
#include "net/message_prices.hpp"
#include "net/outbox.hpp"
#include "net/rate_limiter.hpp"
#include "net/session_context.hpp"
#include "stream/client_input.hpp"

namespace meadow::net {

// The session's side of handling a message.
class ViewerPort {
 public:
  virtual ~ViewerPort() = default;
  [[nodiscard]] virtual sim::WorldKind watched_world() const = 0;
  // The next frame is of `world`, and a key frame (the delta chain was the other world's).
  virtual void watch_world(sim::WorldKind world) = 0;
  // A reliable message to this viewer only (notices, pongs).
  virtual void send_to_viewer(SharedBytes message) = 0;
  // The viewer's Hello said whether it decodes the light as video.
  virtual void take_video(bool offered) = 0;
  // The viewer watches its world's live trails, or stops.
  virtual void take_trails(bool on) = 0;
  // A reliable message to this viewer that any thread may send later (an answer that takes a
  // while); it does nothing once the session has ended.
  [[nodiscard]] virtual std::function<void(SharedBytes)> later_sender() = 0;
  // The night replayed (docs/gallery.md "Tonight so far"): start, seek, speed or stop this viewer's
  // replay; while one plays, its actions are refused (it shows the past).
  virtual void replay(const stream::ReplayCommand& command) = 0;
  [[nodiscard]] virtual bool replaying() const = 0;
};

// The notice for a viewer that asked for a world this server does not run (and keeps `watching`).
[[nodiscard]] SharedBytes world_unavailable_notice(sim::WorldKind asked, sim::WorldKind watching);

// The most a viewer's trails answer may take on the wire (the viewers' limits make at most ~250 KB).
inline constexpr std::size_t kMaxViewerTrailsBytes = 1U << 20U;

enum class InputResult {
  kDone,         // applied, queued or answered
  kRateLimited,  // over the rate limit: ignored (a notice at most once a second)
  kBusy,         // the action queue is full: not applied (a notice said so)
  kRejected,     // failed validation (a notice said why)
};

struct InputOutcome {
  InputResult result = InputResult::kDone;
  std::string code;  // the notice's code when not kDone
  std::string text;
};

class ViewerInput {
 public:
  using Clock = std::chrono::steady_clock;
  // `visitor`: who the session's viewer is at the door (visitor_of its admission key; 0: unknown),
  // stamped on its actions so that the meadow's caps hold per visitor.
  ViewerInput(SessionContext& context, std::uint64_t session_id, std::uint64_t visitor = 0);

  // One binary ClientMessage; counted in the metrics, answered through `port`.
  InputOutcome handle(std::string_view bytes, ViewerPort& port, Clock::time_point now);
  // A message the transport refused itself (a text frame, say): rate-limited and counted like
  // any other, and a notice sent.
  InputOutcome refuse(ViewerPort& port, const char* code, const std::string& text, Clock::time_point now);

 private:
  // Counts the message; an outcome when it is over the rate limit.
  std::optional<InputOutcome> admit(ViewerPort& port, Clock::time_point now);
  // An outcome when a message of ClientMessage body `field` is undeclared (message_prices.hpp) or
  // over its own rate.
  std::optional<InputOutcome> admit_body(int field, ViewerPort& port, Clock::time_point now);
  // A notice of `result` at most once a second (a flood is not answered with a flood).
  InputOutcome throttled_notice(ViewerPort& port, InputResult result, const char* code, const std::string& text,
                                Clock::time_point now);
  InputOutcome notice(ViewerPort& port, InputResult result, const char* code, const std::string& text);
  // A viewer's TrailsRequest: one at a time per viewer (and, at the door, one a second), in the
  // viewers' slot, answered when the recording is done.
  InputOutcome record_trails(ViewerPort& port, const sim::TrailPlan& plan);

  SessionContext& context_;
  const std::uint64_t session_id_;
  const std::uint64_t visitor_;
  TokenBucket rate_;
  // Per declared message with a rate of its own (message_prices()' order).
  std::vector<std::optional<TokenBucket>> message_rates_;
  Clock::time_point last_rate_notice_{};
  // This viewer's recording is under way (set here, cleared by its answer).
  std::shared_ptr<std::atomic<bool>> recording_ = std::make_shared<std::atomic<bool>>(false);
};

}  // namespace meadow::net
