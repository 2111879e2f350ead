#include "net/operator_service.hpp"

#include "net/operator_replies.hpp"

#include <grpcpp/alarm.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cmath>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "net/log_throttle.hpp"
#include "net/logger.hpp"
#include "net/secret.hpp"
#include "stream/settings_mapping.hpp"
#include "stream/proto_mapping.hpp"
#include "stream/trails_mapping.hpp"
#include "stream/client_input.hpp"
#include "stream/world_mapping.hpp"
#include "net/address_key.hpp"

#include <arpa/inet.h>
#include <array>
#include <ctime>

namespace meadow::net {

namespace {

// The shortest interval a status watch may ask for.
constexpr std::uint32_t kMinWatchIntervalMs = 100;

bool finite_point(const v1::Vec2& p) { return std::isfinite(p.x()) && std::isfinite(p.y()); }

// Streams the status every interval until the caller cancels or a write fails.
//
// Lifetime: the watch owns itself (self_) until OnDone, and an alarm callback holds a reference
// while it runs. An alarm that fires just as the call ends (Cancel does not wait for a callback
// already under way) then finds the watch alive and done, or gone, instead of freed memory.
class StatusWatch final : public grpc::ServerWriteReactor<v1::Status>, public std::enable_shared_from_this<StatusWatch> {
 public:
  static StatusWatch* start(const OperatorService& service, const EventFeed& events, std::chrono::milliseconds interval) {
    auto watch = std::shared_ptr<StatusWatch>(new StatusWatch(service, events, interval));
    watch->self_ = watch;
    watch->write_next();
    return watch.get();
  }

  void OnWriteDone(bool ok) override {
    if (!ok) return finish(grpc::Status::OK);
    std::lock_guard lock(mutex_);
    if (done_) return;
    // The alarm keeps its callback until it is set again or destroyed: a strong reference in it
    // would keep the watch alive for ever (a cycle through alarm_). A weak one, locked for the
    // callback's length, keeps it alive just while the callback runs.
    alarm_.Set(std::chrono::system_clock::now() + interval_, [weak = weak_from_this()](bool fired) {
      if (const auto self = weak.lock(); self && fired) self->write_next();
    });
  }
  void OnCancel() override {
    alarm_.Cancel();
    finish(grpc::Status::CANCELLED);
  }
  void OnDone() override {
    std::shared_ptr<StatusWatch> self;
    {
      std::lock_guard lock(mutex_);
      done_ = true;  // also for an alarm callback still to come: it writes nothing
      self = std::move(self_);
    }
    alarm_.Cancel();
    // `self` may be the last reference: this object may end with this function.
  }

 private:
  StatusWatch(const OperatorService& service, const EventFeed& events, std::chrono::milliseconds interval)
      : service_(service), events_(events), interval_(interval), cursor_(events.cursor()) {}

  void write_next() {
    std::lock_guard lock(mutex_);
    if (done_) return;
    status_.Clear();
    service_.fill_status(status_);
    fresh_.clear();
    status_.set_events_missed(events_.read(cursor_, fresh_));
    for (const std::string& bytes : fresh_) {
      if (!status_.add_events()->ParseFromString(bytes)) status_.mutable_events()->RemoveLast();
    }
    StartWrite(&status_);
  }
  void finish(const grpc::Status& status) {
    std::lock_guard lock(mutex_);
    if (done_) return;
    done_ = true;
    Finish(status);
  }

