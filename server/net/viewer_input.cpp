#include "net/viewer_input.hpp"

#include <spdlog/spdlog.h>

#include <memory>
#include <optional>
#include <type_traits>
#include <utility>
#include <variant>

#include "net/logger.hpp"
#include "stream/client_input.hpp"
#include "stream/proto_mapping.hpp"
#include "stream/trails_mapping.hpp"

namespace meadow::net {

namespace {

// At most one "slow down" notice a second, so a flooding viewer cannot make us flood it back.
constexpr std::chrono::seconds kRateNoticeInterval{1};

}  // namespace

SharedBytes world_unavailable_notice(sim::WorldKind asked, sim::WorldKind watching) {
  return shared(stream::notice_message(v1::Notice::LEVEL_INFO, "world_unavailable",
                                       "The " + std::string(sim::world_name(asked)) +
                                           " does not run on this server; you watch the " +
                                           std::string(sim::world_name(watching)) + "."));
}

ViewerInput::ViewerInput(SessionContext& context, std::uint64_t session_id, std::uint64_t visitor)
    : context_(context),
      session_id_(session_id),
      visitor_(visitor),
      rate_(context.limits.messages_per_second, context.limits.message_burst, Clock::now()) {
  const auto start = Clock::now();
  const std::span<const MessagePrice> prices = message_prices();
  message_rates_.resize(prices.size());
  for (std::size_t i = 0; i < prices.size(); ++i) {
    if (const auto& rate = prices[i].per_second) message_rates_[i].emplace(*rate, prices[i].burst, start);
  }
}

InputOutcome ViewerInput::throttled_notice(ViewerPort& port, InputResult result, const char* code,
                                           const std::string& text, Clock::time_point now) {
  context_.metrics.rejected_messages_total.fetch_add(1, std::memory_order_relaxed);
  if (now - last_rate_notice_ < kRateNoticeInterval) return InputOutcome{result, code, text};
  last_rate_notice_ = now;
  return notice(port, result, code, text);
}

std::optional<InputOutcome> ViewerInput::admit_body(int field, ViewerPort& port, Clock::time_point now) {
  const MessagePrice* price = message_price(field);
  if (price == nullptr) {
    return throttled_notice(port, InputResult::kRejected, "unknown_message", "This server takes no such message.", now);
  }
  auto& rate = message_rates_[static_cast<std::size_t>(price - message_prices().data())];
  if (!rate || rate->try_take(now)) return std::nullopt;
  return throttled_notice(port, InputResult::kRateLimited, "too_fast",
                          "At most about one " + std::string(price->message) + " a second: that one was ignored.", now);
}

InputOutcome ViewerInput::notice(ViewerPort& port, InputResult result, const char* code, const std::string& text) {
  port.send_to_viewer(shared(stream::notice_message(v1::Notice::LEVEL_WARNING, code, text)));
  return InputOutcome{result, code, text};
}

std::optional<InputOutcome> ViewerInput::admit(ViewerPort& port, Clock::time_point now) {
  context_.metrics.received_messages_total.fetch_add(1, std::memory_order_relaxed);
  if (rate_.try_take(now)) return std::nullopt;
  static const std::string kSlowDown = "Too many messages: some were ignored. Please slow down.";
  return throttled_notice(port, InputResult::kRateLimited, "rate_limited", kSlowDown, now);
}

InputOutcome ViewerInput::refuse(ViewerPort& port, const char* code, const std::string& text, Clock::time_point now) {
  if (auto limited = admit(port, now)) return *limited;
  context_.metrics.rejected_messages_total.fetch_add(1, std::memory_order_relaxed);
  return notice(port, InputResult::kRejected, code, text);
}

InputOutcome ViewerInput::record_trails(ViewerPort& port, const sim::TrailPlan& plan) {
  if (context_.trails == nullptr) {
    return notice(port, InputResult::kRejected, "trails_unavailable", "This server records no trails.");
  }
  if (recording_->load()) {
    return notice(port, InputResult::kRejected, "trails_busy",
                  "Your trails are still being recorded: they come when the recording is done.");
  }
  recording_->store(true);
  logger()->debug("session {} records trails: {} steps after {}, {} fireflies", session_id_, plan.steps,
                  plan.warmup_steps, plan.count);
  // Answered off the sim thread (TrailsControl), so building and serialising the points costs the
  // sim nothing; the answer is held to kMaxViewerTrailsBytes.
  context_.trails->record(sim::TrailSlot::viewers, plan,
                          [send = port.later_sender(), recording = recording_](const TrailsAnswer& a) {
                            recording->store(false);
                            if (!a.ok) {
                              const char* code = a.unavailable ? "trails_unavailable" : "trails_busy";
                              send(shared(stream::notice_message(v1::Notice::LEVEL_WARNING, code,
                                                                 "No trails: " + a.reason + ".")));
                              return;
                            }
                            v1::ServerMessage message;
                            stream::to_proto(a.trails, a.plan, a.world, a.tick, *message.mutable_trails());
                            if (message.ByteSizeLong() > kMaxViewerTrailsBytes) {
                              send(shared(stream::notice_message(v1::Notice::LEVEL_WARNING, "trails_too_large",
                                                                 "No trails: the recording came out too large to send.")));
                              return;
                            }
                            send(shared(message.SerializeAsString()));
                          });
  return InputOutcome{};
}

InputOutcome ViewerInput::handle(std::string_view bytes, ViewerPort& port, Clock::time_point now) {
  if (auto limited = admit(port, now)) return *limited;
  const LandSnapshot land = context_.hub.land();
  const stream::InputLimits limits{context_.limits.max_message_bytes, context_.facts.settings_schemas};
  int body = 0;
  stream::ClientInput input = stream::parse_client_message(bytes, land->world(), limits, session_id_, &body);
  if (body != 0) {
    if (auto limited = admit_body(body, port, now)) return *limited;
  }
  return std::visit(
      [&](auto& value) -> InputOutcome {
        using T = std::decay_t<decltype(value)>;
        if constexpr (std::is_same_v<T, sim::Action>) {
          if (port.replaying()) {
            return notice(port, InputResult::kRejected, "replaying",
                          "You are watching the night replayed: go back to live to touch the meadow.");
          }
          value.world = port.watched_world();
          value.visitor = visitor_;
          if (!context_.actions.push(std::move(value))) {
            context_.metrics.rejected_messages_total.fetch_add(1, std::memory_order_relaxed);
            return notice(port, InputResult::kBusy, "busy", "The meadow is busy; that action was not applied. Try again.");
          }
        } else if constexpr (std::is_same_v<T, stream::ClientHello>) {
          logger()->debug("session {} hello from '{}'{}", session_id_, value.client_name,
                          value.offers_video ? " (decodes video)" : "");
          port.take_video(value.offers_video);
        } else if constexpr (std::is_same_v<T, stream::ChooseWorld>) {
          if (!context_.facts.runs(value.world)) {
            port.send_to_viewer(world_unavailable_notice(value.world, port.watched_world()));
          } else if (value.world != port.watched_world()) {
            port.watch_world(value.world);
            logger()->debug("session {} watches world {}", session_id_, static_cast<int>(value.world));
          }
        } else if constexpr (std::is_same_v<T, stream::ClientPing>) {
          port.send_to_viewer(shared(stream::pong_message(value.client_time_ms, context_.hub.latest_tick())));
        } else if constexpr (std::is_same_v<T, stream::WatchTrails>) {
          port.take_trails(value.on);
        } else if constexpr (std::is_same_v<T, stream::RecordTrails>) {
          return record_trails(port, value.plan);
        } else if constexpr (std::is_same_v<T, stream::ReplayCommand>) {
          port.replay(value);
        } else {
          static_assert(std::is_same_v<T, stream::Rejection>);
          context_.metrics.rejected_messages_total.fetch_add(1, std::memory_order_relaxed);
          logger()->debug("session {}: rejected message: {}", session_id_, value.code);
          return notice(port, InputResult::kRejected, value.code.c_str(), value.text);
        }
        return InputOutcome{};
      },
      input);
}

}  // namespace meadow::net
