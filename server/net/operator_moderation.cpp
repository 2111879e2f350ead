// The operator's moderation calls (docs/gallery.md "Moderation"): what was done lately, undoing one
// visitor, keeping an address out. The rest of the operator's service is in operator_service.cpp.
#include <arpa/inet.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <ctime>
#include <map>
#include <string>
#include <vector>

#include "net/address_key.hpp"
#include "net/logger.hpp"
#include "net/operator_replies.hpp"
#include "net/operator_service.hpp"
#include "stream/proto_mapping.hpp"
#include "stream/world_mapping.hpp"

namespace meadow::net {

namespace {

// "203.0.113.7:51234" → "203.0.113.7"; "[2001:db8::1]:443" → "2001:db8::1"; an address alone stays.
std::string host_of(const std::string& address) {
  if (!address.empty() && address.front() == '[') {
    const auto close = address.find(']');
    return close == std::string::npos ? address : address.substr(1, close - 1);
  }
  const auto colon = address.find(':');
  if (colon != std::string::npos && address.find(':', colon + 1) == std::string::npos) return address.substr(0, colon);
  return address;
}

// Whether `text` is an IPv4 or IPv6 address.
bool is_address(const std::string& text) {
  std::array<unsigned char, 16> bytes{};
  return inet_pton(AF_INET, text.c_str(), bytes.data()) == 1 || inet_pton(AF_INET6, text.c_str(), bytes.data()) == 1;
}

constexpr std::uint32_t kMaxKeepOutMinutes = 7 * 24 * 60;
constexpr std::uint32_t kMaxUndoMinutes = 24 * 60;

}  // namespace

grpc::ServerUnaryReactor* OperatorService::RecentActions(grpc::CallbackServerContext* context,
                                                         const v1::RecentActionsRequest* request,
                                                         v1::RecentActionList* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  if (!authorised(context, reactor)) return reactor;
  if (history_ == nullptr) {
    return finished(reactor, grpc::Status(grpc::StatusCode::FAILED_PRECONDITION, "this server keeps no action history"));
  }
  RecentFilter filter;
  filter.session = request->session_id();
  if (!request->address().empty()) {
    const std::string host = host_of(request->address());
    if (!is_address(host)) return finished(reactor, invalid("'" + request->address() + "' is not an address"));
    const std::string key = admission_ != nullptr ? admission_->key_of(host) : host;
    filter.visitor = visitor_of(host, key);
    if (filter.visitor == 0) {
      return finished(reactor, invalid("this machine's own viewers are told apart by session, not address"));
    }
  }
  if (request->minutes() > 0) {
    const auto now = std::chrono::system_clock::now().time_since_epoch();
    filter.since_ms = std::chrono::duration_cast<std::chrono::milliseconds>(now).count() -
                      static_cast<std::int64_t>(request->minutes()) * 60'000;
  }
  for (const RecentAction& r : history_->recent(filter)) {
    v1::RecentAction& to = *response->add_actions();
    to.set_at_ms(r.at_ms);
    to.set_tick(r.tick);
    to.set_session_id(r.session);
    to.set_world(stream::to_proto(r.world));
    to.set_what(r.what);
    to.set_accepted(r.accepted);
    to.set_code(r.code);
  }
  reactor->Finish(grpc::Status::OK);
  return reactor;
}

grpc::ServerUnaryReactor* OperatorService::Undo(grpc::CallbackServerContext* context, const v1::UndoRequest* request,
                                                v1::ActionReply* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  if (!authorised(context, reactor)) return reactor;
  if (history_ == nullptr) {
    return finished(reactor, grpc::Status(grpc::StatusCode::FAILED_PRECONDITION, "this server keeps no action history"));
  }
  if (request->minutes() == 0 || request->minutes() > kMaxUndoMinutes) {
    return finished(reactor, invalid("minutes: 1 to " + std::to_string(kMaxUndoMinutes)));
  }
  RecentFilter filter;
  filter.session = request->session_id();
  if (!request->address().empty()) {
    const std::string host = host_of(request->address());
    if (!is_address(host)) return finished(reactor, invalid("'" + request->address() + "' is not an address"));
    filter.visitor = visitor_of(host, admission_ != nullptr ? admission_->key_of(host) : host);
    if (filter.visitor == 0) return finished(reactor, invalid("this machine's own viewers are undone by session"));
  }
  if (filter.session == 0 && filter.visitor == 0) return finished(reactor, invalid("name a session or an address"));
  const auto now = std::chrono::system_clock::now().time_since_epoch();
  filter.since_ms = std::chrono::duration_cast<std::chrono::milliseconds>(now).count() -
                    static_cast<std::int64_t>(request->minutes()) * 60'000;
  // Its sessions of that time, and each world's settings before its first change then.
  sim::TakeAway who;
  who.visitor = filter.visitor;
  std::map<sim::WorldKind, std::vector<sim::SettingValue>> before;
  for (const RecentAction& r : history_->recent(filter)) {
    if (r.session != 0 && std::find(who.sessions.begin(), who.sessions.end(), r.session) == who.sessions.end()) {
      who.sessions.push_back(r.session);
    }
    if (r.accepted && !r.settings_before.empty()) before.try_emplace(r.world_settings, r.settings_before);
  }
  if (filter.session != 0 && who.sessions.empty()) who.sessions.push_back(filter.session);
  for (auto& [world, values] : before) {
    sim::Action back{sim::kOperator, 0, sim::SettingsChange{world, std::move(values), std::nullopt}, world};
    if (!actions_.push(std::move(back))) {
      return finished(reactor, grpc::Status(grpc::StatusCode::RESOURCE_EXHAUSTED, "the meadow is busy; try again"));
    }
  }
  logger()->info("the operator undoes {} minutes of {} ({} sessions, {} worlds' settings)", request->minutes(),
                 filter.session != 0 ? "session " + std::to_string(filter.session) : host_of(request->address()),
                 who.sessions.size(), before.size());
  return act(reactor, std::move(who), kMeadowWide, response);
}

grpc::ServerUnaryReactor* OperatorService::KeepOut(grpc::CallbackServerContext* context,
                                                   const v1::KeepOutRequest* request, v1::ActionReply* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  if (!authorised(context, reactor)) return reactor;
  if (admission_ == nullptr) {
    return finished(reactor, grpc::Status(grpc::StatusCode::FAILED_PRECONDITION, "this server keeps no one out"));
  }
  const std::string host = host_of(request->address());
  if (!is_address(host)) return finished(reactor, invalid("'" + request->address() + "' is not an address"));
  const std::uint64_t seconds = std::uint64_t{request->minutes()} * 60 + request->seconds();
  if (seconds == 0 || seconds > std::uint64_t{kMaxKeepOutMinutes} * 60) {
    return finished(reactor, invalid("a while: 1 s to " + std::to_string(kMaxKeepOutMinutes) + " minutes"));
  }
  const std::time_t until = std::time(nullptr) + static_cast<std::time_t>(seconds);
  std::tm local{};
  localtime_r(&until, &local);
  char until_text[16];
  std::strftime(until_text, sizeof until_text, "%H:%M", &local);
  const std::string key = admission_->keep_out(
      host, std::chrono::steady_clock::now() + std::chrono::seconds(seconds), until_text);
  // Its viewers here go now, told why (a viewer behind an edge goes when the edge next asks).
  std::size_t closed = 0;
  for (const SessionInfo& s : hub_.sessions()) {
    if (!s.edge.empty() || admission_->key_of(host_of(s.address)) != key) continue;
    hub_.send_to(s.id, std::make_shared<const std::string>(stream::notice_message(
                           v1::Notice::LEVEL_WARNING, "kept_out",
                           std::string("The meadow's keeper has kept your address out until ") + until_text + ".")));
    if (hub_.close(s.id, "kept out by the meadow's keeper")) ++closed;
  }
  logger()->info("the operator keeps {} out for {} s (until {}): {} viewers closed", key, seconds, until_text, closed);
  if (write_keep_out_) {
    const auto now_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                            std::chrono::system_clock::now().time_since_epoch()).count();
    write_keep_out_(host, now_ms + static_cast<std::int64_t>(seconds) * 1000);
  }
  response->set_accepted(true);
  response->set_reason(key + " is kept out until " + until_text + "; " + std::to_string(closed) + " viewers closed");
  reactor->Finish(grpc::Status::OK);
  return reactor;
}

grpc::ServerUnaryReactor* OperatorService::LimitReplays(grpc::CallbackServerContext* context,
                                                        const v1::ReplayLimitRequest* request, v1::ActionReply* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  if (!authorised(context, reactor)) return reactor;
  if (replays_ == nullptr) {
    return finished(reactor, grpc::Status(grpc::StatusCode::FAILED_PRECONDITION,
                                          "this server replays no nights (it needs --state-dir)"));
  }
  if (request->most() > kMostReplaysCeiling) return finished(reactor, invalid("most: 0 to " + std::to_string(kMostReplaysCeiling)));
  replays_->set_most(request->most());
  logger()->info("the operator lets {} replays of the night run at once", request->most());
  response->set_accepted(true);
  response->set_reason("at most " + std::to_string(request->most()) + " replays at once");
  reactor->Finish(grpc::Status::OK);
  return reactor;
}

}  // namespace meadow::net