  const OperatorService& service_;
  const EventFeed& events_;
  const std::chrono::milliseconds interval_;
  std::uint64_t cursor_;
  std::vector<std::string> fresh_;
  std::mutex mutex_;
  bool done_ = false;
  v1::Status status_;
  grpc::Alarm alarm_;
  std::shared_ptr<StatusWatch> self_;
};

// What Clear calls the land's rocks, in any world; and the longest name a clearing may carry.
constexpr std::string_view kClearRocks = "rocks";
constexpr std::size_t kMaxClearName = 64;

}  // namespace

OperatorService::OperatorService(const OperatorConfig& config, Hub& hub, stream::ActionQueue& actions, Metrics& metrics)
    : hub_(hub),
      actions_(actions),
      metrics_(metrics),
      expected_(config.token.empty() ? std::string() : "Bearer " + config.token),
      server_version_(config.server_version),
      settings_schemas_(config.settings_schemas),
      clearables_(config.clearables),
      snapshots_(config.snapshots),
      trails_(config.trails),
      care_(config.care),
      history_(config.history),
      admission_(config.admission),
      replays_(config.replays),
      write_keep_out_(config.write_keep_out) {}

bool OperatorService::token_matches(grpc::CallbackServerContext* context) const {
  if (expected_.empty()) return true;
  const auto& metadata = context->client_metadata();
  const auto it = metadata.find("authorization");
  if (it == metadata.end()) return false;
  return same_secret(std::string_view(it->second.data(), it->second.size()), expected_);
}

bool OperatorService::authorised(grpc::CallbackServerContext* context, grpc::ServerUnaryReactor* reactor) const {
  if (token_matches(context)) return true;
  warn_throttled("operator token", "operator call from {} refused: missing or wrong token", context->peer());
  reactor->Finish(grpc::Status(grpc::StatusCode::UNAUTHENTICATED,
                               "an operator token is needed: metadata 'authorization: Bearer <token>'"));
  return false;
}

void OperatorService::fill_status(v1::Status& out) const {
  out.set_server_version(server_version_);
  out.set_uptime_seconds(std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count());
  out.set_viewers(static_cast<std::uint32_t>(hub_.session_count()));
  out.set_bytes_sent(metrics_.sent_bytes_total.load(std::memory_order_relaxed));
  out.set_frames_built(metrics_.frames_total.load(std::memory_order_relaxed));
  for (const EdgeSummary& e : hub_.edges()) {
    v1::EdgeSummary& to = *out.add_edges();
    to.set_name(e.name);
    to.set_viewers(static_cast<std::uint32_t>(e.viewers));
  }
  const auto status = hub_.status();
  if (!status) return;  // before the first frame
  out.set_tick(status->tick);
  out.set_ticks_per_second(status->ticks_per_second);
  out.set_frame_build_ms(status->frame_build_seconds * 1e3);
  out.set_tick_p99_ms(status->tick_p99_seconds * 1e3);
  for (const WorldStatus& w : status->worlds) {
    v1::WorldStatus& to = *out.add_worlds();
    to.set_name(std::string(sim::world_name(w.kind)));
    to.set_world(stream::to_proto(w.kind));
    to.set_engine(w.engine);
    to.set_step_ms(w.step_seconds * 1e3);
    for (const auto& [name, value] : w.figures) (*to.mutable_figures())[name] = value;
    if (const sim::SettingsSchema* schema = sim::schema_of(settings_schemas_, w.kind)) {
      stream::to_proto(*schema, *to.mutable_settings_schema());
    }
    for (const sim::WorldClearables& c : clearables_) {
      if (c.world != w.kind) continue;
      for (const std::string& name : c.names) to.add_clearables(name);
    }
    for (const sim::SettingValue& v : w.settings) {
      v1::SettingValue& value = *to.add_settings();
      value.set_name(v.name);
      value.set_value(v.value);
    }
  }
  if (care_ != nullptr) {
    for (const CareRuleState& r : care_->rules()) {
      v1::CareRuleStatus& to = *out.add_care();
      to.set_rule(r.name);
      to.set_on(r.on);
      to.set_wait_seconds(r.wait_seconds);
      to.set_decisions(r.decisions);
    }
    out.set_closed(care_->closed());
  }
  if (replays_ != nullptr) {
    const ReplayControl::Counts counts = replays_->counts();
    v1::ReplayStatus& to = *out.mutable_replays();
    to.set_running(counts.running);
    to.set_most(counts.most);
    to.set_refused(counts.refused);
  }
  out.set_rocks(status->rocks);
  stream::to_proto(status->locks, *out.mutable_locks());
  out.set_paused(status->paused);
  if (status->save) {
    const SaveStatus& s = *status->save;
    v1::SaveStatus& to = *out.mutable_save();
    to.set_saving(s.saving);
    to.set_problem(s.problem);
    to.set_last_snapshot_tick(s.last_snapshot_tick);
    to.set_last_snapshot_at_ms(s.last_snapshot_at_ms);
    to.set_last_snapshot_bytes(s.last_snapshot_bytes);
    to.set_last_snapshot_ms(s.last_snapshot_seconds * 1e3);
    to.set_records_written(s.records_written);
    to.set_records_dropped(s.records_dropped);
  }
}

namespace {

void snapshot_row_to_proto(const SnapshotRow& from, v1::SnapshotInfo& to) {
  to.set_id(from.id);
  to.set_name(from.name);
  to.set_tick(from.tick);
  to.set_saved_at_ms(from.saved_at_ms);
  to.set_size(from.size);
  to.set_timeline(from.timeline);
}

// The furthest back a rewind goes by minutes (a day; the journal may keep less).
constexpr std::uint32_t kMostRewindMinutes = 24 * 60;

const grpc::Status kNoSavedState(grpc::StatusCode::FAILED_PRECONDITION,
                            "this server keeps no state: start it with --state-dir to save and restore the meadow");

// A snapshot's name: what a person can type, and short (it is a key in the store).
constexpr std::size_t kMaxSnapshotName = 64;
bool good_snapshot_name(const std::string& name) {
  if (name.size() > kMaxSnapshotName || (!name.empty() && name.front() == '#')) return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-' || c == '_' || c == '.';
  });
}

