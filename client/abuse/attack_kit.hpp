#pragma once
// What the attacks (attacks.hpp, and each world's own under abuse/<world>/) are made of: their
// pace, a flooding viewer that counts what the server answered it, and the address's viewers
// finished together.
#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "abuse/attacks.hpp"
#include "watch/viewer_link.hpp"
#include "watch/ws_link.hpp"

namespace meadow::client::abuse {

using Clock = std::chrono::steady_clock;
using Millis = std::chrono::milliseconds;

// A hostile viewer sends at the rate limit's sustained rate, so that its messages are let in.
inline constexpr Millis kMessageEvery{1000 / 60};
// The notice code of the server's rate limit.
inline constexpr const char* kRateLimited = "rate_limited";
// Viewers the server takes from one address (its default --max-viewers-per-address).
inline constexpr std::size_t kViewersPerAddress = 8;

[[nodiscard]] inline bool interrupted(const AttackContext& c) { return c.interrupted != nullptr && c.interrupted->load(); }

// Runs `each` every `every` until the attack's time is up.
template <typename Each>
void every_until_done(const AttackContext& c, Millis every, Each&& each) {
  const auto end = Clock::now() + c.duration;
  auto next = Clock::now();
  for (std::uint64_t k = 0; Clock::now() < end && !interrupted(c); ++k) {
    each(k);
    next += every;
    std::this_thread::sleep_until(next);
  }
}

// Sleeps until the attack's time is up (or it is interrupted).
void wait_out(const AttackContext& c, Clock::time_point end);

// A viewer that floods: the notices it is sent and how its connection ended.
class FloodingViewer {
 public:
  explicit FloodingViewer(const AttackContext& c) {
    LinkTarget target;
    target.host = c.host;
    target.port = c.port;
    target.client_name = "meadow-abuse";
    target.source_address = c.source;
    LinkHandlers handlers;
    handlers.on_message = [this](v1::ServerMessage&& message, std::size_t /*bytes*/) {
      if (message.has_welcome()) {
        std::lock_guard lock(mutex_);
        welcome_ = message.welcome();
        welcomed_.notify_all();
        return;
      }
      if (message.has_replay() && !message.replay().reason().empty()) {
        // A replay refused or ended by the server says why in its state, not in a notice.
        std::lock_guard lock(mutex_);
        ++notices_["replay_state"];
        if (texts_.size() < 8) texts_.push_back(message.replay().reason());
        return;
      }
      if (!message.has_notice()) return;
      std::lock_guard lock(mutex_);
      ++notices_[message.notice().code()];
      if (texts_.size() < 8 && std::find(texts_.begin(), texts_.end(), message.notice().text()) == texts_.end()) {
        texts_.push_back(message.notice().text());
      }
    };
    // Called with an empty reason when finish() stops the link itself: not the server's doing.
    handlers.on_closed = [this](const std::string& why) {
      std::lock_guard lock(mutex_);
      closed_ = why;
    };
    link_ = make_ws_link(c.io, target, std::move(handlers));
    link_->start();
  }

  void send(const v1::ClientMessage& message) { link_->send(message); }

  // The server's welcome, once it came (within `wait`).
  std::optional<v1::Welcome> welcome(Millis wait) {
    std::unique_lock lock(mutex_);
    welcomed_.wait_for(lock, wait, [this] { return welcome_.has_value(); });
    return welcome_;
  }

  // Stops the link and reports what the viewer was answered; clear when the server said why it
  // held the attacker back (a notice other than the rate limit's; with `rate_limit_explains`, the
  // rate limit's own), or closed it.
  AttackOutcome finish(std::uint64_t attempts, bool rate_limit_explains = false) {
    link_->stop();
    std::lock_guard lock(mutex_);
    AttackOutcome out;
    out.attempts = attempts;
    bool said_why = false;
    for (const auto& [code, n] : notices_) {
      out.answers["notice " + code] = n;
      said_why = said_why || (code == kRateLimited) == rate_limit_explains;
    }
    if (!closed_.empty()) out.answers["closed: " + closed_] = 1;
    out.answered_clearly = said_why || !closed_.empty();
    out.verdict = said_why ? "told why: \"" + (texts_.empty() ? std::string() : texts_.front()) + "\""
                  : closed_.empty() ? "no notice explained what happened to its messages"
                                    : "the server closed it: " + closed_;
    return out;
  }

 private:
  std::unique_ptr<ViewerLink> link_;
  std::mutex mutex_;
  std::condition_variable welcomed_;
  std::optional<v1::Welcome> welcome_;
  std::map<std::string, std::uint64_t> notices_;
  std::vector<std::string> texts_;
  std::string closed_;
};

// Ends an address's viewers and adds up what they were answered: clear only when every one was.
AttackOutcome finish_all(std::vector<std::unique_ptr<FloodingViewer>>& viewers, std::uint64_t sent);

}  // namespace meadow::client::abuse