void snapshot_answer_to_proto(const SnapshotAnswer& a, v1::SnapshotReply& to) {
  to.set_ok(a.ok);
  to.set_reason(a.reason);
  if (a.ok) snapshot_row_to_proto(a.snapshot, *to.mutable_snapshot());
  to.set_tick(a.tick);
  to.set_said(a.said);
}

}  // namespace

grpc::ServerUnaryReactor* OperatorService::Save(grpc::CallbackServerContext* context, const v1::SaveRequest* request,
                                                v1::SnapshotReply* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  if (!authorised(context, reactor)) return reactor;
  if (snapshots_ == nullptr) {
    reactor->Finish(kNoSavedState);
    return reactor;
  }
  if (!good_snapshot_name(request->name())) {
    reactor->Finish(grpc::Status(grpc::StatusCode::INVALID_ARGUMENT,
                                 "a snapshot's name is up to 64 letters, digits, '-', '_' or '.'"));
    return reactor;
  }
  snapshots_->save(request->name(), [reactor, response](const SnapshotAnswer& a) {
    snapshot_answer_to_proto(a, *response);
    reactor->Finish(grpc::Status::OK);
  });
  return reactor;
}

grpc::ServerUnaryReactor* OperatorService::Restore(grpc::CallbackServerContext* context,
                                                   const v1::RestoreRequest* request, v1::SnapshotReply* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  if (!authorised(context, reactor)) return reactor;
  if (snapshots_ == nullptr) {
    reactor->Finish(kNoSavedState);
    return reactor;
  }
  if (request->name().empty() || request->name().size() > kMaxSnapshotName + 1) {
    reactor->Finish(grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, "name the snapshot to restore (or #ID)"));
    return reactor;
  }
  snapshots_->restore(request->name(), [reactor, response](const SnapshotAnswer& a) {
    snapshot_answer_to_proto(a, *response);
    reactor->Finish(grpc::Status::OK);
  });
  return reactor;
}

grpc::ServerUnaryReactor* OperatorService::Rewind(grpc::CallbackServerContext* context,
                                                  const v1::RewindRequest* request, v1::SnapshotReply* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  if (!authorised(context, reactor)) return reactor;
  if (snapshots_ == nullptr) {
    reactor->Finish(kNoSavedState);
    return reactor;
  }
  const auto now_ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
  std::int64_t to_ms = request->to_ms();
  if (request->minutes_back() != 0) {
    if (request->to_ms() != 0 || request->minutes_back() > kMostRewindMinutes) {
      reactor->Finish(grpc::Status(grpc::StatusCode::INVALID_ARGUMENT,
                                   "a moment (to_ms) or minutes back (1 to " + std::to_string(kMostRewindMinutes) + "), not both"));
      return reactor;
    }
    to_ms = now_ms - std::int64_t{request->minutes_back()} * 60'000;
  }
  if (to_ms <= 0 || to_ms > now_ms) {
    reactor->Finish(grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, "name a moment before now to go back to"));
    return reactor;
  }
  logger()->info("the operator asks the meadow to go back {} s", (now_ms - to_ms) / 1000);
  snapshots_->rewind(to_ms, [reactor, response](const SnapshotAnswer& a) {
    snapshot_answer_to_proto(a, *response);
    reactor->Finish(grpc::Status::OK);
  });
  return reactor;
}

grpc::ServerUnaryReactor* OperatorService::ListSnapshots(grpc::CallbackServerContext* context,
                                                         const v1::ListSnapshotsRequest* /*request*/,
                                                         v1::SnapshotList* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  if (!authorised(context, reactor)) return reactor;
  if (snapshots_ == nullptr) {
    reactor->Finish(kNoSavedState);
    return reactor;
  }
  snapshots_->list([reactor, response](const std::vector<SnapshotRow>& rows, const std::string& error) {
    if (!error.empty()) {
      reactor->Finish(grpc::Status(grpc::StatusCode::UNAVAILABLE, error));
      return;
    }
    for (const SnapshotRow& row : rows) snapshot_row_to_proto(row, *response->add_snapshots());
    reactor->Finish(grpc::Status::OK);
  });
  return reactor;
}

grpc::ServerUnaryReactor* OperatorService::act(grpc::ServerUnaryReactor* reactor, sim::ActionBody body,
                                               sim::WorldKind world, v1::ActionReply* response) {
  sim::Action action{sim::kOperator, 0, std::move(body), world};
  // Answered on the sim thread once applied (Finish may be called from any thread).
  auto reply = [reactor, response](const sim::ActionOutcome& outcome, std::uint64_t tick) {
    response->set_accepted(outcome.accepted);
    response->set_code(outcome.code);
    response->set_reason(outcome.reason);
    response->set_tick(tick);
    reactor->Finish(grpc::Status::OK);
  };
  if (!actions_.push(std::move(action), std::move(reply))) {
    reactor->Finish(grpc::Status(grpc::StatusCode::RESOURCE_EXHAUSTED, "the meadow is busy; try again"));
  }
  return reactor;
}

grpc::ServerUnaryReactor* OperatorService::GetStatus(grpc::CallbackServerContext* context,
                                                     const v1::GetStatusRequest* /*request*/, v1::Status* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  if (!authorised(context, reactor)) return reactor;
  fill_status(*response);
  reactor->Finish(grpc::Status::OK);
  return reactor;
}

grpc::ServerUnaryReactor* OperatorService::change_settings(grpc::ServerUnaryReactor* reactor,
                                                           std::optional<sim::SettingsChange> change,
                                                           v1::ActionReply* response) {
  if (!change) return finished(reactor, invalid("unknown world"));
  const sim::SettingsSchema* schema = sim::schema_of(settings_schemas_, change->world);
  if (schema == nullptr) {
    return finished(reactor, invalid("the " + std::string(sim::world_name(change->world)) +
                                     " has no settings on this server"));
  }
  // The schema's check, as a viewer's change meets it (the meadow checks again, as for every sender).
  if (auto refusal = sim::settings_refusal(*schema, *change)) return finished(reactor, invalid(refusal->text));
  const sim::WorldKind world = change->world;
  return act(reactor, std::move(*change), world, response);
}

grpc::ServerUnaryReactor* OperatorService::ChangeSettings(grpc::CallbackServerContext* context,
                                                          const v1::WorldSettings* request, v1::ActionReply* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  if (!authorised(context, reactor)) return reactor;
  return change_settings(reactor, stream::from_proto(*request), response);
}

grpc::ServerUnaryReactor* OperatorService::SetLocks(grpc::CallbackServerContext* context, const v1::Locks* request,
                                                    v1::ActionReply* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  if (!authorised(context, reactor)) return reactor;
  return act(reactor, sim::SetLocks{stream::from_proto(*request)}, kMeadowWide, response);
}

grpc::ServerUnaryReactor* OperatorService::PlaceRock(grpc::CallbackServerContext* context,
                                                     const v1::PlaceRockRequest* request, v1::ActionReply* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  if (!authorised(context, reactor)) return reactor;
  if (!finite_point(request->position())) return finished(reactor, invalid("position must be finite"));
  const sim::Vec2 at = stream::from_proto(request->position());
  return act(reactor, sim::RockTap{at}, kMeadowWide, response);
}

grpc::ServerUnaryReactor* OperatorService::RemoveRock(grpc::CallbackServerContext* context,
                                                      const v1::RemoveRockRequest* request, v1::ActionReply* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  if (!authorised(context, reactor)) return reactor;
  // A rock is removed by a tap on it: find where it is now.
  const LandSnapshot land = hub_.land();
  const auto& rocks = land->rocks();
  const auto it = std::find_if(rocks.begin(), rocks.end(), [&](const sim::Rock& r) { return r.id == request->rock_id(); });
  if (it == rocks.end()) {
    return finished(reactor, grpc::Status(grpc::StatusCode::NOT_FOUND,
                                          "no rock " + std::to_string(request->rock_id()) + " on the land"));
  }
  return act(reactor, sim::RockTap{it->center}, kMeadowWide, response);
}

grpc::ServerUnaryReactor* OperatorService::ClearRocks(grpc::CallbackServerContext* context,
                                                      const v1::ClearRocksRequest* /*request*/, v1::ActionReply* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  if (!authorised(context, reactor)) return reactor;
  return act(reactor, sim::ClearRocks{}, kMeadowWide, response);
}

grpc::ServerUnaryReactor* OperatorService::SetCare(grpc::CallbackServerContext* context,
                                                   const v1::CareRequest* request, v1::ActionReply* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  if (!authorised(context, reactor)) return reactor;
  if (care_ == nullptr) {
    return finished(reactor, grpc::Status(grpc::StatusCode::FAILED_PRECONDITION, "this server has no caretaker"));
  }
  if (!care_->set(request->rule(), request->on())) {
    return finished(reactor, invalid("no caretaker rule is called '" + request->rule() + "': drift, rocks, revive, hours"));
  }
  logger()->info("the operator turned the caretaker's {} rule {}", request->rule(), request->on() ? "on" : "off");
  response->set_accepted(true);
  reactor->Finish(grpc::Status::OK);
  return reactor;
}

grpc::ServerUnaryReactor* OperatorService::Act(grpc::CallbackServerContext* context, const v1::ActRequest* request,
                                               v1::ActionReply* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  if (!authorised(context, reactor)) return reactor;
  sim::WorldKind world{};
  if (!stream::world_from_proto(request->world(), world)) return finished(reactor, invalid("unknown world"));
  // Checked as a viewer's tool is (a known tool and phase, a finite point in the world); the
  // meadow then applies it as the operator's, without the viewers' caps and cooldowns.
  stream::ClientInput input = stream::parse_tool_action(request->tool(), hub_.land()->world(), sim::kOperator);
  if (const auto* rejection = std::get_if<stream::Rejection>(&input)) return finished(reactor, invalid(rejection->text));
  return act(reactor, std::move(std::get<sim::Action>(input).body), world, response);
}

grpc::ServerUnaryReactor* OperatorService::Clear(grpc::CallbackServerContext* context,
                                                 const v1::ClearRequest* request, v1::ActionReply* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  if (!authorised(context, reactor)) return reactor;
  sim::WorldKind world{};
  if (!stream::world_from_proto(request->world(), world)) return finished(reactor, invalid("unknown world"));
  if (request->what() == kClearRocks) return act(reactor, sim::ClearRocks{}, world, response);
  if (request->what().empty() || request->what().size() > kMaxClearName) {
    return finished(reactor, invalid("name what to clear: one of the world's clearables, or rocks"));
  }
  return act(reactor, sim::Clear{request->what()}, world, response);
}

grpc::ServerUnaryReactor* OperatorService::ListViewers(grpc::CallbackServerContext* context,
                                                       const v1::ListViewersRequest* /*request*/,
                                                       v1::ViewerList* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  if (!authorised(context, reactor)) return reactor;
  for (const SessionInfo& s : hub_.sessions()) {
    v1::ViewerInfo& v = *response->add_viewers();
    v.set_session_id(s.id);
    v.set_address(s.address);
    v.set_world(stream::to_proto(s.world));
    v.set_connected_seconds(s.connected_seconds);
    v.set_bytes_sent(s.bytes_sent);
    v.set_frames_sent(s.frames_sent);
    v.set_frames_dropped(s.frames_dropped);
    v.set_edge(s.edge);
  }
  reactor->Finish(grpc::Status::OK);
  return reactor;
}

grpc::ServerUnaryReactor* OperatorService::CloseViewer(grpc::CallbackServerContext* context,
                                                       const v1::CloseViewerRequest* request, v1::ActionReply* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  if (!authorised(context, reactor)) return reactor;
  if (!hub_.close(request->session_id(), "closed by the operator")) {
    reactor->Finish(grpc::Status(grpc::StatusCode::NOT_FOUND,
                                 "no viewer " + std::to_string(request->session_id()) + " is connected"));
    return reactor;
  }
  logger()->info("operator closed session {}", request->session_id());
  response->set_accepted(true);
  response->set_tick(hub_.latest_tick());
  reactor->Finish(grpc::Status::OK);
  return reactor;
}

grpc::ServerUnaryReactor* OperatorService::Pause(grpc::CallbackServerContext* context,
                                                 const v1::PauseRequest* /*request*/, v1::ActionReply* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  if (!authorised(context, reactor)) return reactor;
  return act(reactor, sim::SetPaused{true}, kMeadowWide, response);
}

grpc::ServerUnaryReactor* OperatorService::Resume(grpc::CallbackServerContext* context,
                                                  const v1::ResumeRequest* /*request*/, v1::ActionReply* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  if (!authorised(context, reactor)) return reactor;
  return act(reactor, sim::SetPaused{false}, kMeadowWide, response);
}

grpc::ServerWriteReactor<v1::Status>* OperatorService::WatchStatus(grpc::CallbackServerContext* context,
                                                                   const v1::WatchStatusRequest* request) {
  if (!token_matches(context)) {
    warn_throttled("operator token", "operator watch from {} refused: missing or wrong token", context->peer());
    // A reactor that only finishes.
    class RefusedWatch final : public grpc::ServerWriteReactor<v1::Status> {
     public:
      RefusedWatch() {
        Finish(grpc::Status(grpc::StatusCode::UNAUTHENTICATED,
                            "an operator token is needed: metadata 'authorization: Bearer <token>'"));
      }
      void OnDone() override { delete this; }
    };
    return new RefusedWatch();
  }
  const std::uint32_t asked = request->interval_ms() == 0 ? 500 : request->interval_ms();
  return StatusWatch::start(*this, hub_.events(),
                            std::chrono::milliseconds(std::clamp<std::uint32_t>(asked, kMinWatchIntervalMs, 10'000)));
}

grpc::ServerUnaryReactor* OperatorService::RecordTrails(grpc::CallbackServerContext* context,
                                                        const v1::TrailsRequest* request, v1::Trails* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  if (!authorised(context, reactor)) return reactor;
  if (trails_ == nullptr) {
    reactor->Finish(grpc::Status(grpc::StatusCode::UNAVAILABLE, "this server records no trails"));
    return reactor;
  }
  const std::optional<sim::TrailPlan> plan = stream::trail_plan(*request);
  if (!plan) {
    reactor->Finish(grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, "trails: " + stream::trail_limits_text()));
    return reactor;
  }
  trails_->record(sim::TrailSlot::operator_slot, *plan, [reactor, response](const TrailsAnswer& a) {
    if (!a.ok) {
      reactor->Finish(grpc::Status(grpc::StatusCode::FAILED_PRECONDITION, a.reason));
      return;
    }
    stream::to_proto(a.trails, a.plan, a.world, a.tick, *response);
    reactor->Finish(grpc::Status::OK);
  });
  return reactor;
}

}  // namespace meadow::net
